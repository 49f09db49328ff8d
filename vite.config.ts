import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { screenPages } from './scripts/vite/screen-pages.js';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;

/**
 * Writes a brotli (.br) and a gzip (.gz) copy of every text file of the build, once, at the
 * highest levels: the server sends them as they are (no compression per request).
 */
function precompress(): Plugin {
  let outDir = '';
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? walk(join(dir, name)) : [join(dir, name)]));
  return {
    name: 'precompress',
    apply: 'build',
    configResolved: (config) => void (outDir = resolve(config.root, config.build.outDir)),
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        for (const file of walk(outDir).filter((f) => COMPRESSIBLE.test(f))) {
          const body = readFileSync(file);
          if (body.length < 1024) continue;
          const br = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
          const gz = gzipSync(body, { level: 9 });
          if (br.length < body.length) writeFileSync(`${file}.br`, br);
          if (gz.length < body.length) writeFileSync(`${file}.gz`, gz);
        }
      },
    },
  };
}

/** Paths the service worker leaves to the network: the API, uploads and the server's own pages. */
const SERVER_PATHS = [/^\/api\//, /^\/uploads\//, /^\/socket\.io\//, /^\/healthz/, /^\/my-channels/, /^\/metrics/];

// The single-page app lives in web/ and is built into dist/web, which the server serves.
export default defineConfig({
  root: 'web',
  plugins: [
    react(),
    // Installable: a web app manifest and a service worker that keeps the app shell (the built
    // HTML, scripts, styles and icons) for fast and offline starts. It never caches API answers:
    // only precached files and page navigations are served from it.
    VitePWA({
      registerType: 'autoUpdate',
      // Registered by the app itself a few seconds after the first screen loads
      // (web/src/lib/serviceWorker.ts), so its downloads don't compete with that screen's.
      injectRegister: false,
      includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
      manifest: {
        name: 'Rupee Arcade',
        short_name: 'Rupee Arcade',
        description: 'Play Chicken Road and spin the wheel with a rupee wallet: deposit by UPI or crypto, withdraw any time, every round provably fair.',
        lang: 'en-IN',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        background_color: '#0f1021',
        theme_color: '#0f1021',
        categories: ['games', 'entertainment'],
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        // The screens' own pages only speed up a first visit; the worker answers every page with index.html.
        // The Devanagari font is not fetched ahead for everyone: a Hindi reader's browser keeps it
        // once used (below).
        globIgnores: ['pages/**', 'assets/noto-sans-devanagari-*'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: SERVER_PATHS,
        cleanupOutdatedCaches: true,
        runtimeCaching: [
          {
            urlPattern: /\/assets\/noto-sans-devanagari-[\w-]+\.woff2$/,
            handler: 'CacheFirst',
            options: { cacheName: 'devanagari-font', expiration: { maxEntries: 6 } },
          },
        ],
      },
    }),
    screenPages(resolve(import.meta.dirname, 'web/src/app/routes.tsx')),
    precompress(),
  ],
  // Source maps are written beside the bundle for reading our own stack traces, but the bundle does
  // not name them and a production server does not serve them (server/app.ts).
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    sourcemap: 'hidden',
    rollupOptions: {
      output: {
        // The words every screen reads (lib/i18n and the small modules beside it) as one chunk of
        // the first visit rather than three: each script more is a round trip more on a slow phone.
        codeSplitting: {
          groups: [{ name: 'words', test: /web\/src\/lib\/(i18n|games)\.ts$|web\/src\/locales\/en\.ts$|contracts\/language\.ts$/ }],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/uploads': 'http://localhost:3000',
      '/my-channels': 'http://localhost:3000',
      '/healthz': 'http://localhost:3000',
      '/socket.io': { target: 'http://localhost:3000', ws: true },
    },
  },
});
