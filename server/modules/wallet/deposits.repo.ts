import { and, isNotNull, isNull, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { users, walletDeposits } from '../../db/schema/index.js';
import { requestWhere, type RequestListFilter } from './requests.repo.js';

export type DepositRow = typeof walletDeposits.$inferSelect;
export type DepositMethod = DepositRow['method'];

/**
 * Inserts unless the transaction id has a live (pending or approved) claim for this method, or
 * the reference (a UPI request's, whose transaction id comes later) is taken; answers the row, or
 * undefined when it is taken. A rejected claim does not hold the id.
 */
export async function insertDeposit(
  db: DbOrTx,
  v: {
    userId: string;
    amount: number;
    method: DepositMethod;
    payNumber: string | null;
    reference?: string | null;
    details: Record<string, unknown>;
    remarks: string | null;
    requestKey: string | null;
    createdAt: Date;
  },
): Promise<DepositRow | undefined> {
  const [row] = await db.insert(walletDeposits).values(v).onConflictDoNothing().returning();
  return row;
}

/** The player's deposit request made with this Idempotency-Key, if one was stored. */
export async function findDepositByKey(db: DbOrTx, userId: string, requestKey: string): Promise<DepositRow | undefined> {
  const [row] = await db
    .select()
    .from(walletDeposits)
    .where(and(eq(walletDeposits.userId, userId), eq(walletDeposits.requestKey, requestKey)));
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
  v: { status: 'approved' | 'rejected'; decidedBy: string; excludeMethod?: DepositMethod; now: Date; decisionKey?: string },
): Promise<DepositRow | undefined> {
  const [row] = await db
    .update(walletDeposits)
    .set({ status: v.status, decidedBy: v.decidedBy, decidedAt: v.now, decisionKey: v.decisionKey ?? null })
    .where(and(eq(walletDeposits.id, id), eq(walletDeposits.status, 'pending'), v.excludeMethod ? ne(walletDeposits.method, v.excludeMethod) : undefined))
    .returning();
  return row;
}

/** Whether a live (pending or approved) claim of `method` holds this transaction id, in any letter case. */
export async function hasLiveClaim(db: DbOrTx, method: DepositMethod, payNumber: string): Promise<boolean> {
  const [row] = await db
    .select({ id: walletDeposits.id })
    .from(walletDeposits)
    .where(and(eq(walletDeposits.method, method), sql`lower(${walletDeposits.payNumber}) = lower(${payNumber})`, ne(walletDeposits.status, 'rejected')))
    .limit(1);
  return row !== undefined;
}

/**
 * Gives a pending UPI request of this player its transaction id (in `pay_number` and in its details,
 * where the back office reads it), unless it has one already or a live UPI claim holds the id.
 * Answers the row, or undefined when nothing changed; the unique index refuses an id claimed at the
 * same moment (a unique violation).
 */
export async function attachPayNumber(db: DbOrTx, v: { id: string; userId: string; payNumber: string }): Promise<DepositRow | undefined> {
  const [row] = await db
    .update(walletDeposits)
    .set({ payNumber: v.payNumber, details: sql`${walletDeposits.details} || jsonb_build_object('payNumber', ${v.payNumber}::text)` })
    .where(
      and(
        eq(walletDeposits.id, v.id),
        eq(walletDeposits.userId, v.userId),
        eq(walletDeposits.method, 'UPI'),
        eq(walletDeposits.status, 'pending'),
        isNull(walletDeposits.payNumber),
        isNotNull(walletDeposits.reference),
        sql`NOT EXISTS (
          SELECT 1 FROM ${walletDeposits} AS live_claim
          WHERE live_claim.method = 'UPI' AND lower(live_claim.pay_number) = lower(${v.payNumber}) AND live_claim.status <> 'rejected'
        )`,
      ),
    )
    .returning();
  return row;
}

/** The request, locked for the decision that reads it. */
export async function lockDeposit(db: DbOrTx, id: string): Promise<DepositRow | undefined> {
  const [row] = await db.select().from(walletDeposits).where(eq(walletDeposits.id, id)).for('update');
  return row;
}

/** Records the first of two approvals (with the key of the call that gave it); the request stays pending. */
export async function recordFirstApproval(db: DbOrTx, id: string, adminId: string, now: Date, key?: string): Promise<void> {
  await db
    .update(walletDeposits)
    .set({ firstApprovedBy: adminId, firstApprovedAt: now, firstApprovalKey: key ?? null })
    .where(and(eq(walletDeposits.id, id), eq(walletDeposits.status, 'pending')));
}

/** Approved deposits of a player that credited the wallet (Telegram subscriptions do not), except one. */
export async function countOtherApprovedWalletDeposits(db: DbOrTx, userId: string, exceptId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(walletDeposits)
    .where(
      and(eq(walletDeposits.userId, userId), eq(walletDeposits.status, 'approved'), ne(walletDeposits.method, 'Telegram'), ne(walletDeposits.id, exceptId)),
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
  /** Other deposits, any status, that claimed the same transaction id for the same method. */
  earlierClaims: number;
  firstApproverName: string | null;
}

// Correlated with the outer row; the inner table gets its own name so the two can be told apart.
const otherClaims = sql<number>`(
  SELECT count(*)::int FROM ${walletDeposits} AS other_claim
  WHERE other_claim.method = ${walletDeposits.method}
    AND lower(other_claim.pay_number) = lower(${walletDeposits.payNumber})
    AND other_claim.id <> ${walletDeposits.id}
)`;

export async function listDeposits(db: DbOrTx, f: RequestListFilter<DepositMethod>): Promise<{ rows: DepositListItem[]; total: number }> {
  const where = requestWhere(walletDeposits, f);
  const rows = await db
    .select({
      deposit: walletDeposits,
      fullName: users.fullName,
      email: users.email,
      earlierClaims: otherClaims,
      firstApproverName: sql<string | null>`(SELECT a.full_name FROM users a WHERE a.id = ${walletDeposits.firstApprovedBy})`,
    })
    .from(walletDeposits)
    .leftJoin(users, eq(users.id, walletDeposits.userId))
    .where(where)
    .orderBy(desc(walletDeposits.createdAt), desc(walletDeposits.id))
    .limit(f.limit)
    .offset(f.offset);
  const [total] = await db.select({ n: count() }).from(walletDeposits).where(where);
  return {
    rows: rows.map((r) => ({
      ...r.deposit,
      fullName: r.fullName,
      email: r.email,
      earlierClaims: Number(r.earlierClaims),
      firstApproverName: r.firstApproverName,
    })),
    total: Number(total?.n ?? 0),
  };
}

/** Decides a pending Telegram subscription, with its channel and invite link on approval. */
export async function decidePendingSubscription(
  db: DbOrTx,
  id: string,
  v: { status: 'approved' | 'rejected'; decidedBy: string; channelId: number | null; inviteLink: string | null; now: Date },
): Promise<DepositRow | undefined> {
  const [row] = await db
    .update(walletDeposits)
    .set({ status: v.status, decidedBy: v.decidedBy, decidedAt: v.now, channelId: v.channelId, inviteLink: v.inviteLink })
    .where(and(eq(walletDeposits.id, id), eq(walletDeposits.status, 'pending'), eq(walletDeposits.method, 'Telegram')))
    .returning();
  return row;
}

/** The invite link of an approved subscription that has none yet; false when it has one or was undone. */
export async function attachInviteLink(db: DbOrTx, id: string, inviteLink: string): Promise<boolean> {
  const rows = await db
    .update(walletDeposits)
    .set({ inviteLink })
    .where(and(eq(walletDeposits.id, id), eq(walletDeposits.status, 'approved'), eq(walletDeposits.method, 'Telegram'), isNull(walletDeposits.inviteLink)))
    .returning({ id: walletDeposits.id });
  return rows.length === 1;
}

/** Puts an approval whose invite link could not be made back to pending. */
export async function undoSubscriptionApproval(db: DbOrTx, id: string, decidedBy: string): Promise<boolean> {
  const rows = await db
    .update(walletDeposits)
    .set({ status: 'pending', decidedBy: null, decidedAt: null, channelId: null })
    .where(
      and(
        eq(walletDeposits.id, id),
        eq(walletDeposits.status, 'approved'),
        eq(walletDeposits.method, 'Telegram'),
        eq(walletDeposits.decidedBy, decidedBy),
        isNull(walletDeposits.inviteLink),
      ),
    )
    .returning({ id: walletDeposits.id });
  return rows.length === 1;
}

/** A player's Telegram subscriptions, newest first. */
export async function listSubscriptions(db: DbOrTx, userId: string): Promise<DepositRow[]> {
  return db
    .select()
    .from(walletDeposits)
    .where(and(eq(walletDeposits.userId, userId), eq(walletDeposits.method, 'Telegram')))
    .orderBy(desc(walletDeposits.createdAt))
    .limit(50);
}

/** The player's newest UPI request of this amount, made since `since`, still pending and without a transaction id. */
export async function findOpenUpiRequest(db: DbOrTx, userId: string, amount: number, since: Date): Promise<DepositRow | undefined> {
  const [row] = await db
    .select()
    .from(walletDeposits)
    .where(
      and(
        eq(walletDeposits.userId, userId),
        eq(walletDeposits.method, 'UPI'),
        eq(walletDeposits.amount, amount),
        eq(walletDeposits.status, 'pending'),
        isNull(walletDeposits.payNumber),
        isNotNull(walletDeposits.reference),
        sql`${walletDeposits.createdAt} >= ${since}`,
      ),
    )
    .orderBy(desc(walletDeposits.createdAt))
    .limit(1);
  return row;
}
