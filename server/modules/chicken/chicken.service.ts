import { randomUUID } from 'node:crypto';
import type { Db, Tx } from '../../db/client.js';
import type { RequestCtx } from '../../lib/context.js';
import type { AuthUser } from '../../types.js';
import { conflict, notFound, pgError, PG, unauthorized } from '../../lib/errors.js';
import { sessionCaller } from '../accounts/index.js';
import { balanceOf, ledgerRefusal } from '../ledger/index.js';
import { betLimitsOf, fastPath, payOut, readActivePair, revealedSeed, stake, takeNonce, type OpenPair } from '../play/index.js';
import { assertNotExcluded } from '../responsible/index.js';
import * as repo from './chicken.repo.js';
import { cashOutAt, newRound, paidAt, roundEnded, roundOpen, stepOutcome, type StartInput } from './chicken.rules.js';

/** A round after a call: the row, its server seed once revealed, and the player's balance in paise. */
export interface Played {
  round: repo.RoundRow;
  serverSeed: string | null;
  balance: number;
  /** go only: whether the lane was safe. */
  safe?: boolean;
}

const revealedFor = async (tx: Tx, round: repo.RoundRow) => (round.state === 'playing' ? null : await revealedSeed(tx, round.seedPairId));
const played = async (tx: Tx, userId: string, round: repo.RoundRow): Promise<Played> => ({
  round,
  serverSeed: await revealedFor(tx, round),
  balance: await balanceOf(tx, userId),
});

/**
 * A session the sign-in plugin has not read (routes with config.sessionInStatement): the one
 * statement of the fast path checks it; any other path checks it here first.
 */
export type Session = repo.UncheckedSession | undefined;

async function assertSession(db: Db, userId: string, session: Session, now: Date): Promise<void> {
  if (session && !(await sessionCaller(db, { sub: userId, sid: session.id, tv: session.tokenVersion }, false, now))) throw unauthorized();
}

/** How often a call re-reads and tries again at once when another request moved the same pair or round first. */
const ATTEMPTS = 3;

/** Most players remembered by `LastSeen` (the oldest entries go first). */
const REMEMBERED = 10_000;

class Remembered<T> {
  private readonly map = new Map<string, T>();
  get = (key: string) => this.map.get(key);
  delete = (key: string) => this.map.delete(key);
  set(key: string, value: T) {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > REMEMBERED) this.map.delete(this.map.keys().next().value!);
  }
}

/**
 * What this server last saw of each player's seed pair and open round, so that a call usually
 * needs no read before its one statement. Never trusted: the statement takes effect only if the
 * pair or round is still exactly as seen (its nonce and seeds, or its lane) and answers "retry"
 * otherwise, when the call forgets it and reads afresh. Another server, or the full path, may
 * have moved on: that costs a read, never a wrong outcome. One per app: the game's route plugin
 * makes it and hands it to every call.
 */
export class LastSeen {
  readonly pairs = new Remembered<OpenPair>();
  readonly rounds = new Remembered<repo.RoundRow>();
}

/** What a call on the player's own round says: which round (the open one when left out), the session to check, and what this app last saw. */
export interface RoundCall {
  roundId?: string;
  session?: Session;
  seen: LastSeen;
}

/**
 * Opens a round: takes the nonce, draws the traps, stakes the bet, all or nothing. The common
 * case is one statement (chicken_start_at_once); anything else (a staking precondition refused,
 * an open round, a player's first round) takes the full path of the play core, which explains.
 * With `ctx.key` (the call's Idempotency-Key) the round keeps it, and a start run again with it
 * answers that round instead of opening another (decision 0029), on either path.
 */
export async function startRound(ctx: RequestCtx<AuthUser>, { round: input, session, seen }: { round: StartInput; session?: Session; seen: LastSeen }) {
  const { db, now } = ctx;
  const userId = ctx.user.id;
  try {
    const started = await startAtOnce(ctx, input, session, seen);
    if (started) return started;
    await assertSession(db, userId, session, now);
    return await startInFull(ctx, input);
  } catch (err) {
    if (pgError(err).code !== PG.uniqueViolation) throw ledgerRefusal(err) ?? err;
    const open = await repo.findOpenRound(db, userId);
    if (!open) throw err;
    throw roundOpen(open);
  }
}

const betMetadata = (input: StartInput) => ({ difficulty: input.difficulty });

/** The traps are drawn from the pair as read; the statement takes the nonce only if the pair is still as read. */
async function startAtOnce(ctx: RequestCtx<AuthUser>, input: StartInput, session: Session, seen: LastSeen): Promise<Played | null> {
  const { db, config, now } = ctx;
  const userId = ctx.user.id;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const pair = seen.pairs.get(userId) ?? (await readActivePair(db, config.keys.seeds, userId));
    if (!pair) return null;
    const round = newRound(config, input, { id: randomUUID(), userId, seeds: pair, now, requestKey: ctx.key });
    const result = await repo.startAtOnce(db, {
      ...round,
      play: fastPath('chicken', round.id),
      limits: betLimitsOf(config),
      now,
      metadata: { game: 'chicken', ...betMetadata(input) },
      session,
    });
    if (result.outcome === 'signed-out') throw unauthorized();
    if (result.outcome === 'done') {
      // A replay took no nonce, and this server may not have seen the one its first run took.
      if (result.replayed) seen.pairs.delete(userId);
      else seen.pairs.set(userId, { ...pair, nonce: pair.nonce + 1 });
      if (result.round.state === 'playing') seen.rounds.set(userId, result.round);
      else seen.rounds.delete(userId);
      return { round: result.round, serverSeed: result.serverSeed, balance: result.balance };
    }
    seen.pairs.delete(userId);
    if (result.outcome === 'full') return null;
  }
  return null;
}

/**
 * The full path, one transaction: the seed pair's row lock queues a player's concurrent starts;
 * the partial unique index is the last word on "one open round". The play core checks every
 * staking precondition and moves the stake.
 */
async function startInFull(ctx: RequestCtx<AuthUser>, input: StartInput): Promise<Played> {
  const { db, config, now, key: requestKey } = ctx;
  const userId = ctx.user.id;
  return db.transaction(async (tx) => {
    const opened = requestKey ? await repo.findRoundByKey(tx, userId, requestKey) : undefined;
    if (opened) return played(tx, userId, opened);
    const pair = await takeNonce(tx, config.keys.seeds, userId);
    const open = await repo.findOpenRound(tx, userId);
    if (open) throw roundOpen(open);
    const round = await stake(tx, { game: 'chicken', userId, amount: input.bet, now }, betLimitsOf(config), betMetadata(input), () =>
      repo.insertRound(tx, newRound(config, input, { id: randomUUID(), userId, seeds: pair, now, requestKey })),
    );
    return played(tx, userId, round);
  });
}

async function lockPlayable(tx: Tx, userId: string, roundId: string | undefined): Promise<repo.RoundRow> {
  const round = await repo.lockRound(tx, userId, roundId);
  if (!round) throw roundId ? notFound('Round not found.', 'ROUND_NOT_FOUND') : notFound('You have no open round.', 'NO_OPEN_ROUND');
  if (round.state !== 'playing') throw roundEnded(round, await revealedFor(tx, round));
  return round;
}

/**
 * Ends the round won at `lane` and pays it, in the caller's transaction: bet × the multiplier of
 * that lane, or at lane −1 (stopped before any step) the bet itself, through the play core.
 */
async function cashOut(tx: Tx, round: repo.RoundRow, lane: number, now: Date, stepKey: string | null): Promise<repo.RoundRow> {
  const { multiplier, payout } = cashOutAt(round, lane);
  const ended = await repo.finish(tx, round.id, { state: 'won', lane, multiplier, payout }, now, stepKey);
  if (!ended) throw conflict('This round has already ended.', 'ROUND_ENDED');
  await payOut(tx, { game: 'chicken', userId: round.userId, wagerId: round.id, amount: payout, now, metadata: { multiplier: multiplier / 100 } });
  return ended;
}

/**
 * Moves the open round as `decide` says, in one statement (chicken_move_at_once) when nothing
 * stands in the way; null sends the call to its full path, which locks the round and explains.
 * The round keeps the step's key; a step run again with it gets the round as it is ("replayed").
 */
async function moveAtOnce(
  ctx: RequestCtx<AuthUser>,
  { roundId, session, seen }: RoundCall,
  refuseOnBreak: boolean,
  decide: (round: repo.RoundRow) => { state: 'lost' | 'playing' | 'won'; lane: number },
): Promise<Played | null> {
  const { db, now } = ctx;
  const userId = ctx.user.id;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const remembered = seen.rounds.get(userId);
    const round = remembered && (!roundId || remembered.id === roundId) ? remembered : await repo.readRound(db, userId, roundId);
    if (!round || round.state !== 'playing') return null;
    const next = decide(round);
    const end = next.state === 'playing' ? null : paidAt(round, next.state, next.lane);
    const result = await repo.moveAtOnce(db, {
      userId,
      roundId: round.id,
      fromLane: round.lane,
      state: next.state,
      lane: next.lane,
      multiplier: end?.multiplier ?? null,
      payout: end?.payout ?? null,
      refuseOnBreak,
      play: fastPath('chicken', round.id),
      now,
      metadata: { game: 'chicken', multiplier: (end?.multiplier ?? 0) / 100 },
      stepKey: ctx.key ?? null,
      session,
    });
    if (result.outcome === 'signed-out') throw unauthorized();
    if (result.outcome === 'done') {
      if (result.round.state === 'playing') seen.rounds.set(userId, result.round);
      else seen.rounds.delete(userId);
      return { round: result.round, serverSeed: result.serverSeed, balance: result.balance };
    }
    seen.rounds.delete(userId);
    if (result.outcome === 'full') return null;
  }
  return null;
}

/**
 * The full path's answer to a step run again with its key: the round that step moved, as it is
 * (its lane walked once, its payout paid once), or undefined when no round keeps that key.
 */
async function replayedStep(tx: Tx, userId: string, stepKey: string | undefined, roundId: string | undefined) {
  const round = stepKey ? await repo.findRoundOfStep(tx, userId, stepKey, roundId) : undefined;
  return round && played(tx, userId, round);
}

/**
 * Walks one lane (stepOutcome): lost on a trap, paid when the walk ends won. A break in force stops
 * the walk. A step run again with its key (`ctx.key`) answers the round as that step left it.
 */
export async function stepRound(ctx: RequestCtx<AuthUser>, call: RoundCall) {
  const { db, now, key: stepKey } = ctx;
  const { roundId, session } = call;
  const userId = ctx.user.id;
  try {
    const moved = await moveAtOnce(ctx, call, true, stepOutcome);
    if (moved) return { ...moved, safe: moved.round.state !== 'lost' };
  } catch (err) {
    throw ledgerRefusal(err) ?? err;
  }
  await assertSession(db, userId, session, now);
  return db.transaction(async (tx) => {
    const replayed = await replayedStep(tx, userId, stepKey, roundId);
    if (replayed) return { ...replayed, safe: replayed.round.state !== 'lost' };
    const round = await lockPlayable(tx, userId, roundId);
    // A player who has just taken a break can still cash out the open round, but not walk on.
    await assertNotExcluded(tx, userId, now);
    const step = stepOutcome(round);
    const key = stepKey ?? null;
    if (step.state === 'lost') {
      const lost = await repo.finish(tx, round.id, { state: 'lost', lane: step.lane, ...paidAt(round, 'lost', step.lane) }, now, key);
      return { ...(await played(tx, userId, lost!)), safe: false };
    }
    const next = step.state === 'won' ? await cashOut(tx, round, step.lane, now, key) : await repo.advance(tx, round.id, step.lane, key);
    return { ...(await played(tx, userId, next!)), safe: true };
  });
}

/**
 * Cash-out: pays bet × the multiplier of the last safe lane. Before the first step it ends the
 * round by returning the bet, so a client that only calls start and stop never leaves a round
 * open. Amounts in the request are never read. A stop run again with its key (`ctx.key`) answers
 * the round it ended, paid once.
 */
export async function stopRound(ctx: RequestCtx<AuthUser>, call: RoundCall) {
  const { db, now, key: stepKey } = ctx;
  const { roundId, session } = call;
  const userId = ctx.user.id;
  try {
    const moved = await moveAtOnce(ctx, call, false, (round) => ({ state: 'won', lane: round.lane }));
    if (moved) return moved;
  } catch (err) {
    throw ledgerRefusal(err) ?? err;
  }
  await assertSession(db, userId, session, now);
  return db.transaction(async (tx) => {
    const replayed = await replayedStep(tx, userId, stepKey, roundId);
    if (replayed) return replayed;
    const round = await lockPlayable(tx, userId, roundId);
    const won = await cashOut(tx, round, round.lane, now, stepKey ?? null);
    return played(tx, userId, won);
  });
}

/** The player's open round, or null. */
export async function activeRound(ctx: RequestCtx<AuthUser>): Promise<repo.RoundRow | null> {
  return (await repo.findOpenRound(ctx.db, ctx.user.id)) ?? null;
}
