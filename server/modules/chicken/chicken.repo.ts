import { and, count, desc, eq, getTableColumns, gte, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
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
