import { AppError } from '../../lib/errors.js';

/*
 * Seeds prove themselves (docs/fairness.md, "Seeds prove themselves"). A game draws only from a
 * seed stored sealed under this server's key that hashes to the commitment its players were
 * shown: a seed pair's server seed to its `server_seed_hash` (seeds.service.ts, when it is opened
 * for a draw), a colour chain's seed down to its terminal hash (color.chains.ts, when the chain is
 * first loaded). A seed still in clear from before seeds were sealed is sealed at start only once
 * it proves itself. Anything else is refused: the game answers 503 instead of drawing, the log
 * names the chain or pair once (seeds.routes.ts), and /metrics counts it
 * (`rupee_seed_integrity_failures`).
 */

/** A seed that did not prove itself: what it belongs to ("colour chain 3", "seed pair …") and why. */
export interface UnprovenSeed {
  subject: string;
  reason: string;
}

type Listener = (seed: UnprovenSeed) => void;
const listeners = new Set<Listener>();

/** Calls `listener` with every seed refused from now on (each time it is refused); answers a function that stops it. */
export function watchUnprovenSeeds(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const SEED_UNPROVEN = 'SEED_UNPROVEN';

/** Tells the watchers, and answers the error a game answers with instead of drawing from the seed. */
export function seedUnproven(subject: string, reason: string): AppError {
  for (const listener of listeners) listener({ subject, reason });
  return new AppError(
    SEED_UNPROVEN,
    503,
    'The game is paused: its seed does not match the commitment published for it, so it draws nothing. Please try again later.',
  );
}

/** Whether `err` is a game's refusal to draw from a seed that did not prove itself. */
export const isSeedUnproven = (err: unknown): boolean => err instanceof AppError && err.code === SEED_UNPROVEN;

/** Why a stored seed in clear is not drawn from: only a sealed seed is, and a clear one is sealed at start once it proves itself. */
export const STORED_IN_CLEAR = 'it is stored in clear where a sealed seed belongs';
