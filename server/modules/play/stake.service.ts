import { formatInr, toPaise, toRupees } from '../../../contracts/money.js';
import type { Config } from '../../config.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { AppError, badRequest, forbidden } from '../../lib/errors.js';
import { balanceOf, INSUFFICIENT_BALANCE, systemAccountId, transferOnce } from '../ledger/index.js';
import { assertNotExcluded, assertWithinLimits } from '../responsible/index.js';
import { isGameVisible } from '../site/index.js';
import { WAGER_GAMES, wagerKeys, type WagerGame } from './wagers.js';

/** The smallest and largest stake, in paise. */
export interface BetLimits {
  minBet: number;
  maxBet: number;
}

/** The configured bet limits, for real and demo play alike. */
export const betLimitsOf = (config: Pick<Config, 'GAME_MIN_BET' | 'GAME_MAX_BET'>): BetLimits => ({
  minBet: toPaise(config.GAME_MIN_BET),
  maxBet: toPaise(config.GAME_MAX_BET),
});

export type StakeGame = Exclude<WagerGame, 'spinner'>;

export interface Stake {
  game: StakeGame;
  userId: string;
  /** Paise. */
  amount: number;
  now: Date;
}

export function assertBetInRange(limits: BetLimits, amount: number): void {
  if (amount < limits.minBet) throw badRequest(`The minimum bet is ${formatInr(limits.minBet)}.`, 'BET_TOO_SMALL');
  if (amount > limits.maxBet) throw badRequest(`The maximum bet is ${formatInr(limits.maxBet)}.`, 'BET_TOO_LARGE');
}

/** A hidden game takes no new stakes (a round already open can still be played to its end). */
export async function assertGameOpen(db: DbOrTx, game: StakeGame): Promise<void> {
  const { gameType, title } = WAGER_GAMES[game];
  if (!(await isGameVisible(db, gameType))) throw forbidden(`${title} is not available right now.`, 'GAME_HIDDEN');
}

/**
 * Every condition a stake must meet before it leaves the wallet, in the order they are checked:
 * the one list. `stake` below runs them in full; Chicken Road's one-statement path checks the
 * same list in SQL (stake_refused, migration 0018). tests/server/stake-preconditions.test.ts
 * breaks each in turn against every entry point, the SQL path included.
 */
export const STAKE_PRECONDITIONS = ['betInRange', 'gameVisible', 'notExcluded', 'withinLimits', 'balance'] as const;
export type StakePrecondition = (typeof STAKE_PRECONDITIONS)[number];

const CHECKS: Record<StakePrecondition, (tx: Tx, stake: Stake, limits: BetLimits) => Promise<void> | void> = {
  betInRange: (_, s, limits) => assertBetInRange(limits, s.amount),
  gameVisible: (tx, s) => assertGameOpen(tx, s.game),
  notExcluded: (tx, s) => assertNotExcluded(tx, s.userId, s.now),
  withinLimits: (tx, s) => assertWithinLimits(tx, s.userId, s.now, s.amount),
  // The ledger refuses a balance below zero in any case; checked first, the answer can say what the player has.
  balance: async (tx, s) => {
    const balance = await balanceOf(tx, s.userId);
    if (balance < s.amount) throw new AppError('INSUFFICIENT_BALANCE', 400, INSUFFICIENT_BALANCE, { data: { balance: toRupees(balance) } });
  },
};

/**
 * The one way a stake is placed, inside the caller's transaction: every precondition, then the
 * game records its wager (`record`, answering the row with its id), then the stake moves wallet →
 * house under that wager's key. Any refusal rolls the whole transaction back.
 */
export async function stake<T extends { id: string }>(
  tx: Tx,
  s: Stake,
  limits: BetLimits,
  metadata: Record<string, unknown>,
  record: () => Promise<T>,
): Promise<T> {
  for (const precondition of STAKE_PRECONDITIONS) await CHECKS[precondition](tx, s, limits);
  const wager = await record();
  const keys = wagerKeys(s.game, wager.id);
  await transferOnce(tx, {
    from: { user: s.userId },
    to: { system: 'house' },
    amount: s.amount,
    kind: 'bet',
    reference: keys.reference,
    idempotencyKey: keys.stakeKey,
    metadata: { game: s.game, ...metadata },
    at: s.now,
  });
  return wager;
}

/** Pays a settled wager's win, house → wallet, once under its payout key; nothing when it won nothing. */
export async function payOut(
  tx: Tx,
  w: { game: StakeGame; userId: string; wagerId: string; amount: number; now: Date; metadata: Record<string, unknown> },
): Promise<void> {
  if (w.amount <= 0) return;
  const keys = wagerKeys(w.game, w.wagerId);
  await transferOnce(tx, {
    from: { system: 'house' },
    to: { user: w.userId },
    amount: w.amount,
    kind: 'win',
    reference: keys.reference,
    idempotencyKey: keys.payoutKey,
    metadata: { game: w.game, ...w.metadata },
    at: w.now,
  });
}

/** Credits a prize (a spin of the wheel), promotions → wallet, once under its key; nothing for no prize. */
export async function grantPrize(tx: Tx, p: { userId: string; wagerId: string; amount: number; now: Date }): Promise<void> {
  if (p.amount <= 0) return;
  const keys = wagerKeys('spinner', p.wagerId);
  await transferOnce(tx, {
    from: { system: 'promotions' },
    to: { user: p.userId },
    amount: p.amount,
    kind: 'spin_prize',
    reference: keys.reference,
    idempotencyKey: keys.payoutKey,
    at: p.now,
  });
}

/** What Chicken Road's one-statement path is handed for a wager: the same limits, house account and ledger keys. */
export function fastPath(game: StakeGame, wagerId: string) {
  return { gameType: WAGER_GAMES[game].gameType, house: systemAccountId('house'), ...wagerKeys(game, wagerId) };
}
