import { HISTORY_PAGE, payoutOf, type Selection } from '../../../contracts/color.js';
import type { Ctx, RequestCtx } from '../../lib/context.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { totalPages } from '../../lib/paging.js';
import { balanceOf } from '../ledger/index.js';
import { betLimitsOf, drawFloat, payOut, stake } from '../play/index.js';
import { audit } from '../audit/index.js';
import type { AuthUser } from '../../types.js';
import { commitNextChain, enterSalt, hashesOf, type ColorChains, type ColorGame } from './color.chains.js';
import * as repo from './color.repo.js';
import { chainOf, currentPeriod, periodTimes, seqAt, type PeriodTimes } from './color.rules.js';

export { type ColorChains, type ColorGame } from './color.chains.js';

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
  ctx: RequestCtx<AuthUser>,
  { game, bet: input }: { game: ColorGame; bet: { period: string; selection: Selection; amount: number } },
) {
  const { db, config, now, key: requestKey } = ctx;
  const userId = ctx.user.id;
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

/** What settling needs: the database, and the instant the periods are settled at. */
type SettleCtx = Pick<Ctx, 'db' | 'now'>;

/**
 * Ends period `seq`: records its result once and pays each open bet once, in one transaction
 * (bets locked; each payout under its own ledger key). Running it again changes nothing.
 */
export async function settlePeriod({ db, now }: SettleCtx, { game, seq }: { game: ColorGame; seq: number }): Promise<repo.PeriodRow> {
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
export async function settleDue(ctx: SettleCtx, { game }: { game: ColorGame }): Promise<repo.PeriodRow[]> {
  const running = seqAt(game, ctx.now);
  const last = await repo.lastSettledSeq(ctx.db);
  const due = new Set(await repo.seqsWithOpenBetsBefore(ctx.db, running));
  for (let seq = Math.max(last + 1, running - CATCH_UP); seq < running; seq++) due.add(seq);
  const results: repo.PeriodRow[] = [];
  for (const seq of [...due].sort((a, b) => a - b)) results.push(await settlePeriod(ctx, { game, seq }));
  return results;
}

/**
 * Results recorded after period `after` and before the running one, oldest first, for the engine
 * to announce. With `after` below zero (a server just started) only the latest.
 */
export async function announcedSince({ db }: Pick<Ctx, 'db'>, { after, running }: { after: number; running: number }): Promise<repo.PeriodRow[]> {
  const last = await repo.lastSettledSeq(db);
  if (last === 0 || last <= after || last >= running) return [];
  if (after < 0) return [(await repo.findPeriod(db, last))!];
  return repo.periodsBetween(db, after + 1, last);
}

/** The period open for bets at `ctx.now` (none while the chain waits for its salt) and the last result. */
export async function colorState(ctx: Ctx, { game }: { game: ColorGame }): Promise<{ current: PeriodTimes | null; last: repo.PeriodRow | null }> {
  const [last] = (await repo.listPeriods(ctx.db, 1, 0)).rows;
  return { current: currentPeriod(game, ctx.now), last: last ?? null };
}

/** Ended periods, newest first, a page of `size` at a time; of one chain when `chain` is given. */
export async function history(ctx: Ctx, { page, chain, size = HISTORY_PAGE }: { page: number; chain?: number; size?: number }) {
  const { rows, total } = await repo.listPeriods(ctx.db, size, (page - 1) * size, chain);
  return { rows, page, totalPages: totalPages(total, size) };
}

/** The caller's bets, newest first, a page at a time. */
export async function userBets(ctx: RequestCtx<AuthUser>, { page }: { page: number }) {
  const { rows, total } = await repo.listUserBets(ctx.db, ctx.user.id, HISTORY_PAGE, (page - 1) * HISTORY_PAGE);
  return { rows, page, totalPages: totalPages(total, HISTORY_PAGE) };
}

/** One ended period, by its name. */
export async function periodNamed(ctx: Ctx, { period }: { period: string }): Promise<repo.PeriodRow> {
  const row = await repo.findPeriodNamed(ctx.db, period);
  if (!row) throw notFound(`Period ${period} has no result: it has not ended, or it is not a period of this game.`, 'PERIOD_NOT_FOUND');
  return row;
}

export const notStarted = () => new AppError('COLOR_NOT_READY', 503, 'Colour Prediction is starting. Please try again in a moment.');

/** Commitments newest first, a page at a time, as stored now. */
export async function commitments(ctx: Ctx, { page }: { page: number }) {
  const newestFirst = (await repo.listChains(ctx.db)).reverse();
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

/** An admin enters the hash of the block a waiting chain committed to; recorded in the audit log. The app's `chains` read it again. */
export async function adminEnterSalt(
  ctx: RequestCtx<AuthUser>,
  { chains, block, hash }: { chains: ColorChains; block: number; hash: string },
): Promise<repo.ChainRow> {
  const actorId = ctx.user.id;
  const chain = await ctx.db.transaction(async (tx) => {
    const salted = await enterSalt(tx, block, hash, ctx.now);
    await audit(tx, { actorId, action: 'update', entity: 'color_chain_salt', entityId: String(salted.id), before: null, after: chainAudit(salted) });
    return salted;
  });
  chains.forget();
  return chain;
}

/** An admin commits the next chain to a future block; recorded in the audit log. The app's `chains` read it again. */
export async function adminCommitNextChain(ctx: RequestCtx<AuthUser>, { chains, block }: { chains: ColorChains; block: number }): Promise<repo.ChainRow> {
  const actorId = ctx.user.id;
  const chain = await ctx.db.transaction(async (tx) => {
    const made = await commitNextChain(tx, ctx.config, block, ctx.now);
    await audit(tx, { actorId, action: 'create', entity: 'color_chain', entityId: String(made.id), before: null, after: chainAudit(made) });
    return made;
  });
  chains.forget();
  return chain;
}
