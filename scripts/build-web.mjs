// Builds the web app when its sources changed since the last build (start and cluster use it).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

const OUT = 'dist/web';
const STAMP = join(OUT, '.sources');
// Everything the bundle is made of: the app, the shared contracts, the build settings and the locked packages.
const SOURCES = ['web', 'contracts', 'scripts/vite', 'vite.config.ts', 'tsconfig.json', 'package-lock.json'];

function files(path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => files(join(path, name)));
}

function sourcesHash() {
  const hash = createHash('sha256');
  for (const file of SOURCES.flatMap(files)) hash.update(file).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex');
}

/** Builds the web app into dist/web unless the last build is of the same sources. */
export function ensureWebBuilt() {
  const wanted = sourcesHash();
  const built = existsSync(join(OUT, 'index.html')) && existsSync(STAMP) ? readFileSync(STAMP, 'utf8').trim() : null;
  if (built === wanted) return;
  console.log(built ? 'The web app changed since it was built: building it again...' : 'Building the web app...');
  // Always React's production bundle, whatever NODE_ENV the server itself runs with.
  const vite = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--mode', 'production', '--logLevel', 'warn'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (vite.status !== 0) process.exit(vite.status ?? 1);
  writeFileSync(STAMP, `${wanted}\n`);
}
