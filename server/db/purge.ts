import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from './client.js';

/**
 * Runs a DELETE (without RETURNING) and answers how many rows it removed, the same way on
 * PGlite and on PostgreSQL.
 */
export async function deleteCounting(db: DbOrTx, del: SQL): Promise<number> {
  const result = await db.execute(sql`WITH gone AS (${del} RETURNING 1) SELECT count(*)::int AS n FROM gone`);
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}
