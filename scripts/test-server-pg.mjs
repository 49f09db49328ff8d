// Runs the server suite against PostgreSQL when TEST_DATABASE_URL names a database (CI sets it).
import { spawnSync } from 'node:child_process';

if (!process.env.TEST_DATABASE_URL) {
  console.log('Server suite on PostgreSQL: skipped (set TEST_DATABASE_URL=postgres://… to run it).');
  process.exit(0);
}
const run = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--project', 'server'], { stdio: 'inherit' });
process.exit(run.status ?? 1);
