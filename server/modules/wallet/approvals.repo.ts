import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Locks the approving admin's row (one admin's approvals are then decided one at a time, so many at
 * once cannot pass the limit together) and answers their own daily limit in paise, or null.
 */
export async function lockApprover(db: DbOrTx, adminId: string): Promise<number | null> {
  const [row] = await db.select({ limit: users.dailyApprovalLimit }).from(users).where(eq(users.id, adminId)).for('no key update');
  return row?.limit ?? null;
}

/**
 * Locks the player's row, so two of their requests are approved one after the other, and answers
 * until when an admin's change of their password or contact holds their withdrawals.
 */
export async function lockPlayerForApproval(db: DbOrTx, userId: string): Promise<{ heldUntil: Date | null }> {
  const [row] = await db.select({ heldUntil: users.withdrawalsHeldUntil }).from(users).where(eq(users.id, userId)).for('no key update');
  return { heldUntil: row?.heldUntil ?? null };
}

/** Until when the player's withdrawals are held, if they are. */
export async function withdrawalsHeldUntil(db: DbOrTx, userId: string): Promise<Date | null> {
  const [row] = await db.select({ heldUntil: users.withdrawalsHeldUntil }).from(users).where(eq(users.id, userId));
  return row?.heldUntil ?? null;
}

/**
 * Paise this admin has approved since `since`: deposits and withdrawals they paid, and those they
 * gave the first of two approvals to that are not rejected. Telegram subscriptions move no money.
 */
export async function approvedSinceBy(db: DbOrTx, adminId: string, since: Date): Promise<number> {
  const at = since.toISOString();
  const result = await db.execute(sql`
    SELECT coalesce(sum(amount), 0) AS total FROM (
      SELECT amount FROM wallet_deposits
       WHERE decided_by = ${adminId}::uuid AND status = 'approved' AND method <> 'Telegram' AND decided_at >= ${at}::timestamptz
      UNION ALL
      SELECT amount FROM wallet_deposits
       WHERE first_approved_by = ${adminId}::uuid AND status <> 'rejected' AND first_approved_at >= ${at}::timestamptz
      UNION ALL
      SELECT amount FROM wallet_withdrawals
       WHERE decided_by = ${adminId}::uuid AND status = 'approved' AND decided_at >= ${at}::timestamptz
      UNION ALL
      SELECT amount FROM wallet_withdrawals
       WHERE first_approved_by = ${adminId}::uuid AND status <> 'rejected' AND first_approved_at >= ${at}::timestamptz
    ) moved`);
  return Number(rowsOf<{ total: string }>(result)[0]?.total ?? 0);
}

/**
 * For each deposit, the paise of its player's other deposits credited, or approved once and
 * waiting for a second admin, in the 24 hours before now: the two-admin rule counts them with it.
 */
export async function recentDepositsOf(db: DbOrTx, depositIds: string[], now: Date): Promise<Map<string, number>> {
  if (!depositIds.length) return new Map();
  const at = now.toISOString();
  const result = await db.execute(sql`
    SELECT d.id, coalesce(sum(o.amount), 0) AS total
      FROM wallet_deposits d
      LEFT JOIN wallet_deposits o ON o.user_id = d.user_id AND o.id <> d.id AND o.method <> 'Telegram'
       AND ((o.status = 'approved' AND o.decided_at > ${at}::timestamptz - interval '24 hours')
         OR (o.status = 'pending' AND o.first_approved_at > ${at}::timestamptz - interval '24 hours'))
     WHERE d.id IN (${sql.join(
       depositIds.map((id) => sql`${id}::uuid`),
       sql`, `,
     )})
     GROUP BY d.id`);
  return new Map(rowsOf<{ id: string; total: string }>(result).map((r) => [r.id, Number(r.total)]));
}

/** Whether this admin approved (alone, first or second) any deposit of this player since `since`. */
export async function approvedDepositOf(db: DbOrTx, adminId: string, userId: string, since: Date): Promise<boolean> {
  const at = since.toISOString();
  const result = await db.execute(sql`
    SELECT EXISTS (
      SELECT 1 FROM wallet_deposits
       WHERE user_id = ${userId}::uuid AND method <> 'Telegram' AND status <> 'rejected'
         AND ((decided_by = ${adminId}::uuid AND decided_at >= ${at}::timestamptz)
           OR (first_approved_by = ${adminId}::uuid AND first_approved_at >= ${at}::timestamptz))
    ) AS funded`);
  return Boolean(rowsOf<{ funded: boolean }>(result)[0]?.funded);
}
