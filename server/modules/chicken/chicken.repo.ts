import { and, count, desc, eq, getTableColumns, gte, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rowFromJson } from '../../db/json-row.js';
import { chickenRounds, seedPairs } from '../../db/schema/index.js';

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

const roundOf = (userId: string, roundId?: string) =>
  and(eq(chickenRounds.userId, userId), roundId ? eq(chickenRounds.id, roundId) : eq(chickenRounds.state, 'playing'));

/**
 * Locks the player's round until the transaction ends: the named one, or the open one. Every
 * step and cash-out of a round queues on this lock, so each sees the state the previous left.
 */
export async function lockRound(db: DbOrTx, userId: string, roundId?: string): Promise<RoundRow | undefined> {
  const [row] = await db.select().from(chickenRounds).where(roundOf(userId, roundId)).for('update');
  return row;
}

/** The player's round as it is now, without a lock: the named one, or the open one. */
export async function readRound(db: DbOrTx, userId: string, roundId?: string): Promise<RoundRow | undefined> {
  const [row] = await db.select().from(chickenRounds).where(roundOf(userId, roundId));
  return row;
}

/** What a money function of migration 0015 answered: done with the new state, or go round again (retry), or take the full path. */
export type AtOnce = { outcome: 'retry' | 'full' } | { outcome: 'done'; round: RoundRow; balance: number; serverSeed: string | null };

function atOnce(result: unknown): AtOnce {
  const answer = (
    result as { rows: { r: { outcome: 'done' | 'retry' | 'full'; round?: Record<string, unknown>; balance?: number; serverSeed?: string | null } }[] }
  ).rows[0].r;
  if (answer.outcome !== 'done') return { outcome: answer.outcome };
  return { outcome: 'done', round: rowFromJson(chickenRounds, answer.round!), balance: Number(answer.balance), serverSeed: answer.serverSeed ?? null };
}

const pgArray = (values: number[]) => `{${values.join(',')}}`;

/** chicken_start_at_once: takes the nonce the traps were drawn at, opens the round and debits the bet, in one statement. */
export async function startAtOnce(
  db: DbOrTx,
  r: Omit<NewRound, 'id' | 'state' | 'lane' | 'multiplier' | 'payout' | 'createdAt' | 'endedAt' | 'serverSeedHash'> & {
    now: Date;
    metadata: Record<string, unknown>;
  },
): Promise<AtOnce> {
  return atOnce(
    await db.execute(sql`SELECT chicken_start_at_once(${r.userId}::uuid, ${r.seedPairId}::uuid, ${r.clientSeed}, ${r.nonce}::integer, ${r.difficulty},
      ${r.rtpPpm}::integer, ${r.bet}::bigint, ${r.maxWin}::bigint, ${r.autoCashout ?? null}::integer, ${pgArray(r.traps)}::smallint[],
      ${r.now.toISOString()}::timestamptz, ${JSON.stringify(r.metadata)}::jsonb) AS r`),
  );
}

/** chicken_move_at_once: moves the round on from `fromLane`, or ends it and pays, in one statement. */
export async function moveAtOnce(
  db: DbOrTx,
  m: {
    userId: string;
    roundId: string;
    fromLane: number;
    state: RoundRow['state'];
    lane: number;
    multiplier: number | null;
    payout: number | null;
    refuseOnBreak: boolean;
    now: Date;
    metadata: Record<string, unknown>;
  },
): Promise<AtOnce> {
  return atOnce(
    await db.execute(sql`SELECT chicken_move_at_once(${m.userId}::uuid, ${m.roundId}::uuid, ${m.fromLane}::integer, ${m.state}, ${m.lane}::integer,
      ${m.multiplier}::integer, ${m.payout}::bigint, ${m.refuseOnBreak}::boolean, ${m.now.toISOString()}::timestamptz, ${JSON.stringify(m.metadata)}::jsonb) AS r`),
  );
}

/** Moves an open round one lane on. Conditional on the round still being open. */
export async function advance(db: DbOrTx, id: string, lane: number): Promise<RoundRow | undefined> {
  const [row] = await db
    .update(chickenRounds)
    .set({ lane })
    .where(and(eq(chickenRounds.id, id), eq(chickenRounds.state, 'playing')))
    .returning();
  return row;
}

/** Ends an open round; answers nothing when it had already ended. */
export async function finish(
  db: DbOrTx,
  id: string,
  end: { state: 'won' | 'lost'; lane: number; multiplier: number; payout: number },
): Promise<RoundRow | undefined> {
  const [row] = await db
    .update(chickenRounds)
    .set({ ...end, endedAt: new Date() })
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
