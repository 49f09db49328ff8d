/*
 * One page per screen that is loaded on demand: index.html with links that make the browser fetch
 * that screen's scripts and styles at once, beside the main script, instead of only after the main
 * script has run and asked for them. The server answers a visit to /login with pages/login.html
 * (server/app.ts), so on a first visit the screen's code arrives while the main script is still
 * downloading and running (at low priority, so that it does not hold back the first paint). The
 * screens and their paths are read from the router's table
 * (web/src/app/routes.tsx): `{ path: '/login', ...page(() => import('../features/auth/LoginPage')) }`.
 * A screen that opens with public data also names those calls (SCREEN_DATA), so they start with
 * the page too.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { SCREEN_DATA, screenPageFile } from '../../contracts/screen-pages.js';

const ROUTE = /path: '([^']+)',\s*\.\.\.page\(\s*\(\) => import\('([^']+)'\)/g;

interface Chunk {
  imports: string[];
  css: string[];
}

export function screenPages(routesFile: string): Plugin {
  let outDir = '';
  const chunks = new Map<string, Chunk>();
  const entries = new Map<string, string>(); // source module (without extension) → its chunk's file
  return {
    name: 'screen-pages',
    apply: 'build',
    configResolved: (config) => void (outDir = resolve(config.root, config.build.outDir)),
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const css = [...((output as { viteMetadata?: { importedCss?: Set<string> } }).viteMetadata?.importedCss ?? [])];
        chunks.set(output.fileName, { imports: output.imports, css });
        if (output.isDynamicEntry && output.facadeModuleId) entries.set(output.facadeModuleId.replace(/\.[jt]sx?$/, ''), output.fileName);
      }
    },
    closeBundle: {
      order: 'pre',
      sequential: true,
      handler() {
        const template = readFileSync(join(outDir, 'index.html'), 'utf8');
        const inIndex = new Set([...template.matchAll(/(?:href|src)="\/([^"]+)"/g)].map((m) => m[1]));
        const routes = [...readFileSync(routesFile, 'utf8').matchAll(ROUTE)];
        if (routes.length === 0) throw new Error(`screen-pages: no screens found in ${routesFile}`);
        for (const [, path, source] of routes) {
          const pageFile = screenPageFile(path);
          if (!pageFile) continue; // a path with parameters: index.html
          const file = entries.get(resolve(dirname(routesFile), source));
          if (!file) throw new Error(`screen-pages: no chunk for ${source} (${path})`);
          // The screen's chunk and every chunk it imports, each once, and their styles.
          const scripts = new Set<string>();
          const styles = new Set<string>();
          const visit = (name: string) => {
            if (scripts.has(name) || inIndex.has(name)) return;
            scripts.add(name);
            const chunk = chunks.get(name);
            chunk?.css.forEach((css) => inIndex.has(css) || styles.add(css));
            chunk?.imports.forEach(visit);
          };
          visit(file);
          const links = [
            // Low priority: fetched at once, but after the main script and the styles, which the first
            // paint waits for; the screen's code cannot run before the main script has anyway.
            // A chunk that held only styles is dropped by Vite after this plugin saw it: its styles
            // are linked below, and a link to its script would fail.
            ...[...scripts].filter((s) => existsSync(join(outDir, s))).map((s) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${s}">`),
            ...[...styles].map((s) => `<link rel="stylesheet" crossorigin href="/${s}">`),
            // Sent with the session's cookies, as the app's own calls are, so the app's call takes it.
            ...(SCREEN_DATA[path] ?? []).map((url) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${url}">`),
          ].join('\n    ');
          const page = template.replace('</head>', `  ${links}\n</head>`);
          const target = join(outDir, pageFile);
          mkdirSync(dirname(target), { recursive: true });
          writeFileSync(target, page);
        }
      },
    },
  };
}
