import { and, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { users, walletDeposits } from '../../db/schema/index.js';

export type DepositRow = typeof walletDeposits.$inferSelect;
export type DepositMethod = DepositRow['method'];
export type RequestStatus = DepositRow['status'];

/** Inserts unless the transaction id is already claimed for this method; answers the row or undefined. */
export async function insertDeposit(
  db: DbOrTx,
  v: { userId: string; amount: number; method: DepositMethod; payNumber: string; details: Record<string, unknown>; remarks: string | null },
): Promise<DepositRow | undefined> {
  const [row] = await db.insert(walletDeposits).values(v).onConflictDoNothing().returning();
  return row;
}

export async function findDeposit(db: DbOrTx, id: string): Promise<DepositRow | undefined> {
  const [row] = await db.select().from(walletDeposits).where(eq(walletDeposits.id, id));
  return row;
}

/**
 * Moves a pending deposit to its decision. The `status = 'pending'` condition makes concurrent
 * decisions race on the row lock: exactly one gets the row back, the others get nothing.
 */
export async function decidePendingDeposit(
  db: DbOrTx,
  id: string,
  v: { status: 'approved' | 'rejected'; decidedBy: string; excludeMethod?: DepositMethod },
): Promise<DepositRow | undefined> {
  const [row] = await db
    .update(walletDeposits)
    .set({ status: v.status, decidedBy: v.decidedBy, decidedAt: new Date() })
    .where(
      and(
        eq(walletDeposits.id, id),
        eq(walletDeposits.status, 'pending'),
        v.excludeMethod ? ne(walletDeposits.method, v.excludeMethod) : undefined,
      ),
    )
    .returning();
  return row;
}

/** Approved deposits of a player that credited the wallet (Telegram subscriptions do not), except one. */
export async function countOtherApprovedWalletDeposits(db: DbOrTx, userId: string, exceptId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(walletDeposits)
    .where(
      and(
        eq(walletDeposits.userId, userId),
        eq(walletDeposits.status, 'approved'),
        ne(walletDeposits.method, 'Telegram'),
        ne(walletDeposits.id, exceptId),
      ),
    );
  return Number(row?.n ?? 0);
}

export async function findReferrer(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db.select({ referredBy: users.referredBy }).from(users).where(eq(users.id, userId));
  return row?.referredBy ?? null;
}

export interface DepositListItem extends DepositRow {
  fullName: string | null;
  email: string | null;
}

export async function listDeposits(
  db: DbOrTx,
  f: { methods?: DepositMethod[]; status?: RequestStatus; limit: number; offset: number },
): Promise<{ rows: DepositListItem[]; total: number }> {
  const conditions: SQL[] = [];
  if (f.methods) conditions.push(f.methods.length ? inArray(walletDeposits.method, f.methods) : sql`false`);
  if (f.status) conditions.push(eq(walletDeposits.status, f.status));
  const where = conditions.length ? and(...conditions) : undefined;
  const rows = await db
    .select({ deposit: walletDeposits, fullName: users.fullName, email: users.email })
    .from(walletDeposits)
    .leftJoin(users, eq(users.id, walletDeposits.userId))
    .where(where)
    .orderBy(desc(walletDeposits.createdAt), desc(walletDeposits.id))
    .limit(f.limit)
    .offset(f.offset);
  const [total] = await db.select({ n: count() }).from(walletDeposits).where(where);
  return { rows: rows.map((r) => ({ ...r.deposit, fullName: r.fullName, email: r.email })), total: Number(total?.n ?? 0) };
}
