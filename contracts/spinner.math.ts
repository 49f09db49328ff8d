/*
 * The prize wheel's rules and its provably fair draw, without schemas: the web's game screens
 * import this, so zod stays out of their chunks. contracts/spinner.ts re-exports all of it.
 */
import { floats } from './fairness.math.js';

export const SPIN_COOLDOWN_SECONDS = 60 * 60;
export const LOSE = 'LOSE';
export const PRIZES_MIN = 2;
export const PRIZES_MAX = 24;
/** The largest prize one segment may carry, in rupees. */
export const PRIZE_MAX_RUPEES = 100_000;

/** Rupees a prize pays (0 for LOSE). */
export const prizeRupees = (prize: string): number => (prize === LOSE ? 0 : Number(prize));

/** The segment a float in [0, 1) lands on. */
export const segmentOf = (float: number, segments: number): number => Math.min(segments - 1, Math.floor(float * segments));

/** Recomputes a spin's segment from its seeds (Web Crypto; the same in a browser and in Node). */
export async function drawSpin({
  serverSeed,
  clientSeed,
  nonce,
  segments,
}: {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  segments: number;
}): Promise<number> {
  const [float] = await floats(serverSeed, clientSeed, nonce, 1);
  return segmentOf(float, segments);
}
