import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkRound, checkSpin } from './seeds';

// The worked examples of docs/fairness.md: a Hardest round, and a spin landing on segment 1 of 8.
const ROUND_SEED = '9f2c4e1a7b3d8c5e6f0a1b2c3d4e5f60718293a4b5c6d7e8f9012a3b4c5d6e7f';
const ROUND_HASH = 'd5681f3cafbb1de232f0ace90bca404a1eb096179ba44a43ba0208216001fe07';
const HARDEST = [20, 15, 5, 1, 4, 19, 18, 24, 13, 9];
const SPIN_SEED = 'a'.repeat(64);

describe('a draw checked from its seeds', () => {
  it('recomputes a round and compares it with its hash and its traps, in any order', async () => {
    const seeds = { serverSeed: ROUND_SEED, clientSeed: 'lucky-chicken', nonce: 0, difficulty: 'Hardest' as const };
    expect(await checkRound(seeds, { serverSeedHash: ROUND_HASH.toUpperCase(), traps: [...HARDEST].reverse() })).toEqual({
      game: 'round',
      hash: ROUND_HASH,
      hashMatches: true,
      difficulty: 'Hardest',
      traps: HARDEST,
      trapsMatch: true,
    });
    const other = await checkRound(seeds, { serverSeedHash: 'ab'.repeat(32), traps: [0, 1] });
    expect([other.hashMatches, other.trapsMatch]).toEqual([false, false]);
    // Nothing recorded: nothing compared.
    expect(await checkRound(seeds)).toMatchObject({ hashMatches: null, trapsMatch: null });
  });

  it('recomputes a spin and compares it with its hash and the segment the wheel stopped on', async () => {
    const seeds = { serverSeed: SPIN_SEED, clientSeed: 'player-seed', nonce: 0, segments: 8 };
    const hash = createHash('sha256').update(SPIN_SEED).digest('hex');
    expect(await checkSpin(seeds, { serverSeedHash: hash, segment: 1 })).toEqual({
      game: 'spin',
      hash,
      hashMatches: true,
      segment: 1,
      segments: 8,
      segmentMatches: true,
    });
    expect(await checkSpin(seeds, { serverSeedHash: hash, segment: 2 })).toMatchObject({ segmentMatches: false });
    expect(await checkSpin(seeds)).toMatchObject({ hashMatches: null, segmentMatches: null });
  });
});
