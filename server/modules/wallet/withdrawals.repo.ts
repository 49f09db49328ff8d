import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { users, walletWithdrawals } from '../../db/schema/index.js';
import { requestWhere, type RequestListFilter } from './requests.repo.js';

export type WithdrawalRow = typeof walletWithdrawals.$inferSelect;
export type WithdrawMethod = WithdrawalRow['method'];

export async function insertWithdrawal(
  db: DbOrTx,
  v: {
    userId: string;
    amount: number;
    method: WithdrawMethod;
    details: Record<string, unknown>;
    remarks: string | null;
    requestKey: string | null;
    createdAt: Date;
  },
): Promise<WithdrawalRow> {
  const [row] = await db.insert(walletWithdrawals).values(v).returning();
  return row;
}

/** The player's withdrawal request made with this Idempotency-Key, if one was stored. */
export async function findWithdrawalByKey(db: DbOrTx, userId: string, requestKey: string): Promise<WithdrawalRow | undefined> {
  const [row] = await db
    .select()
    .from(walletWithdrawals)
    .where(and(eq(walletWithdrawals.userId, userId), eq(walletWithdrawals.requestKey, requestKey)));
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
  v: { status: 'approved' | 'rejected'; decidedBy: string; now: Date; decisionKey?: string },
): Promise<WithdrawalRow | undefined> {
  const [row] = await db
    .update(walletWithdrawals)
    .set({ status: v.status, decidedBy: v.decidedBy, decidedAt: v.now, decisionKey: v.decisionKey ?? null })
    .where(and(eq(walletWithdrawals.id, id), eq(walletWithdrawals.status, 'pending')))
    .returning();
  return row;
}

export interface WithdrawalListItem extends WithdrawalRow {
  fullName: string | null;
  email: string | null;
  firstApproverName: string | null;
}

export async function listWithdrawals(db: DbOrTx, f: RequestListFilter<WithdrawMethod>): Promise<{ rows: WithdrawalListItem[]; total: number }> {
  const where = requestWhere(walletWithdrawals, f);
  const rows = await db
    .select({
      withdrawal: walletWithdrawals,
      fullName: users.fullName,
      email: users.email,
      firstApproverName: sql<string | null>`(SELECT a.full_name FROM users a WHERE a.id = ${walletWithdrawals.firstApprovedBy})`,
    })
    .from(walletWithdrawals)
    .leftJoin(users, eq(users.id, walletWithdrawals.userId))
    .where(where)
    .orderBy(desc(walletWithdrawals.createdAt), desc(walletWithdrawals.id))
    .limit(f.limit)
    .offset(f.offset);
  const [total] = await db.select({ n: count() }).from(walletWithdrawals).where(where);
  return {
    rows: rows.map((r) => ({ ...r.withdrawal, fullName: r.fullName, email: r.email, firstApproverName: r.firstApproverName })),
    total: Number(total?.n ?? 0),
  };
}

/** The request, locked for the decision that reads it. */
export async function lockWithdrawal(db: DbOrTx, id: string): Promise<WithdrawalRow | undefined> {
  const [row] = await db.select().from(walletWithdrawals).where(eq(walletWithdrawals.id, id)).for('update');
  return row;
}

/** Records the first of two approvals (with the key of the call that gave it); the request stays pending. */
export async function recordFirstApproval(db: DbOrTx, id: string, adminId: string, now: Date, key?: string): Promise<WithdrawalRow> {
  const [row] = await db
    .update(walletWithdrawals)
    .set({ firstApprovedBy: adminId, firstApprovedAt: now, firstApprovalKey: key ?? null })
    .where(and(eq(walletWithdrawals.id, id), eq(walletWithdrawals.status, 'pending')))
    .returning();
  return row;
}

/**
 * For each withdrawal, the paise of its player's other withdrawals paid, or approved once and
 * waiting for a second admin, in the 24 hours before now: the two-admin rule counts them with it.
 * One query for any number of withdrawals.
 */
export async function recentWithdrawalsOf(db: DbOrTx, withdrawalIds: string[], now: Date): Promise<Map<string, number>> {
  if (!withdrawalIds.length) return new Map();
  const result = await db.execute(sql`
    SELECT w.id, coalesce(sum(o.amount), 0) AS total
      FROM wallet_withdrawals w
      LEFT JOIN wallet_withdrawals o ON o.user_id = w.user_id AND o.id <> w.id
       AND ((o.status = 'approved' AND o.decided_at > ${now.toISOString()}::timestamptz - interval '24 hours')
         OR (o.status = 'pending' AND o.first_approved_at > ${now.toISOString()}::timestamptz - interval '24 hours'))
     WHERE w.id IN (${sql.join(
       withdrawalIds.map((id) => sql`${id}::uuid`),
       sql`, `,
     )})
     GROUP BY w.id`);
  return new Map((result as unknown as { rows: { id: string; total: string }[] }).rows.map((r) => [r.id, Number(r.total)]));
}

export interface RiskFacts {
  withdrawalId: string;
  /** Hours since the account was made. */
  accountAgeHours: number;
  /** Paise approved in deposits, and staked in bets, over the 7 days before the request. */
  deposited7d: number;
  staked7d: number;
  /** The most deposits the player requested within any one hour of the last day. */
  depositsInAnHour: number;
  /** Other players who asked for a payout to the same account or address. */
  sharedPayout: number;
  /** Until when an admin's change of the player's password or contact holds their withdrawals. */
  heldUntil: Date | null;
}

/** What the approver should know about each listed request (see riskFlags). */
export async function riskFacts(db: DbOrTx, ids: string[]): Promise<RiskFacts[]> {
  if (!ids.length) return [];
  const result = await db.execute(sql`
    SELECT w.id AS "withdrawalId",
           extract(epoch FROM (w.created_at - u.created_at)) / 3600 AS "accountAgeHours",
           (SELECT coalesce(sum(d.amount), 0) FROM wallet_deposits d
             WHERE d.user_id = w.user_id AND d.status = 'approved' AND d.created_at BETWEEN w.created_at - interval '7 days' AND w.created_at) AS "deposited7d",
           (SELECT coalesce(sum(t.amount), 0) FROM ledger_transfers t JOIN ledger_accounts a ON a.id = t.debit_account_id
             WHERE a.user_id = w.user_id AND a.kind = 'wallet' AND t.kind = 'bet' AND t.created_at BETWEEN w.created_at - interval '7 days' AND w.created_at) AS "staked7d",
           (SELECT coalesce(max(c), 0) FROM (
              SELECT count(*) OVER (ORDER BY d.created_at RANGE BETWEEN interval '1 hour' PRECEDING AND CURRENT ROW) AS c
                FROM wallet_deposits d WHERE d.user_id = w.user_id AND d.created_at BETWEEN w.created_at - interval '1 day' AND w.created_at) x) AS "depositsInAnHour",
           (SELECT count(DISTINCT o.user_id) FROM wallet_withdrawals o
             WHERE o.user_id <> w.user_id
               AND coalesce(o.details->>'accountNumber', o.details->>'address', o.details->>'walletAddress')
                 = coalesce(w.details->>'accountNumber', w.details->>'address', w.details->>'walletAddress')) AS "sharedPayout",
           u.withdrawals_held_until AS "heldUntil"
      FROM wallet_withdrawals w JOIN users u ON u.id = w.user_id
     WHERE w.id IN (${sql.join(
       ids.map((id) => sql`${id}::uuid`),
       sql`, `,
     )})`);
  return (result as unknown as { rows: Record<string, unknown>[] }).rows.map((r) => ({
    withdrawalId: String(r.withdrawalId),
    accountAgeHours: Number(r.accountAgeHours),
    deposited7d: Number(r.deposited7d),
    staked7d: Number(r.staked7d),
    depositsInAnHour: Number(r.depositsInAnHour),
    sharedPayout: Number(r.sharedPayout),
    heldUntil: r.heldUntil ? new Date(r.heldUntil as string) : null,
  }));
}
