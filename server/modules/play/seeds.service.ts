import type { Db, DbOrTx, Tx } from '../../db/client.js';
import type { RequestCtx } from '../../lib/context.js';
import { AppError, conflict } from '../../lib/errors.js';
import type { AuthUser } from '../../types.js';
import { isSealed, seal, unseal } from '../../lib/seal.js';
import { newClientSeed, newServerSeed, sha256Hex } from './play.draw.js';
import { seedUnproven, STORED_IN_CLEAR } from './seed-proof.js';
import * as repo from './seeds.repo.js';

/**
 * The key unrevealed server seeds are sealed under (config.keys.seeds, from APP_SECRET): the
 * database alone holds no seed still in play, so a copy of it foretells no result.
 */
export type SeedKey = string;

/** An active pair with its server seed opened: for drawing, never for showing. */
export type OpenPair = repo.SeedPairRow;

const pairName = (row: Pick<repo.SeedPairRow, 'id' | 'userId'>) => `seed pair ${row.id} (player ${row.userId})`;
const NOT_ITS_HASH = 'its server seed does not hash to its server_seed_hash';

/**
 * Opens an active pair's sealed seed for a draw, and proves it: its SHA-256 must be the
 * `server_seed_hash` players were shown (seed-proof.ts). A seed sealed under another key cannot
 * be drawn from; one stored in clear, or not matching its hash, is refused.
 */
function opened(key: SeedKey, row: repo.SeedPairRow): OpenPair {
  if (!row.active) return row;
  if (!isSealed(row.serverSeed)) throw seedUnproven(pairName(row), STORED_IN_CLEAR);
  const serverSeed = unseal(key, row.serverSeed);
  if (serverSeed === null) {
    throw new AppError('SEED_SEALED', 503, 'The game cannot read its seeds: the server was started with another APP_SECRET.');
  }
  if (sha256Hex(serverSeed) !== row.serverSeedHash) throw seedUnproven(pairName(row), NOT_ITS_HASH);
  return { ...row, serverSeed };
}

async function createPair(db: DbOrTx, key: SeedKey, userId: string, clientSeed = newClientSeed()): Promise<void> {
  const serverSeed = newServerSeed();
  await repo.insertActivePair(db, { userId, serverSeed: seal(key, serverSeed), serverSeedHash: sha256Hex(serverSeed), clientSeed });
}

/** The player's active pair (its seed still sealed), created on first use. */
async function ensurePair(db: DbOrTx, key: SeedKey, userId: string): Promise<repo.SeedPairRow> {
  const found = await repo.findActivePair(db, userId);
  if (found) return found;
  await createPair(db, key, userId);
  return (await repo.findActivePair(db, userId))!;
}

/** The caller's active pair (its seed still sealed), created on first use. */
export async function currentPair(ctx: RequestCtx<AuthUser>): Promise<repo.SeedPairRow> {
  return ensurePair(ctx.db, ctx.config.keys.seeds, ctx.user.id);
}

/** Takes the nonce for a new bet inside the bet's transaction, holding the pair's lock until it commits. */
export async function takeNonce(tx: Tx, key: SeedKey, userId: string): Promise<OpenPair> {
  const taken = await repo.takeNonce(tx, userId);
  if (taken) return opened(key, taken);
  await createPair(tx, key, userId);
  const retried = await repo.takeNonce(tx, userId);
  if (!retried) throw new AppError('RETRY', 409, 'The request collided with another one. Please try again.');
  return opened(key, retried);
}

const SEEDS_CHANGED = 'Your seeds were changed by another request at the same moment. Please look at them and try again.';

/** An open round was drawn from the active pair: changing or revealing it now would spoil or expose that round. */
async function lockIdlePair(tx: Tx, key: SeedKey, userId: string): Promise<repo.SeedPairRow> {
  await ensurePair(tx, key, userId);
  const pair = await repo.lockActivePair(tx, userId);
  // Waiting for the lock, we saw another request retire the pair we found: it changed the seeds first.
  if (!pair) throw conflict(SEEDS_CHANGED, 'SEEDS_CHANGED');
  if (await repo.hasOpenDraw(tx, pair.id)) {
    throw conflict('Finish your open round before changing seeds.', 'ROUND_OPEN');
  }
  return pair;
}

/** Sets the caller's client seed; answers the pair as it is now. */
export async function changeClientSeed(ctx: RequestCtx<AuthUser>, { clientSeed }: { clientSeed: string }): Promise<repo.SeedPairRow> {
  return ctx.db.transaction(async (tx) => {
    const pair = await lockIdlePair(tx, ctx.config.keys.seeds, ctx.user.id);
    await repo.setClientSeed(tx, pair.id, clientSeed);
    return { ...pair, clientSeed };
  });
}

/** A rotation: the retired pair, its server seed revealed, and the new active one. */
export interface Rotated {
  previous: OpenPair;
  next: repo.SeedPairRow;
}

/** Reveals the active server seed (stored in clear from now on) and starts a new pair at nonce 0. */
export async function rotate(ctx: RequestCtx<AuthUser>, { clientSeed }: { clientSeed?: string }): Promise<Rotated> {
  const key = ctx.config.keys.seeds;
  const userId = ctx.user.id;
  return ctx.db.transaction(async (tx) => {
    const previous = opened(key, await lockIdlePair(tx, key, userId));
    await repo.revealPair(tx, previous.id, previous.serverSeed, ctx.now);
    await createPair(tx, key, userId, clientSeed);
    const next = await repo.findActivePair(tx, userId);
    if (!next) throw conflict(SEEDS_CHANGED, 'SEEDS_CHANGED');
    return { previous, next };
  });
}

/** The revealed server seeds of retired pairs (a seed stays secret while its pair is active). */
export const revealedSeeds = (db: DbOrTx, pairIds: string[]) => repo.revealedSeeds(db, pairIds);

/** The server seed of one retired pair, or null while it is active. */
export const revealedSeed = (db: DbOrTx, pairId: string) => repo.revealedSeed(db, pairId);

/** The active pair as it is now, its seed opened, outside any transaction (a fast path's first read). */
export async function readActivePair(db: Db, key: SeedKey, userId: string): Promise<OpenPair | undefined> {
  const row = await repo.readActivePair(db, userId);
  return row && opened(key, row);
}

/**
 * Seals every active pair's seed still stored in clear (pairs made before seeds were sealed), once
 * it proves itself against its hash; one that does not is left as it is and refused (it is never
 * drawn from). Run at start-up; safe to run again or on two servers at once. Answers how many it sealed.
 */
export async function sealActiveSeeds(db: DbOrTx, key: SeedKey): Promise<number> {
  let sealed = 0;
  let after: string | null = null;
  for (;;) {
    const batch = await repo.unsealedActivePairs(db, 500, after);
    for (const row of batch) {
      if (sha256Hex(row.serverSeed) !== row.serverSeedHash) {
        seedUnproven(pairName(row), NOT_ITS_HASH);
        continue;
      }
      await repo.sealPairSeed(db, row.id, row.serverSeed, seal(key, row.serverSeed));
      sealed++;
    }
    if (batch.length < 500) return sealed;
    after = batch.at(-1)!.id;
  }
}

export type SeedPairRow = repo.SeedPairRow;
