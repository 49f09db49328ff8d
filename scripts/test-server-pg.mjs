// Runs the server suite on PostgreSQL: on the database TEST_DATABASE_URL names, or else on a fresh
// database on a local server when one answers at localhost:5432 (dropped afterwards). Concurrency
// tests prove something only there, where requests really overlap.
import { spawnSync } from 'node:child_process';
import { scratchDatabase, withoutCredentials } from './lib/scratch-database.mjs';

let url = process.env.TEST_DATABASE_URL;
let local = null;
if (!url) {
  try {
    local = await scratchDatabase('rupee_test');
  } catch (err) {
    console.log(`Server suite on PostgreSQL: skipped (the local server refused CREATE DATABASE: ${err.message}).`);
    process.exit(0);
  }
  if (!local) {
    console.log('Server suite on PostgreSQL: skipped (no TEST_DATABASE_URL and no local server at localhost:5432).');
    process.exit(0);
  }
  url = local.url;
}
console.log(`Server suite on PostgreSQL: ${withoutCredentials(url)}`);
const run = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--project', 'server'], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url },
});
// Each test worker made its own database named after this one (tests/helpers/db.ts): dropped too.
await local?.drop();
process.exit(run.status ?? 1);
