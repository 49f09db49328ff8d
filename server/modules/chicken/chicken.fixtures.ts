import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { drawTraps, type Difficulty } from '../../../contracts/chicken.js';
import { seedPairs } from '../../db/schema/index.js';
import { unseal } from '../../lib/seal.js';
import type { App } from '../../types.js';
import type { TestUser } from '../../../tests/helpers/factories.js';

// Test support for the chicken feature's tests.

export type Json = Record<string, unknown> & { data?: Record<string, unknown> & { [k: string]: unknown } };

export async function call(app: App, user: TestUser | null, method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}) {
  const res = await app.inject({ method, url: `/api/v1${url}`, headers: { ...(user?.headers ?? {}), ...headers }, payload: payload as object });
  return { status: res.statusCode, body: res.json() as Json, raw: res.body };
}

export const start = (app: App, user: TestUser, body: Record<string, unknown>) => call(app, user, 'POST', '/chicken-road/start', body);
export const go = (app: App, user: TestUser, body: Record<string, unknown> = {}) => call(app, user, 'POST', '/chicken-road/go', body);
export const stop = (app: App, user: TestUser, body: Record<string, unknown> = {}) => call(app, user, 'POST', '/chicken-road/stop', body);

/** The player's active pair as stored, its seed opened with the server's key (tests may read what players cannot). */
export async function activePair(app: App, userId: string) {
  const [row] = await app.db
    .select()
    .from(seedPairs)
    .where(and(eq(seedPairs.userId, userId), eq(seedPairs.active, true)));
  return row && { ...row, serverSeed: unseal(app.config.keys.seeds, row.serverSeed)! };
}

/**
 * Chooses, through the public client-seed call, a client seed under which the player's next
 * round of `difficulty` has traps satisfying `wanted`. Answers those traps.
 */
export async function arrangeTraps(app: App, user: TestUser, difficulty: Difficulty, wanted: (traps: number[]) => boolean): Promise<number[]> {
  await call(app, user, 'GET', '/fairness');
  const pair = await activePair(app, user.id);
  for (let i = 0; i < 100_000; i++) {
    const clientSeed = `arranged-${i}`;
    const traps = await drawTraps({ serverSeed: pair.serverSeed, clientSeed, nonce: pair.nonce, difficulty });
    if (!wanted(traps)) continue;
    const res = await call(app, user, 'POST', '/fairness/client-seed', { clientSeed });
    expect(res.status).toBe(200);
    return traps;
  }
  throw new Error('No client seed found for the wanted traps');
}

/** Lanes 0 … n−1 are all safe. */
export const safeFor = (n: number) => (traps: number[]) => traps.every((t) => t >= n);
