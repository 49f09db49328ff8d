// `npm start`: builds the web app when it has not been built, then runs the server.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { register } from 'tsx/esm/api';

if (!existsSync('dist/web/index.html')) {
  console.log('Building the web app (first start)...');
  const vite = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (vite.status !== 0) process.exit(vite.status ?? 1);
}
register();
await import('../server/index.ts');
