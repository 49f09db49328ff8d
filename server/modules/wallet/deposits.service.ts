import type { z } from 'zod';
import { formatInr, toPaise, toRupees } from '../../../contracts/money.js';
import type { depositRequestSchema, RequestStatus } from '../../../contracts/wallet.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { assertSelf } from '../../lib/ownership.js';
import type { AuthUser } from '../../types.js';
import { audit } from '../audit/index.js';
import { transferOnce } from '../ledger/index.js';
import { assertMayDeposit } from '../responsible/index.js';
import { currentFixedAmount } from './amounts.repo.js';
import { cryptoOffer, type CryptoOffer } from './crypto-offer.service.js';
import * as repo from './deposits.repo.js';
import { hasQrCode } from './qrcodes.repo.js';
import { rewardReferrerOnFirstDeposit } from './referral.service.js';
import { aboveThreshold, approveMoney, recentOf } from './approvals.service.js';
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

export type DepositInput = z.output<typeof depositRequestSchema>;

/**
 * Records a pending deposit. The amount is checked here; for Telegram it comes from the
 * telegram-amount record, for crypto from the offer at the coin's rate. A play-money site takes
 * none; the player's deposit limits and any time-out are checked in the transaction that records it.
 * With `requestKey` (the call's Idempotency-Key) the request is stored with it, and a request
 * already stored under that key is answered again instead (decision 0029): a call run again after
 * an unknown commit records one deposit.
 */
export async function createDeposit(db: Db, config: Config, user: AuthUser, input: DepositInput, now: Date, requestKey?: string) {
  assertSelf(user, input.userId);
  if (config.PLAY_MONEY) throw playMoneyOnly('deposits');
  const stored = requestKey ? await repo.findDepositByKey(db, user.id, requestKey) : undefined;
  if (stored) return stored;
  const d = input.details;
  // Nowhere to pay, no deposit: the web does not offer such a method, and the server refuses it
  // (a Telegram subscription is paid to the UPI code; a crypto deposit needs a code for its coin
  // and network, `cryptoOffer`).
  if (input.method !== 'Crypto' && !(await hasQrCode(db, 'upi'))) {
    throw badRequest('UPI deposits are not open right now: no payment details have been set up. Please try again later.', 'NOT_AVAILABLE');
  }
  let amount: number;
  let details: Record<string, unknown>;
  if (input.method === 'Telegram') {
    const fixed = await currentFixedAmount(db, 'telegram');
    if (!fixed) throw badRequest('The Telegram subscription amount has not been set yet. Please try again later.', 'NOT_AVAILABLE');
    amount = fixed.amount;
    details = { payNumber: d.payNumber, telegramID: d.telegramID ?? null, phoneNumber: d.phoneNumber ?? null, gameName: d.gameName ?? null };
  } else {
    // A crypto deposit is for what it was offered: its rupees and its coin at the rate on record.
    const offer = input.method === 'Crypto' ? await cryptoDepositOffer(db, input) : undefined;
    const requested = offer?.amount ?? input.amount;
    if (requested === undefined || requested === null) throw badRequest('Enter an amount.', 'VALIDATION_ERROR');
    amount = requested;
    const min = toPaise(config.DEPOSIT_MIN);
    const max = toPaise(config.DEPOSIT_MAX);
    if (amount < min || amount > max) {
      throw badRequest(`Deposit amount must be between ${formatInr(min)} and ${formatInr(max)}.`, 'AMOUNT_OUT_OF_RANGE');
    }
    details = offer ? { payNumber: d.payNumber, ...offer.details } : { payNumber: d.payNumber };
  }
  const row = await db.transaction(async (tx) => {
    await assertMayDeposit(tx, user.id, now, amount);
    return repo.insertDeposit(tx, {
      userId: user.id,
      amount,
      method: input.method,
      payNumber: d.payNumber,
      details,
      remarks: input.remarks?.trim() || null,
      requestKey: requestKey ?? null,
      createdAt: now,
    });
  });
  // Taken only by a live claim: a rejected one frees its id (or by this very call, run twice at once).
  if (!row) {
    const same = requestKey ? await repo.findDepositByKey(db, user.id, requestKey) : undefined;
    if (same) return same;
    throw conflict(
      `This ${input.method === 'Crypto' ? 'transaction hash' : 'transaction id'} has already been submitted. Check it and try again.`,
      'DUPLICATE_TRANSACTION_ID',
    );
  }
  return row;
}

/** A crypto deposit's coin and network, and its offer (refused for a pair without a code or a coin without a rate). */
async function cryptoDepositOffer(db: Db, input: DepositInput): Promise<CryptoOffer> {
  const d = input.details;
  if (!d.cryptoType) throw badRequest('Choose the crypto type (usdt or btc).', 'VALIDATION_ERROR');
  if (!d.network) throw badRequest('Choose the network (trc20, erc20 or bitcoin).', 'VALIDATION_ERROR');
  return cryptoOffer(db, { coin: d.cryptoType, network: d.network, amount: input.amount, coinAmount: d.coinAmount, rateSetAt: d.rateSetAt });
}

/**
 * Approves or rejects a pending deposit. Approval credits the amount on the record (cash →
 * wallet, key `deposit:<id>`) and pays a referrer on a first deposit, all in one transaction;
 * whether an approval credits or is the first of two is decided by `approveMoney` (maker and
 * checker). The deposit is locked before anything is read, so decisions at once are taken one by one.
 */
export async function decideDeposit(
  db: Db,
  config: Config,
  actorId: string,
  rawId: string,
  status: 'approved' | 'rejected',
  now: Date,
  requestKey?: string,
): Promise<DecisionAnswer> {
  const id = assertUuid(rawId, 'That deposit');
  return db.transaction(async (tx) => {
    const current = await repo.lockDeposit(tx, id);
    if (!current) throw notFound('That deposit was not found.');
    const replayed = replayedDecision(current, actorId, requestKey);
    if (replayed) return replayed;
    assertNotOwnRequest(actorId, current.userId);
    if (status === 'approved' && current.method === 'Telegram') {
      throw new AppError(
        'TELEGRAM_DEPOSIT',
        400,
        'Telegram subscription deposits are approved in the Telegram section (Telegram → Deposits), where a channel is chosen.',
      );
    }
    if (current.status !== 'pending') throw notPending('deposit', current.status);
    if (status === 'approved' && (await approveMoney(tx, config, 'deposit', current, actorId, now)) === 'first') {
      await repo.recordFirstApproval(tx, id, actorId, now, requestKey);
      return { _id: id, status: current.status, awaitingSecondApproval: true };
    }
    const decided = await repo.decidePendingDeposit(tx, id, {
      status,
      decidedBy: actorId,
      excludeMethod: status === 'approved' ? 'Telegram' : undefined,
      now,
      decisionKey: requestKey,
    });
    if (!decided) throw notPending('deposit', (await repo.findDeposit(tx, id))?.status ?? current.status);
    let referralPaid = false;
    if (status === 'approved') {
      await transferOnce(tx, {
        from: { system: 'cash' },
        to: { user: decided.userId },
        amount: decided.amount,
        kind: 'deposit',
        reference: `deposit:${decided.id}`,
        idempotencyKey: `deposit:${decided.id}`,
        metadata: { method: decided.method },
        at: now,
      });
      referralPaid = await rewardReferrerOnFirstDeposit(tx, decided.userId, decided.id, now);
    }
    await audit(tx, {
      actorId,
      action: status === 'approved' ? 'approve' : 'reject',
      entity: 'deposit',
      entityId: decided.id,
      before: { status: current.status },
      after: { status: decided.status, amount: toRupees(decided.amount), userId: decided.userId, referralPaid },
    });
    return { _id: decided.id, status: decided.status };
  });
}

const METHODS_BY_FILTER: Record<NonNullable<MethodFilterValue>, repo.DepositMethod[]> = {
  upi: ['UPI'],
  crypto: ['Crypto'],
  telegram: ['Telegram'],
  usdt: [],
  eth: [],
};

export async function listDepositsForAdmin(
  db: Db,
  config: Config,
  q: { method?: MethodFilterValue; status?: RequestStatus; page: number; limit: number },
  now: Date,
) {
  const { rows, total } = await repo.listDeposits(db, { methods: q.method ? METHODS_BY_FILTER[q.method] : undefined, status: q.status, ...listPaging(q) });
  const pending = rows.filter((r) => r.status === 'pending' && r.method !== 'Telegram').map((r) => r.id);
  const recent = await recentOf(db, 'deposit', pending, now);
  const items = rows.map((row) => ({
    row,
    needsSecondApproval:
      row.status === 'pending'
        ? Boolean(row.firstApprovedBy) || (row.method !== 'Telegram' && aboveThreshold(config, 'deposit', recent.get(row.id) ?? 0, row.amount))
        : Boolean(row.firstApprovedBy),
  }));
  return { items, ...listPageInfo(q, total) };
}
