import { and, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { users, walletWithdrawals } from '../../db/schema/index.js';
import { requestWhere, type RequestListFilter } from './requests.repo.js';

export type WithdrawalRow = typeof walletWithdrawals.$inferSelect;
export type WithdrawMethod = WithdrawalRow['method'];

export async function insertWithdrawal(
  db: DbOrTx,
  v: { userId: string; amount: number; method: WithdrawMethod; details: Record<string, unknown>; remarks: string | null },
): Promise<WithdrawalRow> {
  const [row] = await db.insert(walletWithdrawals).values(v).returning();
  return row;
}

export async function findWithdrawal(db: DbOrTx, id: string): Promise<WithdrawalRow | undefined> {
  const [row] = await db.select().from(walletWithdrawals).where(eq(walletWithdrawals.id, id));
  return row;
}

/** Conditional on `pending`, so of two concurrent decisions exactly one gets the row. */
export async function decidePendingWithdrawal(
  db: DbOrTx,
  id: string,
  v: { status: 'approved' | 'rejected'; decidedBy: string },
): Promise<WithdrawalRow | undefined> {
  const [row] = await db
    .update(walletWithdrawals)
    .set({ status: v.status, decidedBy: v.decidedBy, decidedAt: new Date() })
    .where(and(eq(walletWithdrawals.id, id), eq(walletWithdrawals.status, 'pending')))
    .returning();
  return row;
}

export interface WithdrawalListItem extends WithdrawalRow {
  fullName: string | null;
  email: string | null;
}

export async function listWithdrawals(db: DbOrTx, f: RequestListFilter<WithdrawMethod>): Promise<{ rows: WithdrawalListItem[]; total: number }> {
  const where = requestWhere(walletWithdrawals, f);
  const rows = await db
    .select({ withdrawal: walletWithdrawals, fullName: users.fullName, email: users.email })
    .from(walletWithdrawals)
    .leftJoin(users, eq(users.id, walletWithdrawals.userId))
    .where(where)
    .orderBy(desc(walletWithdrawals.createdAt), desc(walletWithdrawals.id))
    .limit(f.limit)
    .offset(f.offset);
  const [total] = await db.select({ n: count() }).from(walletWithdrawals).where(where);
  return { rows: rows.map((r) => ({ ...r.withdrawal, fullName: r.fullName, email: r.email })), total: Number(total?.n ?? 0) };
}
