import { formatInr, toPaise, toRupees } from '../../../contracts/money.js';
import type { Config } from '../../config.js';
import type { DbOrTx } from '../../db/client.js';
import { conflict, forbidden } from '../../lib/errors.js';
import { DAY_MS, formatIst, periodBounds } from '../../lib/india-time.js';
import { assertIndependent } from '../accounts/index.js';
import { audit } from '../audit/index.js';
import * as repo from './approvals.repo.js';
import { recentWithdrawalsOf } from './withdrawals.repo.js';
import { assertNotOwnRequest } from './wallet.shared.js';

// Maker and checker: the one home of the rules that decide whether an admin's approval moves a
// player's money, or is the first of two (docs/decisions/0027-makers-and-checkers.md).

export type MoneyKind = 'deposit' | 'withdrawal';

/** A pending request as an approval reads it. */
export interface PendingMoney {
  id: string;
  userId: string;
  amount: number;
  firstApprovedBy: string | null;
}

/** The two-admin threshold: the player's requests of this kind in the last 24 hours, this one included, pass it. */
export function aboveThreshold(config: Config, kind: MoneyKind, recentPaise: number, amountPaise: number): boolean {
  const above = kind === 'deposit' ? config.DEPOSIT_SECOND_APPROVAL_ABOVE : config.WITHDRAWAL_SECOND_APPROVAL_ABOVE;
  return recentPaise + amountPaise > toPaise(above);
}

/** The player's other requests of this kind that count towards the threshold, per request. */
export const recentOf = (db: DbOrTx, kind: MoneyKind, ids: string[], now: Date) =>
  kind === 'deposit' ? repo.recentDepositsOf(db, ids, now) : recentWithdrawalsOf(db, ids, now);

/** Refuses a withdrawal while an admin's change of the player's password or contact holds it. */
export async function assertWithdrawalsNotHeld(db: DbOrTx, userId: string, now: Date): Promise<void> {
  const until = await repo.withdrawalsHeldUntil(db, userId);
  if (until && until > now) {
    throw forbidden(
      `Withdrawals are paused until ${formatIst(until)} (India time): your password or contact details were changed by our support team. If you did not ask for this, contact support.`,
      'WITHDRAWALS_HELD',
    );
  }
}

/**
 * Decides what an admin's approval of a pending deposit or withdrawal does, inside the transaction
 * that pays it (the request is locked by the caller; the player, then the admin, are locked here):
 * - nobody approves their own request, nor a withdrawal held after an admin changed the player's
 *   password or contact (ADMIN_CHANGE_HOLD_HOURS);
 * - every approval, first or second, counts against the admin's daily limit (their own, or
 *   ADMIN_DAILY_APPROVAL_LIMIT), deposits and withdrawals together;
 * - a second, independent admin must approve when the player's requests of that kind in the last
 *   24 hours pass DEPOSIT_SECOND_APPROVAL_ABOVE or WITHDRAWAL_SECOND_APPROVAL_ABOVE, when the
 *   approving admin approved one of the player's deposits within FUNDING_APPROVER_DAYS (a
 *   withdrawal funded by one's own approvals), and whenever a first approval is on record.
 * Answers 'pay' when this approval moves the money, or 'first' after recording the first of two.
 */
export async function approveMoney(db: DbOrTx, config: Config, kind: MoneyKind, request: PendingMoney, actorId: string, now: Date): Promise<'pay' | 'first'> {
  assertNotOwnRequest(actorId, request.userId);
  const player = await repo.lockPlayerForApproval(db, request.userId);
  if (kind === 'withdrawal' && player.heldUntil && player.heldUntil > now) {
    throw conflict(
      `This player's withdrawals are held until ${formatIst(player.heldUntil)} (India time): an admin changed their password or contact. Another admin can release them in All Users.`,
      'WITHDRAWALS_HELD',
    );
  }
  const limit = (await repo.lockApprover(db, actorId)) ?? toPaise(config.ADMIN_DAILY_APPROVAL_LIMIT);
  if ((await repo.approvedSinceBy(db, actorId, periodBounds('day', now).start)) + request.amount > limit) {
    throw conflict(
      limit === 0
        ? 'Your daily approval limit is ₹0: another admin must approve deposits and withdrawals.'
        : `This would pass your daily approval limit of ${formatInr(limit)}. Another admin can approve it.`,
      'DAILY_APPROVAL_LIMIT',
    );
  }
  if (request.firstApprovedBy) {
    if (request.firstApprovedBy === actorId) {
      throw conflict(`You gave the first approval: a second admin must approve this ${kind}.`, 'SECOND_APPROVAL_REQUIRED');
    }
    await assertIndependent(db, config, request.firstApprovedBy, actorId, now);
    return 'pay';
  }
  const recent = (await recentOf(db, kind, [request.id], now)).get(request.id) ?? 0;
  const funded =
    kind === 'withdrawal' &&
    config.FUNDING_APPROVER_DAYS > 0 &&
    (await repo.approvedDepositOf(db, actorId, request.userId, new Date(now.getTime() - config.FUNDING_APPROVER_DAYS * DAY_MS)));
  const above = aboveThreshold(config, kind, recent, request.amount);
  if (!above && !funded) return 'pay';
  await audit(db, {
    actorId,
    action: 'approve-first',
    entity: kind,
    entityId: request.id,
    before: { status: 'pending' },
    after: {
      status: 'pending',
      awaitingSecondApproval: true,
      amount: toRupees(request.amount),
      userId: request.userId,
      because: [above ? 'above the two-admin threshold' : '', funded ? 'you approved a deposit of this player' : ''].filter(Boolean),
    },
  });
  return 'first';
}
