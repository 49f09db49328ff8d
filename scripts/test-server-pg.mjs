// Runs the server suite on PostgreSQL: on the database TEST_DATABASE_URL names, or else on a fresh
// database on a local server when one answers at localhost:5432 (dropped afterwards). Concurrency
// tests prove something only there, where requests really overlap.
import { spawnSync } from 'node:child_process';
import { IN_CI } from './lib/ci.mjs';
import { scratchDatabase, withoutCredentials } from './lib/scratch-database.mjs';

// On CI these proofs must run: without PostgreSQL the run fails instead of skipping them.
const skip = (why) => {
  if (IN_CI) {
    console.error(`Server suite on PostgreSQL: FAILED: ${why}, and on CI (CI=true) it must run.`);
    process.exit(1);
  }
  console.log(`Server suite on PostgreSQL: skipped (${why}).`);
  process.exit(0);
};
let url = process.env.TEST_DATABASE_URL;
let local = null;
if (!url) {
  try {
    local = await scratchDatabase('rupee_test');
  } catch (err) {
    skip(`the local server refused CREATE DATABASE: ${err.message}`);
  }
  if (!local) {
    skip('no TEST_DATABASE_URL and no local server at localhost:5432');
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
