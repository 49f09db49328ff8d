import { BETS_CLOSE_SECONDS, HISTORY_PAGE, payoutOf, periodName, type Selection } from '../../../contracts/color.js';
import type { Config } from '../../config.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { totalPages } from '../../lib/paging.js';
import { balanceOf } from '../ledger/index.js';
import { betLimitsOf, drawFloat, payOut, stake } from '../play/index.js';
import { audit } from '../audit/index.js';
import { chainOf, commitNextChain, enterSalt, forgetGame, hashesOf, type ColorGame } from './color.chains.js';
import * as repo from './color.repo.js';

export { colorGame, type ColorGame } from './color.chains.js';

export interface PeriodTimes {
  seq: number;
  /** The chain the period draws from, and its hash's place in that chain. */
  chainId: number;
  index: number;
  period: string;
  start: Date;
  end: Date;
  closesAt: Date;
}

/** Game period `seq`'s times; undefined when no salted chain holds it. */
export function periodTimes(game: ColorGame, seq: number): PeriodTimes | undefined {
  const chain = chainOf(game, seq);
  return chain && timesIn(chain, seq - chain.offset);
}

/** The times of a chain's period `index` (from 1); undefined until the chain has its salt. */
export function timesIn(chain: repo.ChainRow, index: number): PeriodTimes | undefined {
  if (!chain.epoch) return undefined;
  const round = chain.roundSeconds * 1000;
  const seq = chain.offset + index;
  const start = chain.epoch.getTime() + (index - 1) * round;
  const end = start + round;
  return {
    seq,
    chainId: chain.id,
    index,
    period: periodName(start, chain.roundSeconds),
    start: new Date(start),
    end: new Date(end),
    closesAt: new Date(end - BETS_CLOSE_SECONDS * 1000),
  };
}

/** The game period running at `now`; before the live chain's first period starts, that first period (every earlier one has ended). */
export function seqAt(game: ColorGame, now: Date): number {
  const { live } = game;
  if (!live.epoch || now < live.epoch) return live.offset + 1;
  return Math.min(live.offset + Math.floor((now.getTime() - live.epoch.getTime()) / (live.roundSeconds * 1000)) + 1, live.offset + live.length + 1);
}

/** The period open for bets at `now`: the running one, or the live chain's first before it starts; null while the chain waits for its salt. */
export const currentPeriod = (game: ColorGame, now: Date): PeriodTimes | null =>
  game.live.epoch ? (periodTimes(game, Math.max(game.live.offset + 1, seqAt(game, now))) ?? null) : null;

export function nextPeriods(game: ColorGame, now: Date, count = 21): { period: string; startTime: string; endTime: string }[] {
  const current = currentPeriod(game, now);
  if (!current) return [];
  return Array.from({ length: count }, (_, i) => periodTimes(game, current.seq + i))
    .filter((p): p is PeriodTimes => p !== undefined && p.chainId === current.chainId)
    .map((p) => ({ period: p.period, startTime: p.start.toISOString(), endTime: p.end.toISOString() }));
}

/** The number of game period `seq`, as docs/fairness.md says anyone can recompute it: from its chain's hash at its index and that chain's salt. */
export function drawPeriod(game: ColorGame, seq: number): { chainId: number; index: number; hash: string; number: number } {
  const chain = chainOf(game, seq);
  if (!chain?.salt) throw new RangeError(`period ${seq} has no salted chain`);
  const index = seq - chain.offset;
  const hash = hashesOf(game, chain).hashAt(index);
  return { chainId: chain.id, index, hash, number: Math.floor(drawFloat(hash, chain.salt, index) * 10) };
}

export const waitingForSalt = (game: ColorGame) =>
  new AppError(
    'COLOR_WAITING',
    409,
    `The next colour game starts once its salt is published: the hash of Bitcoin block ${game.live.saltBlock}. Please come back soon.`,
  );

/**
 * One bet on the period open now: refused once bets close (5 s before its end), and while its
 * chain's seed has not proven itself (play/seed-proof.ts); the play core
 * checks every staking precondition and debits the stake in the transaction that records the bet.
 */
export async function placeBet(
  db: Db,
  config: Config,
  game: ColorGame,
  userId: string,
  input: { period: string; selection: Selection; amount: number },
  now: Date,
  requestKey?: string,
) {
  // A bet run again with its key (its first answer lost, decision 0029) answers the bet it placed,
  // even once its period has closed.
  const placed = requestKey ? await repo.findBetByKey(db, userId, requestKey) : undefined;
  if (placed) return { bet: placed, balance: await balanceOf(db, userId) };
  const open = currentPeriod(game, now);
  if (!open) throw waitingForSalt(game);
  if (input.period !== open.period) {
    throw conflict(`Period ${input.period} is not open for bets. Bet on period ${open.period}.`, 'PERIOD_CLOSED', { data: { period: open.period } });
  }
  if (now >= open.closesAt) {
    const next = periodTimes(game, open.seq + 1);
    const opens = `opens in ${Math.ceil((open.end.getTime() - now.getTime()) / 1000)} s`;
    throw conflict(
      `Bets for period ${open.period} are closed. ${next ? `Period ${next.period} ${opens}` : `The next period ${opens} at the earliest`}.`,
      'BETS_CLOSED',
    );
  }
  // A bet is taken only on a chain that proves itself, as one that does not settles nothing.
  hashesOf(game, chainOf(game, open.seq)!);
  return db.transaction(async (tx) => {
    const metadata = { period: open.period, selection: input.selection };
    const bet = await stake(tx, { game: 'color', userId, amount: input.amount, now }, betLimitsOf(config), metadata, () =>
      repo.insertBet(tx, {
        userId,
        chainId: open.chainId,
        seq: open.seq,
        period: open.period,
        selection: input.selection,
        amount: input.amount,
        requestKey: requestKey ?? null,
        createdAt: now,
      }),
    );
    return { bet, balance: await balanceOf(tx, userId) };
  });
}

/**
 * Ends period `seq`: records its result once and pays each open bet once, in one transaction
 * (bets locked; each payout under its own ledger key). Running it again changes nothing.
 */
export async function settlePeriod(db: Db, game: ColorGame, seq: number, now: Date): Promise<repo.PeriodRow> {
  const times = periodTimes(game, seq)!;
  const { chainId, hash, number } = drawPeriod(game, seq);
  await db.transaction(async (tx) => {
    await repo.insertPeriod(tx, { seq, chainId, period: times.period, startTime: times.start, endTime: times.end, number, hash, settledAt: now });
    for (const bet of await repo.lockOpenBets(tx, seq)) {
      const payout = payoutOf(bet.amount, bet.selection as Selection, number);
      await payOut(tx, { game: 'color', userId: bet.userId, wagerId: bet.id, amount: payout, now, metadata: { period: times.period, number } });
      await repo.settleBet(tx, bet.id, payout > 0 ? 'won' : 'lost', payout, now);
    }
  });
  return (await repo.findPeriod(db, seq))!;
}

/** Periods the engine keeps in history after a stop: the last day of them at most. */
const CATCH_UP = 1440;

/**
 * Settles every period that has ended by `now` and is not settled yet, oldest first, and any
 * older period that still holds open bets. Answers the results it wrote.
 */
export async function settleDue(db: Db, game: ColorGame, now: Date): Promise<repo.PeriodRow[]> {
  const running = seqAt(game, now);
  const last = await repo.lastSettledSeq(db);
  const due = new Set(await repo.seqsWithOpenBetsBefore(db, running));
  for (let seq = Math.max(last + 1, running - CATCH_UP); seq < running; seq++) due.add(seq);
  const results: repo.PeriodRow[] = [];
  for (const seq of [...due].sort((a, b) => a - b)) results.push(await settlePeriod(db, game, seq, now));
  return results;
}

/**
 * Results recorded after period `after` and before the running one, oldest first, for the engine
 * to announce. With `after` below zero (a server just started) only the latest.
 */
export async function announcedSince(db: DbOrTx, after: number, running: number): Promise<repo.PeriodRow[]> {
  const last = await repo.lastSettledSeq(db);
  if (last === 0 || last <= after || last >= running) return [];
  if (after < 0) return [(await repo.findPeriod(db, last))!];
  return repo.periodsBetween(db, after + 1, last);
}

/** The period open for bets at `now` (none while the chain waits for its salt) and the last result. */
export async function colorState(db: DbOrTx, game: ColorGame, now: Date): Promise<{ current: PeriodTimes | null; last: repo.PeriodRow | null }> {
  const [last] = (await repo.listPeriods(db, 1, 0)).rows;
  return { current: currentPeriod(game, now), last: last ?? null };
}

export async function history(db: DbOrTx, page: number, chainId?: number, size = HISTORY_PAGE) {
  const { rows, total } = await repo.listPeriods(db, size, (page - 1) * size, chainId);
  return { rows, page, totalPages: totalPages(total, size) };
}

export async function userBets(db: DbOrTx, userId: string, page: number) {
  const { rows, total } = await repo.listUserBets(db, userId, HISTORY_PAGE, (page - 1) * HISTORY_PAGE);
  return { rows, page, totalPages: totalPages(total, HISTORY_PAGE) };
}

/** One ended period, by its name. */
export async function periodNamed(db: DbOrTx, period: string): Promise<repo.PeriodRow> {
  const row = await repo.findPeriodNamed(db, period);
  if (!row) throw notFound(`Period ${period} has no result: it has not ended, or it is not a period of this game.`, 'PERIOD_NOT_FOUND');
  return row;
}

export const notStarted = () => new AppError('COLOR_NOT_READY', 503, 'Colour Prediction is starting. Please try again in a moment.');

/** Commitments newest first, a page at a time, as stored now. */
export async function commitments(db: DbOrTx, page: number) {
  const newestFirst = (await repo.listChains(db)).reverse();
  return {
    rows: newestFirst.slice((page - 1) * COMMITMENTS_PAGE, page * COMMITMENTS_PAGE),
    page,
    totalPages: totalPages(newestFirst.length, COMMITMENTS_PAGE),
  };
}
const COMMITMENTS_PAGE = 20;

const chainAudit = (c: repo.ChainRow) => ({
  chain: c.id,
  terminalHash: c.terminalHash,
  saltBlock: c.saltBlock,
  salt: c.salt,
  epoch: c.epoch?.toISOString() ?? null,
});

/** An admin enters the hash of the block a waiting chain committed to; recorded in the audit log. */
export async function adminEnterSalt(db: Db, config: Config, actorId: string, block: number, hash: string, now: Date): Promise<repo.ChainRow> {
  const chain = await db.transaction(async (tx) => {
    const salted = await enterSalt(tx, block, hash, now);
    await audit(tx, { actorId, action: 'update', entity: 'color_chain_salt', entityId: String(salted.id), before: null, after: chainAudit(salted) });
    return salted;
  });
  forgetGame(config);
  return chain;
}

/** An admin commits the next chain to a future block; recorded in the audit log. */
export async function adminCommitNextChain(db: Db, config: Config, actorId: string, block: number, now: Date): Promise<repo.ChainRow> {
  const chain = await db.transaction(async (tx) => {
    const made = await commitNextChain(tx, config, block, now);
    await audit(tx, { actorId, action: 'create', entity: 'color_chain', entityId: String(made.id), before: null, after: chainAudit(made) });
    return made;
  });
  forgetGame(config);
  return chain;
}
