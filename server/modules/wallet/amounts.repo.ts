import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { walletFixedAmounts } from '../../db/schema/index.js';

export type FixedAmountKind = 'refer' | 'telegram';
export type FixedAmountRow = typeof walletFixedAmounts.$inferSelect;

export async function listFixedAmounts(db: DbOrTx, kind: FixedAmountKind): Promise<FixedAmountRow[]> {
  return db.select().from(walletFixedAmounts).where(eq(walletFixedAmounts.kind, kind));
}

export async function currentFixedAmount(db: DbOrTx, kind: FixedAmountKind): Promise<FixedAmountRow | undefined> {
  const [row] = await listFixedAmounts(db, kind);
  return row;
}

/** Inserts unless one of this kind exists (a unique index on kind); answers the new row or undefined. */
export async function insertFixedAmount(db: DbOrTx, v: { kind: FixedAmountKind; amount: number; createdBy: string }): Promise<FixedAmountRow | undefined> {
  const [row] = await db.insert(walletFixedAmounts).values(v).onConflictDoNothing().returning();
  return row;
}

export async function deleteFixedAmount(db: DbOrTx, kind: FixedAmountKind, id: string): Promise<FixedAmountRow | undefined> {
  const [row] = await db
    .delete(walletFixedAmounts)
    .where(and(eq(walletFixedAmounts.kind, kind), eq(walletFixedAmounts.id, id)))
    .returning();
  return row;
}
