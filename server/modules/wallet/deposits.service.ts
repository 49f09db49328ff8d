import { randomInt } from 'node:crypto';
import type { z } from 'zod';
import { formatInr, toPaise, toRupees } from '../../../contracts/money.js';
import { DEPOSIT_REFERENCE_ALPHABET } from '../../../contracts/upi.js';
import { DEPOSIT_REMARKS, type depositRequestSchema, type depositUtrSchema, type RequestStatus, type upiRequestSchema } from '../../../contracts/wallet.js';
import type { Config } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import type { Ctx, RequestCtx } from '../../lib/context.js';
import { AppError, badRequest, conflict, notFound, PG, pgError } from '../../lib/errors.js';
import { assertSelf } from '../../lib/ownership.js';
import type { AuthUser } from '../../types.js';
import { audit } from '../audit/index.js';
import { ledgerKeys, transferOnce } from '../ledger/index.js';
import { assertMayDeposit } from '../responsible/index.js';
import { currentFixedAmount } from './amounts.repo.js';
import { cryptoOffer, type CryptoOffer } from './crypto-offer.service.js';
import * as repo from './deposits.repo.js';
import { findUpiCode, hasQrCode } from './qrcodes.repo.js';
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
 * With the call's Idempotency-Key (`ctx.key`) the request is stored with it, and a request
 * already stored under that key is answered again instead (decision 0029): a call run again after
 * an unknown commit records one deposit.
 */
export async function createDeposit(ctx: RequestCtx<AuthUser>, input: DepositInput) {
  const { db, config, now, user, key: requestKey } = ctx;
  assertSelf(user, input.userId);
  if (config.PLAY_MONEY) throw playMoneyOnly('deposits');
  const stored = requestKey ? await repo.findDepositByKey(db, user.id, requestKey) : undefined;
  if (stored) return stored;
  const d = input.details;
  // Nowhere to pay, no deposit: the web does not offer such a method, and the server refuses it
  // (a Telegram subscription is paid to the UPI code; a crypto deposit needs a code for its coin
  // and network, `cryptoOffer`).
  if (input.method !== 'Crypto' && !(await hasQrCode(db, 'upi'))) throw upiNotOpen();
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
    assertDepositAmount(config, amount);
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
    throw duplicateTransactionId(input.method);
  }
  return row;
}

const upiNotOpen = () => badRequest('UPI deposits are not open right now: no payment details have been set up. Please try again later.', 'NOT_AVAILABLE');

/** A deposit's amount (paise) within DEPOSIT_MIN and DEPOSIT_MAX. */
function assertDepositAmount(config: Config, amount: number): void {
  const min = toPaise(config.DEPOSIT_MIN);
  const max = toPaise(config.DEPOSIT_MAX);
  if (amount < min || amount > max) {
    throw badRequest(`Deposit amount must be between ${formatInr(min)} and ${formatInr(max)}.`, 'AMOUNT_OUT_OF_RANGE');
  }
}

/** A new deposit reference: "RA" and eight characters drawn at random from its alphabet. */
export function newDepositReference(): string {
  let reference = 'RA';
  for (let i = 0; i < 8; i++) reference += DEPOSIT_REFERENCE_ALPHABET[randomInt(DEPOSIT_REFERENCE_ALPHABET.length)];
  return reference;
}

/** Draws of a reference before giving up; two alike among 32⁸ are all but impossible. */
const REFERENCE_DRAWS = 5;

export type UpiRequestInput = z.output<typeof upiRequestSchema>;

/** A UPI request as recorded: its pending deposit (with its reference), the UPI ID it pays and the payee's name. */
export interface UpiRequest {
  deposit: repo.DepositRow & { reference: string };
  payTo: string;
  payeeName: string;
}

function upiRequestOf(config: Config, deposit: repo.DepositRow): UpiRequest {
  const payTo = deposit.details.payTo;
  if (!deposit.reference || typeof payTo !== 'string') {
    throw new AppError('IDEMPOTENCY_KEY_REUSED', 422, 'This Idempotency-Key was already used for a different request.');
  }
  return { deposit: { ...deposit, reference: deposit.reference }, payTo, payeeName: config.UPI_PAYEE_NAME };
}

/**
 * Records a UPI request for an exact amount: a pending UPI deposit with a new deposit reference and
 * no transaction id yet, paid to the UPI code's UPI ID (contracts/upi.ts makes its link). It is
 * recorded when the request is shown, so the payment's remark names a deposit that exists; the
 * player gives the UTR later (`attachUtr`), or the bank statement's narration matches the
 * reference. Refused as a deposit is (play money, the amount's range, the player's limits and
 * breaks, in the transaction that records it), and when the UPI code has no UPI ID. With the
 * call's Idempotency-Key (`ctx.key`), a request stored under that key is answered again (decision 0029).
 */
export async function createUpiRequest(ctx: RequestCtx<AuthUser>, input: UpiRequestInput): Promise<UpiRequest> {
  const { db, config, now, user, key: requestKey } = ctx;
  assertSelf(user, input.userId);
  if (config.PLAY_MONEY) throw playMoneyOnly('deposits');
  const stored = requestKey ? await repo.findDepositByKey(db, user.id, requestKey) : undefined;
  if (stored) return upiRequestOf(config, stored);
  const code = await findUpiCode(db);
  if (!code) throw upiNotOpen();
  if (!code.payTo) {
    throw badRequest(
      'A payment request cannot be made: the UPI payment details have no UPI ID. Scan the QR code and enter the transaction id instead.',
      'NO_UPI_ID',
    );
  }
  const payTo = code.payTo;
  assertDepositAmount(config, input.amount);
  // The same amount asked again (a reload, a step back) shows the request already made, so
  // unpaid requests do not pile up; it stays payable until RECONCILE_NO_CREDIT_HOURS.
  const open = await repo.findOpenUpiRequest(db, user.id, input.amount, new Date(now.getTime() - config.RECONCILE_NO_CREDIT_HOURS * 3_600_000));
  if (open && open.details.payTo === payTo) return upiRequestOf(config, open);
  for (let draw = 0; draw < REFERENCE_DRAWS; draw++) {
    const reference = newDepositReference();
    const row = await db.transaction(async (tx) => {
      await assertMayDeposit(tx, user.id, now, input.amount);
      return repo.insertDeposit(tx, {
        userId: user.id,
        amount: input.amount,
        method: 'UPI',
        payNumber: null,
        reference,
        details: { reference, payTo },
        remarks: DEPOSIT_REMARKS,
        requestKey: requestKey ?? null,
        createdAt: now,
      });
    });
    if (row) return upiRequestOf(config, row);
    // This very call, run twice at once, or a reference drawn before: draw again.
    const same = requestKey ? await repo.findDepositByKey(db, user.id, requestKey) : undefined;
    if (same) return upiRequestOf(config, same);
  }
  throw new AppError('RETRY', 409, 'The request collided with another one. Please try again.');
}

/**
 * The player gives the UTR of their own pending UPI request, once paid. Another player's deposit,
 * or one that is not a UPI request, is "not found" (ids are not probed). A decided request, one that
 * has another transaction id already, or a transaction id a live UPI claim holds is refused (409).
 * Given again with the same transaction id (a retry whose answer was lost), it answers the request
 * as it is.
 */
export async function attachUtr(
  ctx: RequestCtx<AuthUser>,
  { id: rawId, payNumber }: { id: string } & z.output<typeof depositUtrSchema>,
): Promise<repo.DepositRow> {
  const { db, config, user } = ctx;
  if (config.PLAY_MONEY) throw playMoneyOnly('deposits');
  const id = assertUuid(rawId, 'That deposit');
  const check = async () => {
    const current = await repo.findDeposit(db, id);
    if (!current || current.userId !== user.id || current.method !== 'UPI' || !current.reference) throw notFound('That deposit was not found.');
    if (current.payNumber !== null) {
      if (current.payNumber.toLowerCase() === payNumber.toLowerCase()) return current;
      throw conflict('This deposit already has its transaction id.', 'UTR_ALREADY_GIVEN');
    }
    if (current.status !== 'pending') throw notPending('deposit', current.status);
    if (await repo.hasLiveClaim(db, 'UPI', payNumber)) throw duplicateTransactionId('UPI');
    return undefined;
  };
  const done = await check();
  if (done) return done;
  let row: repo.DepositRow | undefined;
  try {
    row = await repo.attachPayNumber(db, { id, userId: user.id, payNumber });
  } catch (err) {
    // Claimed by another request at the same moment.
    if (pgError(err).code === PG.uniqueViolation) throw duplicateTransactionId('UPI');
    throw err;
  }
  if (row) return row;
  // Changed between the check and the update (decided, given its UTR, or the id claimed): say why.
  const now = await check();
  if (now) return now;
  throw new AppError('RETRY', 409, 'The request collided with another one. Please try again.');
}

const duplicateTransactionId = (method: repo.DepositMethod) =>
  conflict(
    `This ${method === 'Crypto' ? 'transaction hash' : 'transaction id'} has already been submitted. Check it and try again.`,
    'DUPLICATE_TRANSACTION_ID',
  );

/** A crypto deposit's coin and network, and its offer (refused for a pair without a code or a coin without a rate). */
async function cryptoDepositOffer(db: Db, input: DepositInput): Promise<CryptoOffer> {
  const d = input.details;
  if (!d.cryptoType) throw badRequest('Choose the crypto type (usdt or btc).', 'VALIDATION_ERROR');
  if (!d.network) throw badRequest('Choose the network (trc20, erc20 or bitcoin).', 'VALIDATION_ERROR');
  return cryptoOffer(db, { coin: d.cryptoType, network: d.network, amount: input.amount, coinAmount: d.coinAmount, rateSetAt: d.rateSetAt });
}

/**
 * What shows that a deposit was paid, checked inside its approval's transaction: `claim` takes the
 * evidence for this deposit (a bank statement's line, used once) or throws, and answers what the
 * audit entry records of it.
 */
export interface DepositProof {
  claim(tx: Tx, depositId: string): Promise<Record<string, unknown>>;
}

/**
 * Approves or rejects a pending deposit. Approval credits the amount on the record (cash →
 * wallet, key `deposit:<id>`) and pays a referrer on a first deposit, all in one transaction;
 * whether an approval credits or is the first of two is decided by `approveMoney` (maker and
 * checker). The deposit is locked before anything is read, so decisions at once are taken one by one.
 * The deciding admin is `ctx.user`; with the call's Idempotency-Key (`ctx.key`) a decision run again
 * answers as the first did.
 */
export async function decideDeposit(
  ctx: RequestCtx<AuthUser>,
  { id: rawId, status, proof }: { id: string; status: 'approved' | 'rejected'; proof?: DepositProof },
): Promise<DecisionAnswer> {
  const { db, config, now, key: requestKey } = ctx;
  const actorId = ctx.user.id;
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
    const proven = status === 'approved' && proof ? await proof.claim(tx, decided.id) : undefined;
    if (status === 'approved') {
      await transferOnce(tx, {
        from: { system: 'cash' },
        to: { user: decided.userId },
        amount: decided.amount,
        kind: 'deposit',
        ...ledgerKeys.deposit(decided.id),
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
      after: { status: decided.status, amount: toRupees(decided.amount), userId: decided.userId, referralPaid, ...(proven ? { proof: proven } : {}) },
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

export async function listDepositsForAdmin(ctx: Ctx, q: { method?: MethodFilterValue; status?: RequestStatus; page: number; limit: number }) {
  const { db, config, now } = ctx;
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
