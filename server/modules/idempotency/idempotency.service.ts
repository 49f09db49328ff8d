import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import * as repo from './idempotency.repo.js';

const STALE_CLAIM_MS = 60_000;

export type ClaimOutcome = { kind: 'claimed' } | { kind: 'replay'; statusCode: number; response: unknown };

/**
 * The first request with a key claims it (a primary key on caller + key, so concurrent
 * duplicates cannot both run). A later one replays the stored answer; one that arrives while
 * the first is still running gets 409; the same key on a different request gets 422.
 */
export async function claim(db: DbOrTx, userId: string, key: string, fingerprint: string, now: Date): Promise<ClaimOutcome> {
  if (await repo.claimKey(db, { userId, key, fingerprint, createdAt: now })) return { kind: 'claimed' };
  const seen = await repo.findKey(db, userId, key);
  if (!seen) throw new AppError('RETRY', 409, 'The request collided with another one. Please try again.');
  if (seen.fingerprint !== fingerprint) {
    throw new AppError('IDEMPOTENCY_KEY_REUSED', 422, 'This Idempotency-Key was already used for a different request.');
  }
  if (seen.statusCode === null) {
    // A claim left by a process that died mid-request would block the key for ever; after a
    // minute it is taken over. Nothing is done twice: the call's effect carries the key
    // (plugins/idempotency.ts requestKey), and the call run again answers it.
    if (await repo.takeOverStaleClaim(db, userId, key, STALE_CLAIM_MS, now)) return { kind: 'claimed' };
    throw new AppError('IDEMPOTENCY_IN_PROGRESS', 409, 'The same request is still being processed. Please wait a moment.');
  }
  return { kind: 'replay', statusCode: seen.statusCode, response: seen.response };
}

/**
 * Stores the answer for replays; a server error releases the key so the call can be retried. A
 * 503 may follow a commit whose answer was lost (the connection broke after COMMIT): the retry
 * finds that effect by its key and answers it (docs/decisions/0029-unknown-commits.md).
 */
export async function settle(db: DbOrTx, userId: string, key: string, statusCode: number, response: unknown): Promise<void> {
  if (statusCode >= 500) await repo.releaseKey(db, userId, key);
  else await repo.storeAnswer(db, userId, key, statusCode, response);
}
