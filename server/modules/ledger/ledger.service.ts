import { AppError, pgError, PG } from '../../lib/errors.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import type { TransferKind } from './kinds.js';
import * as repo from './ledger.repo.js';

export type AccountRef = { user: string; kind?: repo.UserAccountKind } | { system: repo.SystemAccountKind };

export interface TransferInput {
  from: AccountRef;
  to: AccountRef;
  /** Integer paise, positive. */
  amount: number;
  kind: TransferKind;
  /** What caused it, e.g. `deposit:<id>` or `round:<id>`. */
  reference: string;
  /** Unique forever: the same key never moves money twice. */
  idempotencyKey: string;
  metadata?: Record<string, unknown>;
  /** When it happened, by the server's clock. */
  at: Date;
}

export const INSUFFICIENT_BALANCE = 'Insufficient balance!';

async function resolve(tx: Tx, ref: AccountRef): Promise<string> {
  return 'system' in ref ? repo.SYSTEM_ACCOUNT_IDS[ref.system] : repo.ensureUserAccount(tx, ref.user, ref.kind ?? 'wallet');
}

/**
 * Moves money inside the caller's transaction. Answers false, moving nothing, when the
 * idempotency key was used before. A player account that would go below zero makes the
 * database refuse the update, which surfaces as 400 "Insufficient balance!" and rolls back the
 * whole transaction, so the caller's state change never commits without its money.
 */
export async function transfer(tx: Tx, input: TransferInput): Promise<boolean> {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) {
    throw new AppError('INVALID_AMOUNT', 400, 'Amount must be greater than zero');
  }
  const [debitAccountId, creditAccountId] = [await resolve(tx, input.from), await resolve(tx, input.to)];
  try {
    return await repo.move(tx, {
      debitAccountId,
      creditAccountId,
      amount: input.amount,
      kind: input.kind,
      reference: input.reference,
      idempotencyKey: input.idempotencyKey,
      metadata: input.metadata,
      at: input.at,
    });
  } catch (err) {
    throw ledgerRefusal(err) ?? err;
  }
}

/**
 * What a refusal by the ledger inside a money statement means to the player: a balance that would
 * go below zero is "Insufficient balance!"; RA409 (migration 0018) is a payment already recorded.
 */
export function ledgerRefusal(err: unknown): AppError | undefined {
  const { code, constraint } = pgError(err);
  if (code === PG.checkViolation && (!constraint || constraint === 'ledger_accounts_balance_not_negative')) {
    return new AppError('INSUFFICIENT_BALANCE', 400, INSUFFICIENT_BALANCE);
  }
  if (code === PG.alreadyRecorded) return alreadyApplied();
  return undefined;
}

/**
 * `transfer` for a move that must happen now, as part of the caller's state change: a key
 * already used means this payment was recorded before, so the caller's change must not commit
 * without it. Throws 409 ALREADY_APPLIED, rolling back the caller's transaction.
 */
export async function transferOnce(tx: Tx, input: TransferInput): Promise<void> {
  if (!(await transfer(tx, input))) throw alreadyApplied();
}

/** A payment whose idempotency key was used before (also what the money functions' RA409 means). */
export const alreadyApplied = () => new AppError('ALREADY_APPLIED', 409, 'This payment was already recorded.');

/** A player's spendable balance in paise (money held for withdrawal is not in it). */
export const balanceOf = (db: DbOrTx, userId: string) => repo.userBalance(db, userId, 'wallet');
export const heldOf = (db: DbOrTx, userId: string) => repo.userBalance(db, userId, 'withdrawal_hold');
export const ensureWallet = (db: DbOrTx, userId: string) => repo.ensureUserAccount(db, userId, 'wallet');
/** The id of a system account, for the one-statement money functions that are handed it. */
export const systemAccountId = (kind: repo.SystemAccountKind): string => repo.SYSTEM_ACCOUNT_IDS[kind];
export const checkLedger = (db: DbOrTx) => repo.findViolations(db);
/** What a player staked and got back from games since a moment, in paise (for their own limits). */
export const playSince = (db: DbOrTx, userId: string, since: Date) => repo.playSince(db, userId, since);
