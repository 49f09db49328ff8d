import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { rowFromJson } from '../../db/json-row.js';
import { statement } from '../../db/statement.js';
import { chickenRounds, seedPairs } from '../../db/schema/index.js';

/** A pair as stored: an active pair's server seed is sealed (lib/seal.ts), a retired one's in clear. */
export type SeedPairRow = typeof seedPairs.$inferSelect;

/** Creates the player's active pair unless one exists (two racing creators leave one). */
export async function insertActivePair(db: DbOrTx, pair: { userId: string; serverSeed: string; serverSeedHash: string; clientSeed: string }): Promise<void> {
  await db
    .insert(seedPairs)
    .values(pair)
    .onConflictDoNothing({ target: seedPairs.userId, where: sql`active` });
}

const activePair = statement('seed_pair_active', 'SELECT * FROM seed_pairs WHERE user_id = $1 AND active');

/** The active pair as it is now, in one prepared statement outside any transaction (a start's first read). */
export async function readActivePair(db: Db, userId: string): Promise<SeedPairRow | undefined> {
  const [row] = await activePair(db, userId);
  return row && rowFromJson(seedPairs, row);
}

export async function findActivePair(db: DbOrTx, userId: string): Promise<SeedPairRow | undefined> {
  const [row] = await db
    .select()
    .from(seedPairs)
    .where(and(eq(seedPairs.userId, userId), eq(seedPairs.active, true)));
  return row;
}

/** Locks the active pair until the transaction ends: starts, seed changes and rotations of one player queue here. */
export async function lockActivePair(db: DbOrTx, userId: string): Promise<SeedPairRow | undefined> {
  const [row] = await db
    .select()
    .from(seedPairs)
    .where(and(eq(seedPairs.userId, userId), eq(seedPairs.active, true)))
    .for('update');
  return row;
}

/** Takes the next nonce of the active pair (locking it); answers the pair with the nonce taken. */
export async function takeNonce(db: DbOrTx, userId: string): Promise<SeedPairRow | undefined> {
  const [row] = await db
    .update(seedPairs)
    .set({ nonce: sql`${seedPairs.nonce} + 1` })
    .where(and(eq(seedPairs.userId, userId), eq(seedPairs.active, true)))
    .returning();
  return row && { ...row, nonce: row.nonce - 1 };
}

export async function setClientSeed(db: DbOrTx, id: string, clientSeed: string): Promise<void> {
  await db
    .update(seedPairs)
    .set({ clientSeed })
    .where(and(eq(seedPairs.id, id), eq(seedPairs.active, true)));
}

/** Retires the pair and stores its server seed in clear: from now on it may be shown. */
export async function revealPair(db: DbOrTx, id: string, serverSeed: string, now: Date): Promise<void> {
  await db.update(seedPairs).set({ active: false, revealedAt: now, serverSeed }).where(eq(seedPairs.id, id));
}

/** Active pairs whose server seed is stored in clear (kept so before seeds were sealed), a batch at a time in the order of their ids. */
export async function unsealedActivePairs(
  db: DbOrTx,
  limit: number,
  after: string | null,
): Promise<{ id: string; userId: string; serverSeed: string; serverSeedHash: string }[]> {
  return db
    .select({ id: seedPairs.id, userId: seedPairs.userId, serverSeed: seedPairs.serverSeed, serverSeedHash: seedPairs.serverSeedHash })
    .from(seedPairs)
    .where(and(eq(seedPairs.active, true), sql`${seedPairs.serverSeed} NOT LIKE 'v1.%'`, after === null ? undefined : gt(seedPairs.id, after)))
    .orderBy(asc(seedPairs.id))
    .limit(limit);
}

export async function sealPairSeed(db: DbOrTx, id: string, clear: string, sealed: string): Promise<void> {
  await db
    .update(seedPairs)
    .set({ serverSeed: sealed })
    .where(and(eq(seedPairs.id, id), eq(seedPairs.serverSeed, clear)));
}

/** Whether a round still in play was drawn from the pair (only Chicken Road's rounds stay open between calls). */
export async function hasOpenDraw(db: DbOrTx, pairId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: chickenRounds.id })
    .from(chickenRounds)
    .where(and(eq(chickenRounds.seedPairId, pairId), eq(chickenRounds.state, 'playing')))
    .limit(1);
  return row !== undefined;
}

/** The server seed of a retired pair, or null while the pair is active. */
export async function revealedSeed(db: DbOrTx, id: string): Promise<string | null> {
  const [row] = await db
    .select({ serverSeed: seedPairs.serverSeed })
    .from(seedPairs)
    .where(and(eq(seedPairs.id, id), eq(seedPairs.active, false)));
  return row?.serverSeed ?? null;
}

/** The server seeds of those pairs that are retired (revealed), by pair id. */
export async function revealedSeeds(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: seedPairs.id, serverSeed: seedPairs.serverSeed })
    .from(seedPairs)
    .where(and(inArray(seedPairs.id, ids), eq(seedPairs.active, false)));
  return new Map(rows.map((r) => [r.id, r.serverSeed]));
}
