import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { AppError, conflict } from '../../lib/errors.js';
import { newClientSeed, newServerSeed, sha256Hex } from './play.draw.js';
import * as repo from './seeds.repo.js';

export interface FairnessView {
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
}

const publicPair = (p: repo.SeedPairRow): FairnessView => ({ serverSeedHash: p.serverSeedHash, clientSeed: p.clientSeed, nonce: p.nonce });

async function createPair(db: DbOrTx, userId: string, clientSeed = newClientSeed()): Promise<void> {
  const serverSeed = newServerSeed();
  await repo.insertActivePair(db, { userId, serverSeed, serverSeedHash: sha256Hex(serverSeed), clientSeed });
}

/** The player's active pair, created on first use. */
export async function ensurePair(db: DbOrTx, userId: string): Promise<repo.SeedPairRow> {
  const found = await repo.findActivePair(db, userId);
  if (found) return found;
  await createPair(db, userId);
  return (await repo.findActivePair(db, userId))!;
}

export async function currentPair(db: DbOrTx, userId: string): Promise<FairnessView> {
  return publicPair(await ensurePair(db, userId));
}

/** Takes the nonce for a new bet inside the bet's transaction, holding the pair's lock until it commits. */
export async function takeNonce(tx: Tx, userId: string): Promise<repo.SeedPairRow> {
  const taken = await repo.takeNonce(tx, userId);
  if (taken) return taken;
  await createPair(tx, userId);
  const retried = await repo.takeNonce(tx, userId);
  if (!retried) throw new AppError('RETRY', 409, 'The request collided with another one. Please try again.');
  return retried;
}

const SEEDS_CHANGED = 'Your seeds were changed by another request at the same moment. Please look at them and try again.';

/** An open round was drawn from the active pair: changing or revealing it now would spoil or expose that round. */
async function lockIdlePair(tx: Tx, userId: string): Promise<repo.SeedPairRow> {
  await ensurePair(tx, userId);
  const pair = await repo.lockActivePair(tx, userId);
  // Waiting for the lock, we saw another request retire the pair we found: it changed the seeds first.
  if (!pair) throw conflict(SEEDS_CHANGED, 'SEEDS_CHANGED');
  if (await repo.hasOpenDraw(tx, pair.id)) {
    throw conflict('Finish your open round before changing seeds.', 'ROUND_OPEN');
  }
  return pair;
}

export async function changeClientSeed(db: Db, userId: string, clientSeed: string): Promise<FairnessView> {
  return db.transaction(async (tx) => {
    const pair = await lockIdlePair(tx, userId);
    await repo.setClientSeed(tx, pair.id, clientSeed);
    return { ...publicPair(pair), clientSeed };
  });
}

export interface RotateView extends FairnessView {
  previousServerSeed: string;
  previousServerSeedHash: string;
  previousClientSeed: string;
  previousNonce: number;
}

/** Reveals the active server seed and starts a new pair at nonce 0. */
export async function rotate(db: Db, userId: string, now: Date, clientSeed?: string): Promise<RotateView> {
  return db.transaction(async (tx) => {
    const old = await lockIdlePair(tx, userId);
    await repo.revealPair(tx, old.id, now);
    await createPair(tx, userId, clientSeed);
    const next = await repo.findActivePair(tx, userId);
    if (!next) throw conflict(SEEDS_CHANGED, 'SEEDS_CHANGED');
    return {
      previousServerSeed: old.serverSeed,
      previousServerSeedHash: old.serverSeedHash,
      previousClientSeed: old.clientSeed,
      previousNonce: old.nonce,
      ...publicPair(next),
    };
  });
}

/** The revealed server seeds of retired pairs (a seed stays secret while its pair is active). */
export const revealedSeeds = (db: DbOrTx, pairIds: string[]) => repo.revealedSeeds(db, pairIds);

/** The server seed of one retired pair, or null while it is active. */
export const revealedSeed = (db: DbOrTx, pairId: string) => repo.revealedSeed(db, pairId);

/** The active pair as it is now, outside any transaction (a fast path's first read). */
export const readActivePair = (db: Db, userId: string) => repo.readActivePair(db, userId);

export type SeedPairRow = repo.SeedPairRow;
