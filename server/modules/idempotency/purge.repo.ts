import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { deleteCounting } from '../../db/purge.js';

/** How long a money call's answer is replayed for its Idempotency-Key (docs/decisions/0003). */
export const KEY_RETENTION_HOURS = 24;

/**
 * Keys older than the retention window. A repeated call cannot move money twice after that
 * either: every transfer carries its own unique key derived from its cause.
 */
export async function purgeExpired(db: DbOrTx, now: Date): Promise<number> {
  return deleteCounting(
    db,
    sql`DELETE FROM idempotency_keys WHERE created_at < ${now.toISOString()}::timestamptz - make_interval(hours => ${KEY_RETENTION_HOURS})`,
  );
}
