import { describe, expect, it } from 'vitest';
import { floats } from './fairness.math.js';
import { drawSpin, prizeListSchema, prizeRupees, segmentOf } from './spinner.js';

describe('the prize wheel draw (docs/fairness.md)', () => {
  it('gives the published worked examples', async () => {
    for (const [serverSeed, clientSeed, nonce, float, segment] of [
      ['a'.repeat(64), 'player-seed', 0, 0.15141557133756578, 1],
      ['b'.repeat(64), 'lucky', 7, 0.5032784605864435, 4],
      ['3f1c9a2e7b5d4c8e9f0a1b2c3d4e5f60718293a4b5c6d7e8f9012345678abcd', 'rupee', 42, 0.9929526369087398, 7],
    ] as const) {
      expect((await floats(serverSeed, clientSeed, nonce, 1))[0]).toBe(float);
      expect(await drawSpin({ serverSeed, clientSeed, nonce, segments: 8 })).toBe(segment);
    }
  });

  it('maps every float to a segment in range', () => {
    expect(segmentOf(0, 8)).toBe(0);
    expect(segmentOf(0.999999999, 8)).toBe(7);
    expect(segmentOf(0.5, 3)).toBe(1);
  });

  it('reads prizes as the back office types them', () => {
    expect(prizeListSchema.parse([' 10 ', 'lose', '2.5'])).toEqual(['10', 'LOSE', '2.5']);
    expect(prizeRupees('LOSE')).toBe(0);
    expect(prizeRupees('2.5')).toBe(2.5);
    expect(prizeListSchema.safeParse(['10', '-1']).success).toBe(false);
  });
});
