import pg from 'pg';
import { openDatabase, type Database } from '../../server/db/client.js';

const KEY = Symbol.for('test.database');
type Holder = { [KEY]?: Promise<Database> };

/**
 * One database per test worker, migrated once: PGlite in memory by default, or a fresh
 * database on the PostgreSQL server named by TEST_DATABASE_URL (one per worker, so workers
 * never see each other's rows).
 */
export function testDatabase(): Promise<Database> {
  const holder = globalThis as Holder;
  holder[KEY] ??= open();
  return holder[KEY]!;
}

/**
 * The worker's database on the PostgreSQL server TEST_DATABASE_URL names (its own, beside the one
 * named), or undefined when the tests run on PGlite.
 */
export function testDatabaseUrl(): string | undefined {
  if (!process.env.TEST_DATABASE_URL) return undefined;
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = `/${url.pathname.slice(1) || 'test'}_w${process.env.VITEST_POOL_ID ?? '0'}`;
  return url.toString();
}

async function open(): Promise<Database> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return openDatabase({ dir: null });
  const url = testDatabaseUrl()!;
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  return openDatabase({ url, poolSize: 30 });
}

/** Empties every table (keeping the migrations record) and restores the rows migrations seed. */
export async function resetDatabase(database: Database): Promise<void> {
  const rows = (await database.db.execute(
    `SELECT string_agg(format('%I', tablename), ', ') AS list FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'schema_migrations'`,
  )) as unknown as { rows: { list: string | null }[] };
  const list = rows.rows[0]?.list;
  if (list) await database.exec(`TRUNCATE ${list} RESTART IDENTITY CASCADE`);
  await database.exec(SEED_SQL);
}

/** Rows that migrations insert; keep in step with server/db/migrations. */
const SEED_SQL = `INSERT INTO ledger_accounts (id, kind) VALUES
  ('00000000-0000-4000-8000-000000000001', 'house'),
  ('00000000-0000-4000-8000-000000000002', 'cash'),
  ('00000000-0000-4000-8000-000000000003', 'promotions');
INSERT INTO spinner_prize_sets (prizes) VALUES (ARRAY['10', '20', 'LOSE', '50', '5', 'LOSE', '100', '15']);`;
