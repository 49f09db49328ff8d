import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');
// Any constant works; it keeps two servers starting at once from migrating twice.
const LOCK_KEY = 482_113_907;

/** One session on the database: runs SQL (several statements allowed) and returns the last result's rows. */
export type SqlSession = (sql: string) => Promise<Record<string, unknown>[]>;

/**
 * Applies every `migrations/*.sql` not yet applied, in file-name order, each in its own
 * transaction. Files are append-only: a change to the schema is a new file.
 */
export async function migrate(run: SqlSession, opts: { lock: boolean }): Promise<string[]> {
  const files = readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  if (opts.lock) await run(`SELECT pg_advisory_lock(${LOCK_KEY})`);
  const applied: string[] = [];
  try {
    await run(`CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
    const done = new Set((await run(`SELECT name FROM schema_migrations`)).map((r) => String(r.name)));
    for (const file of files) {
      if (done.has(file)) continue;
      const sql = readFileSync(join(MIGRATIONS_DIR, file), 'utf8');
      try {
        await run(`BEGIN;\n${sql}\n;\nINSERT INTO schema_migrations (name) VALUES ('${file.replace(/'/g, "''")}');\nCOMMIT;`);
      } catch (err) {
        await run('ROLLBACK').catch(() => {});
        throw new Error(`Migration ${file} failed: ${(err as Error).message}`, { cause: err });
      }
      applied.push(file);
    }
  } finally {
    if (opts.lock) await run(`SELECT pg_advisory_unlock(${LOCK_KEY})`);
  }
  return applied;
}
