import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

// Any constant: it keeps two servers starting at once from both creating the first admin.
const FIRST_ADMIN_LOCK = 482_113_908;

/** Held until the end of the transaction. */
export async function lockFirstAdmin(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${FIRST_ADMIN_LOCK})`);
}
