import type { z } from 'zod';
import { formatInr, toPaise, toRupees } from '../../../contracts/money.js';
import { withdrawalDetailsSchemas, type RequestStatus, type withdrawRequestSchema } from '../../../contracts/wallet.js';
import type { Ctx, RequestCtx } from '../../lib/context.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { formatIst } from '../../lib/india-time.js';
import { assertSelf } from '../../lib/ownership.js';
import type { AuthUser } from '../../types.js';
import { audit } from '../audit/index.js';
import { ledgerKeys, transferOnce } from '../ledger/index.js';
import * as repo from './withdrawals.repo.js';
import { aboveThreshold, approveMoney, assertWithdrawalsNotHeld, recentOf } from './approvals.service.js';
import {
  assertNotOwnRequest,
  assertUuid,
  listPageInfo,
  listPaging,
  notPending,
  playMoneyOnly,
  replayedDecision,
  type DecisionAnswer,
  type MethodFilterValue,
} from './wallet.shared.js';

export type WithdrawInput = z.output<typeof withdrawRequestSchema>;

/**
 * Records a withdrawal request and reserves its amount at once (wallet → withdrawal hold) in the
 * same transaction, so the money can be neither bet nor withdrawn twice while it waits. A wallet
 * that cannot cover it makes the ledger refuse with "Insufficient balance!" and nothing is kept.
 */
/**
 * Records a withdrawal request and holds its amount. With the call's Idempotency-Key (`ctx.key`)
 * a request already stored under that key is answered again instead: a call run a second time
 * after its server died mid-answer holds the money once.
 */
export async function createWithdrawal(ctx: RequestCtx<AuthUser>, input: WithdrawInput) {
  const { db, config, now, user, key: requestKey } = ctx;
  assertSelf(user, input.userId);
  if (config.PLAY_MONEY) throw playMoneyOnly('withdrawals');
  const min = toPaise(config.WITHDRAW_MIN);
  const max = toPaise(config.WITHDRAW_MAX);
  if (input.amount < min || input.amount > max) {
    throw badRequest(`Withdrawal amount must be between ${formatInr(min)} and ${formatInr(max)}.`, 'AMOUNT_OUT_OF_RANGE');
  }
  // Number inputs (an account number, a phone) may arrive as JSON numbers; the rules are about their digits.
  const asText = Object.fromEntries(Object.entries(input.details).map(([k, v]) => [k, typeof v === 'number' ? String(v) : v]));
  const parsed = withdrawalDetailsSchemas[input.method].safeParse(asText);
  if (!parsed.success) throw badRequest(parsed.error.issues[0].message, 'VALIDATION_ERROR');
  const details = parsed.data as Record<string, unknown>;
  return db.transaction(async (tx) => {
    const stored = requestKey ? await repo.findWithdrawalByKey(tx, user.id, requestKey) : undefined;
    if (stored) return stored;
    await assertWithdrawalsNotHeld(tx, user.id, now);
    const row = await repo.insertWithdrawal(tx, {
      userId: user.id,
      amount: input.amount,
      method: input.method,
      details,
      remarks: input.remarks?.trim() || null,
      requestKey: requestKey ?? null,
      createdAt: now,
    });
    await transferOnce(tx, {
      from: { user: user.id },
      to: { user: user.id, kind: 'withdrawal_hold' },
      amount: row.amount,
      kind: 'withdrawal_hold',
      ...ledgerKeys.withdrawalHold(row.id),
      at: now,
    });
    return row;
  });
}

/**
 * Approval pays the hold out to cash; rejection returns it to the wallet. Only pending requests
 * change. Whether an approval pays or is the first of two is decided by `approveMoney` (maker and
 * checker: limits, thresholds, holds, independence). The withdrawal is locked before anything is
 * read, so decisions at once are taken one by one. The deciding admin is `ctx.user`; with the
 * call's Idempotency-Key (`ctx.key`) a decision run again answers as the first did.
 */
export async function decideWithdrawal(
  ctx: RequestCtx<AuthUser>,
  { id: rawId, status }: { id: string; status: 'approved' | 'rejected' },
): Promise<DecisionAnswer> {
  const { db, config, now, key: requestKey } = ctx;
  const actorId = ctx.user.id;
  const id = assertUuid(rawId, 'That withdrawal');
  return db.transaction(async (tx) => {
    const current = await repo.lockWithdrawal(tx, id);
    if (!current) throw notFound('That withdrawal was not found.');
    const replayed = replayedDecision(current, actorId, requestKey);
    if (replayed) return replayed;
    if (current.status !== 'pending') throw notPending('withdrawal', current.status);
    assertNotOwnRequest(actorId, current.userId);
    if (status === 'approved' && (await approveMoney(tx, config, 'withdrawal', current, actorId, now)) === 'first') {
      await repo.recordFirstApproval(tx, id, actorId, now, requestKey);
      return { _id: id, status: current.status, awaitingSecondApproval: true };
    }
    const decided = await repo.decidePendingWithdrawal(tx, id, { status, decidedBy: actorId, now, decisionKey: requestKey });
    if (!decided) throw notPending('withdrawal', current.status);
    const hold = { user: decided.userId, kind: 'withdrawal_hold' as const };
    if (status === 'approved') {
      await transferOnce(tx, {
        from: hold,
        to: { system: 'cash' },
        amount: decided.amount,
        kind: 'withdrawal',
        ...ledgerKeys.withdrawalPaid(decided.id),
        metadata: { method: decided.method },
        at: now,
      });
    } else {
      await transferOnce(tx, {
        from: hold,
        to: { user: decided.userId },
        amount: decided.amount,
        kind: 'withdrawal_release',
        ...ledgerKeys.withdrawalRelease(decided.id),
        at: now,
      });
    }
    await audit(tx, {
      actorId,
      action: status === 'approved' ? 'approve' : 'reject',
      entity: 'withdrawal',
      entityId: decided.id,
      before: { status: 'pending' },
      after: { status: decided.status, amount: toRupees(decided.amount), userId: decided.userId },
    });
    return { _id: decided.id, status: decided.status };
  });
}

const METHODS_BY_FILTER: Record<NonNullable<MethodFilterValue>, repo.WithdrawMethod[]> = {
  upi: ['UPI'],
  crypto: ['USDT', 'ETH'],
  telegram: [],
  usdt: ['USDT'],
  eth: ['ETH'],
};

/** The risk flags of a request, in words, from its facts. */
export function riskFlags(f: repo.RiskFacts, now: Date): string[] {
  const flags: string[] = [];
  if (f.heldUntil && f.heldUntil > now) {
    flags.push(`Held until ${formatIst(f.heldUntil)}: an admin changed this player's password or contact. Another admin can release it in All Users.`);
  }
  if (f.accountAgeHours < 24) flags.push('New account: made less than a day before this request.');
  if (f.deposited7d > 0 && f.staked7d < f.deposited7d / 2) {
    flags.push(`Little play: deposited ${formatInr(f.deposited7d)} in the last 7 days and staked only ${formatInr(f.staked7d)}.`);
  }
  if (f.depositsInAnHour >= 3) flags.push(`Many deposits: ${f.depositsInAnHour} within one hour in the last day.`);
  if (f.sharedPayout > 0) flags.push(`Shared payout account: ${f.sharedPayout} other player${f.sharedPayout > 1 ? 's' : ''} asked to be paid to it.`);
  return flags;
}

export async function listWithdrawalsForAdmin(ctx: Ctx, q: { method?: MethodFilterValue; status?: RequestStatus; page: number; limit: number }) {
  const { db, config, now } = ctx;
  const { rows, total } = await repo.listWithdrawals(db, { methods: q.method ? METHODS_BY_FILTER[q.method] : undefined, status: q.status, ...listPaging(q) });
  const pending = rows.filter((r) => r.status === 'pending').map((r) => r.id);
  const facts = new Map((await repo.riskFacts(db, pending)).map((f) => [f.withdrawalId, f]));
  const recent = await recentOf(db, 'withdrawal', pending, now);
  const items = rows.map((row) => ({
    row,
    needsSecondApproval:
      row.status === 'pending'
        ? Boolean(row.firstApprovedBy) || aboveThreshold(config, 'withdrawal', recent.get(row.id) ?? 0, row.amount)
        : Boolean(row.firstApprovedBy),
    risks: facts.has(row.id) ? riskFlags(facts.get(row.id)!, now) : [],
  }));
  return { items, ...listPageInfo(q, total) };
}
