import { drawTraps, type Difficulty } from '../../../../contracts/chicken.math';
import { sha256Hex } from '../../../../contracts/fairness.math';
import { drawSpin } from '../../../../contracts/spinner.math';

/**
 * A draw checked in this browser from its seeds (docs/fairness.md): a Chicken Road round's traps
 * and a spin of the wheel are drawn from the same seed pair, the server seed revealed once the
 * pair is rotated. Nothing here trusts the server's word but the recorded outcome it compares with.
 */

/** What a round or a spin was drawn from. */
export interface Seeds {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
}

/** The server seed's SHA-256, and whether it is the hash shown before the draw (null: no hash to compare). */
export interface SeedHashCheck {
  hash: string;
  hashMatches: boolean | null;
}

export type RoundCheck = SeedHashCheck & { game: 'round'; difficulty: Difficulty; traps: number[]; trapsMatch: boolean | null };
export type SpinCheck = SeedHashCheck & { game: 'spin'; segment: number; segments: number; segmentMatches: boolean | null };
export type DrawCheck = RoundCheck | SpinCheck;

async function checkSeedHash(serverSeed: string, shownHash: string | undefined): Promise<SeedHashCheck> {
  const hash = await sha256Hex(serverSeed);
  const expected = shownHash?.trim().toLowerCase();
  return { hash, hashMatches: expected ? expected === hash : null };
}

const sorted = (list: readonly number[]) => [...list].sort((x, y) => x - y);
const sameSet = (a: readonly number[], b: readonly number[]) => {
  const [x, y] = [sorted(a), sorted(b)];
  return x.length === y.length && x.every((v, i) => v === y[i]);
};

/** Recomputes a round's traps; compared with the hash shown before it and the traps it used, when given. */
export async function checkRound(
  seeds: Seeds & { difficulty: Difficulty },
  recorded: { serverSeedHash?: string; traps?: readonly number[] } = {},
): Promise<RoundCheck> {
  const traps = await drawTraps(seeds);
  return {
    game: 'round',
    ...(await checkSeedHash(seeds.serverSeed, recorded.serverSeedHash)),
    difficulty: seeds.difficulty,
    traps,
    trapsMatch: recorded.traps?.length ? sameSet(recorded.traps, traps) : null,
  };
}

/** Recomputes a spin's segment; compared with the hash shown before it and the segment the wheel stopped on, when given. */
export async function checkSpin(seeds: Seeds & { segments: number }, recorded: { serverSeedHash?: string; segment?: number } = {}): Promise<SpinCheck> {
  const segment = await drawSpin(seeds);
  return {
    game: 'spin',
    ...(await checkSeedHash(seeds.serverSeed, recorded.serverSeedHash)),
    segment,
    segments: seeds.segments,
    segmentMatches: recorded.segment === undefined ? null : recorded.segment === segment,
  };
}
