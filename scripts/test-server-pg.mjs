// Runs the server suite on PostgreSQL: on the database TEST_DATABASE_URL names, or else on a fresh
// database on a local server when one answers at localhost:5432 (dropped afterwards). Concurrency
// tests prove something only there, where requests really overlap.
import { spawnSync } from 'node:child_process';
import pg from 'pg';

const LOCAL = 'postgres://postgres@localhost:5432/postgres';

async function localDatabase() {
  const admin = new pg.Client({ connectionString: process.env.TEST_PG_ADMIN_URL || LOCAL, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `rupee_test_${Date.now()}_${process.pid}`;
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } catch (err) {
    console.log(`Server suite on PostgreSQL: skipped (the local server refused CREATE DATABASE: ${err.message}).`);
    await admin.end();
    return null;
  }
  await admin.end();
  const url = new URL(process.env.TEST_PG_ADMIN_URL || LOCAL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const again = new pg.Client({ connectionString: process.env.TEST_PG_ADMIN_URL || LOCAL });
      await again.connect();
      // Each test worker made its own database next to this one (tests/helpers/db.ts).
      const { rows } = await again.query(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [`${name}%`]);
      for (const { datname } of rows) await again.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
      await again.end();
    },
  };
}

let url = process.env.TEST_DATABASE_URL;
let local = null;
if (!url) {
  local = await localDatabase();
  if (!local) {
    console.log('Server suite on PostgreSQL: skipped (no TEST_DATABASE_URL and no local server at localhost:5432).');
    process.exit(0);
  }
  url = local.url;
}
console.log(`Server suite on PostgreSQL: ${url.replace(/\/\/[^@/]*@/, '//')}`);
const run = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--project', 'server'], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url },
});
await local?.drop();
process.exit(run.status ?? 1);
