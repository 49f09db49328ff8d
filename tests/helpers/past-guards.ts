import { sql, type SQL } from 'drizzle-orm';
import type { App } from '../../server/types.js';

/** The triggers of migration 0023 that keep a seed from being replaced, by table. */
const SEED_GUARDS = { color_chains: 'color_chains_seed_kept_update', seed_pairs: 'seed_pairs_seed_kept_update' } as const;

/**
 * Runs `write` on `table` with its seed guard off, as a row written before migration 0023, or by
 * someone who can turn the guard off (the database's owner), would be. In one transaction: no
 * other session ever sees the guard off.
 */
export async function pastSeedGuard(app: App, table: keyof typeof SEED_GUARDS, write: SQL): Promise<void> {
  await app.db.transaction(async (tx) => {
    await tx.execute(sql.raw(`ALTER TABLE ${table} DISABLE TRIGGER ${SEED_GUARDS[table]}`));
    await tx.execute(write);
    await tx.execute(sql.raw(`ALTER TABLE ${table} ENABLE TRIGGER ${SEED_GUARDS[table]}`));
  });
}

/** The database's refusal of `write` (its message), or null when it was written. */
export async function refusal(app: App, write: SQL): Promise<string | null> {
  try {
    await app.db.execute(write);
    return null;
  } catch (err) {
    const e = err as Error & { cause?: Error };
    return e.cause?.message ?? e.message;
  }
}
