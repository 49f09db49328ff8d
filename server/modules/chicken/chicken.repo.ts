import { and, count, desc, eq, getTableColumns, gte, lt, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { rowFromJson } from '../../db/json-row.js';
import { statement } from '../../db/statement.js';
import { chickenRounds, seedPairs } from '../../db/schema/index.js';
import { sessionHoldsSql } from '../accounts/index.js';

export type RoundRow = typeof chickenRounds.$inferSelect;
export type NewRound = typeof chickenRounds.$inferInsert;
/** A round with the server seed of its pair, present once the pair has been rotated. */
export type RoundWithSeed = RoundRow & { serverSeed: string | null };

export async function insertRound(db: DbOrTx, round: NewRound): Promise<RoundRow> {
  const [row] = await db.insert(chickenRounds).values(round).returning();
  return row;
}

export async function findOpenRound(db: DbOrTx, userId: string): Promise<RoundRow | undefined> {
  const [row] = await db
    .select()
    .from(chickenRounds)
    .where(and(eq(chickenRounds.userId, userId), eq(chickenRounds.state, 'playing')));
  return row;
}

/**
 * Locks the player's round until the transaction ends: the named one, or the open one. Every
 * step and cash-out of a round queues on this lock, so each sees the state the previous left.
 */
export async function lockRound(db: DbOrTx, userId: string, roundId?: string): Promise<RoundRow | undefined> {
  const [row] = await db
    .select()
    .from(chickenRounds)
    .where(and(eq(chickenRounds.userId, userId), roundId ? eq(chickenRounds.id, roundId) : eq(chickenRounds.state, 'playing')))
    .for('update');
  return row;
}

const roundById = statement('chicken_round_by_id', 'SELECT * FROM chicken_rounds WHERE id = $1 AND user_id = $2');
const openRound = statement('chicken_open_round', "SELECT * FROM chicken_rounds WHERE user_id = $1 AND state = 'playing'");
/**
 * The caller's session, checked in the money statement itself when the sign-in plugin left it to
 * the route (routes with config.sessionInStatement, decision 16): nothing moves unless it holds.
 * A null session id means it was checked on the way in.
 */
const sessionHolds = (user: string, session: string, version: string, now: string) =>
  `(${session}::uuid IS NULL OR ${sessionHoldsSql(user, `${session}::uuid`, `${version}::integer`, `${now}::timestamptz`)})`;
const SIGNED_OUT = `'{"outcome": "signed-out"}'::jsonb`;
const args = (n: number) => Array.from({ length: n }, (_, i) => `$${i + 1}`).join(', ');
const startStatement = statement(
  'chicken_start_at_once',
  `SELECT CASE WHEN ${sessionHolds('$1', '$22', '$23', '$19')} THEN chicken_start_at_once(${args(21)}) ELSE ${SIGNED_OUT} END AS r`,
);
const moveStatement = statement(
  'chicken_move_at_once',
  `SELECT CASE WHEN ${sessionHolds('$1', '$15', '$16', '$12')} THEN chicken_move_at_once(${args(14)}) ELSE ${SIGNED_OUT} END AS r`,
);

/** What the play core hands a one-statement call: the game, the house account and the wager's ledger names. */
export interface FastPathNames {
  gameType: string | null;
  house: string;
  reference: string;
  stakeKey: string;
  payoutKey: string;
}

/** A session the money statement must check: its id and the token version the access token carries. */
export interface UncheckedSession {
  id: string;
  tokenVersion: number;
}

/** The player's round as it is now, without a lock: the named one, or the open one. */
export async function readRound(db: Db, userId: string, roundId?: string): Promise<RoundRow | undefined> {
  const [row] = roundId ? await roundById(db, roundId, userId) : await openRound(db, userId);
  return row && rowFromJson(chickenRounds, row);
}

/**
 * What a money function of migration 0018 (0025) answered: done with the new state, or go round
 * again (retry), or take the full path. `replayed`: the call's key was found on the round, which
 * is answered as it is (nothing moved).
 */
export type AtOnce =
  { outcome: 'retry' | 'full' | 'signed-out' } | { outcome: 'done'; round: RoundRow; balance: number; serverSeed: string | null; replayed: boolean };

type Answer = {
  outcome: 'done' | 'retry' | 'full' | 'signed-out';
  round?: Record<string, unknown>;
  balance?: number;
  serverSeed?: string | null;
  replayed?: boolean;
};

function atOnce(rows: Record<string, unknown>[]): AtOnce {
  const answer = rows[0].r as Answer;
  if (answer.outcome !== 'done') return { outcome: answer.outcome };
  return {
    outcome: 'done',
    round: rowFromJson(chickenRounds, answer.round!),
    balance: Number(answer.balance),
    serverSeed: answer.serverSeed ?? null,
    replayed: answer.replayed === true,
  };
}

/**
 * chicken_start_at_once: takes the nonce the traps were drawn at, opens the round and debits the
 * bet, in one statement; the round keeps the call's key (`requestKey`), and a start run again with
 * it answers that round.
 */
export async function startAtOnce(
  db: Db,
  r: Omit<NewRound, 'id' | 'state' | 'lane' | 'multiplier' | 'payout' | 'createdAt' | 'endedAt' | 'stepKey'> & {
    id: string;
    play: FastPathNames;
    limits: { minBet: number; maxBet: number };
    now: Date;
    metadata: Record<string, unknown>;
    session?: UncheckedSession;
  },
): Promise<AtOnce> {
  return atOnce(
    await startStatement(
      db,
      r.userId,
      r.id,
      r.seedPairId,
      r.serverSeedHash,
      r.clientSeed,
      r.nonce,
      r.difficulty,
      r.rtpPpm,
      r.bet,
      r.maxWin,
      r.autoCashout ?? null,
      `{${r.traps.join(',')}}`,
      r.play.gameType,
      r.limits.minBet,
      r.limits.maxBet,
      r.play.house,
      r.play.reference,
      r.play.stakeKey,
      r.now.toISOString(),
      JSON.stringify(r.metadata),
      r.requestKey ?? null,
      r.session?.id ?? null,
      r.session?.tokenVersion ?? null,
    ),
  );
}

/**
 * chicken_move_at_once: moves the round on from `fromLane`, or ends it and pays, in one statement;
 * the round keeps the step's key (`stepKey`), and a step run again with it answers the round.
 */
export async function moveAtOnce(
  db: Db,
  m: {
    userId: string;
    roundId: string;
    fromLane: number;
    state: RoundRow['state'];
    lane: number;
    multiplier: number | null;
    payout: number | null;
    refuseOnBreak: boolean;
    play: FastPathNames;
    now: Date;
    metadata: Record<string, unknown>;
    stepKey: string | null;
    session?: UncheckedSession;
  },
): Promise<AtOnce> {
  return atOnce(
    await moveStatement(
      db,
      m.userId,
      m.roundId,
      m.fromLane,
      m.state,
      m.lane,
      m.multiplier,
      m.payout,
      m.refuseOnBreak,
      m.play.house,
      m.play.reference,
      m.play.payoutKey,
      m.now.toISOString(),
      JSON.stringify(m.metadata),
      m.stepKey,
      m.session?.id ?? null,
      m.session?.tokenVersion ?? null,
    ),
  );
}

/** The player's round opened by the start with this Idempotency-Key, if one was. */
export async function findRoundByKey(db: DbOrTx, userId: string, requestKey: string): Promise<RoundRow | undefined> {
  const [row] = await db
    .select()
    .from(chickenRounds)
    .where(and(eq(chickenRounds.userId, userId), eq(chickenRounds.requestKey, requestKey)));
  return row;
}

/**
 * The round whose last step came with this Idempotency-Key: the named round, or else the player's
 * latest (a step's key is kept on its round only until the next step, and has no index).
 */
export async function findRoundOfStep(db: DbOrTx, userId: string, stepKey: string, roundId?: string): Promise<RoundRow | undefined> {
  const latest = db
    .select({ id: chickenRounds.id })
    .from(chickenRounds)
    .where(eq(chickenRounds.userId, userId))
    .orderBy(desc(chickenRounds.createdAt), desc(chickenRounds.id))
    .limit(1);
  const [row] = await db
    .select()
    .from(chickenRounds)
    .where(and(eq(chickenRounds.userId, userId), eq(chickenRounds.stepKey, stepKey), roundId ? eq(chickenRounds.id, roundId) : eq(chickenRounds.id, latest)));
  return row;
}

/** Moves an open round one lane on, keeping the step's key. Conditional on the round still being open. */
export async function advance(db: DbOrTx, id: string, lane: number, stepKey: string | null): Promise<RoundRow | undefined> {
  const [row] = await db
    .update(chickenRounds)
    .set({ lane, stepKey })
    .where(and(eq(chickenRounds.id, id), eq(chickenRounds.state, 'playing')))
    .returning();
  return row;
}

/** Ends an open round, keeping the step's key; answers nothing when it had already ended. */
export async function finish(
  db: DbOrTx,
  id: string,
  end: { state: 'won' | 'lost'; lane: number; multiplier: number; payout: number },
  now: Date,
  stepKey: string | null,
): Promise<RoundRow | undefined> {
  const [row] = await db
    .update(chickenRounds)
    .set({ ...end, endedAt: now, stepKey })
    .where(and(eq(chickenRounds.id, id), eq(chickenRounds.state, 'playing')))
    .returning();
  return row;
}

/** The player's rounds, newest first, with each round's server seed once revealed. */
export async function listRounds(db: DbOrTx, userId: string, limit: number, offset: number, endedOnly = false): Promise<RoundWithSeed[]> {
  return db
    .select({ ...getTableColumns(chickenRounds), serverSeed: sql<string | null>`CASE WHEN ${seedPairs.active} THEN NULL ELSE ${seedPairs.serverSeed} END` })
    .from(chickenRounds)
    .innerJoin(seedPairs, eq(seedPairs.id, chickenRounds.seedPairId))
    .where(and(eq(chickenRounds.userId, userId), endedOnly ? ne(chickenRounds.state, 'playing') : undefined))
    .orderBy(desc(chickenRounds.createdAt), desc(chickenRounds.id))
    .limit(limit)
    .offset(offset);
}

export async function countRounds(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(chickenRounds).where(eq(chickenRounds.userId, userId));
  return Number(row?.n ?? 0);
}

/** A player's rounds started from `from` (included) to `to` (excluded), oldest first: their statement. */
export async function roundsBetween(db: DbOrTx, userId: string, from: Date, to: Date, max: number): Promise<RoundRow[]> {
  return db
    .select()
    .from(chickenRounds)
    .where(and(eq(chickenRounds.userId, userId), gte(chickenRounds.createdAt, from), lt(chickenRounds.createdAt, to)))
    .orderBy(chickenRounds.createdAt, chickenRounds.id)
    .limit(max);
}
