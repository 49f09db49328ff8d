import { createHash, createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CELLS,
  DIFFICULTIES,
  drawTraps,
  laneCount,
  multiplierLadder,
  multiplierLadderCents,
  parseDifficulty,
  startBodySchema,
  survivalProbability,
  TRAPS,
  trapsFromFloats,
  type Difficulty,
} from './chicken.js';
import { floats, hmacBytes, sha256Hex } from './fairness.math.js';

/** docs/fairness.md, written out again from the text, sharing no code with chicken.ts. */
function referenceTraps(serverSeed: string, clientSeed: string, nonce: number, traps: number): number[] {
  const stream = Buffer.concat(
    [0, 1, 2].map((round) => createHmac('sha256', Buffer.from(serverSeed, 'utf8')).update(`${clientSeed}:${nonce}:${round}`).digest()),
  );
  const cells: number[] = [];
  for (let c = 0; c < 25; c++) cells.push(c);
  const result: number[] = [];
  for (let i = 0; i < traps; i++) {
    const [b0, b1, b2, b3] = stream.subarray(i * 4, i * 4 + 4);
    const float = b0 / 256 + b1 / 256 ** 2 + b2 / 256 ** 3 + b3 / 256 ** 4;
    const j = Math.floor(float * (25 - i));
    result.push(cells[j]);
    cells.splice(j, 1);
  }
  return result;
}

/** The worked examples of docs/fairness.md. */
const VECTORS: { serverSeed: string; clientSeed: string; nonce: number; traps: Record<Difficulty, number[]> }[] = [
  {
    serverSeed: '9f2c4e1a7b3d8c5e6f0a1b2c3d4e5f60718293a4b5c6d7e8f9012a3b4c5d6e7f',
    clientSeed: 'lucky-chicken',
    nonce: 0,
    traps: { Easy: [20], Medium: [20, 15, 5], Hard: [20, 15, 5, 1, 4], Hardest: [20, 15, 5, 1, 4, 19, 18, 24, 13, 9] },
  },
  {
    serverSeed: '0000000000000000000000000000000000000000000000000000000000000000',
    clientSeed: 'client-seed',
    nonce: 7,
    traps: { Easy: [6], Medium: [6, 17, 16], Hard: [6, 17, 16, 18, 2], Hardest: [6, 17, 16, 18, 2, 15, 4, 14, 7, 23] },
  },
  {
    serverSeed: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    clientSeed: 'road:crossing',
    nonce: 1234,
    traps: { Easy: [12], Medium: [12, 0, 9], Hard: [12, 0, 9, 19, 18], Hardest: [12, 0, 9, 19, 18, 20, 16, 3, 1, 7] },
  },
];

/** mulberry32: a fast seeded PRNG; 32-bit outputs give floats on the same 2⁻³² grid as the real draw. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

describe('chicken road math', () => {
  it('has the lanes and traps of docs/fairness.md', () => {
    expect(DIFFICULTIES.map((d) => [TRAPS[d], laneCount(d)])).toEqual([
      [1, 24],
      [3, 22],
      [5, 20],
      [10, 15],
    ]);
    expect(parseDifficulty('hArDeSt')).toBe('Hardest');
    expect(parseDifficulty('EASY')).toBe('Easy');
    expect(parseDifficulty('Extreme')).toBeNull();
    expect(parseDifficulty(3)).toBeNull();
  });

  it('starts the ladders as the design says, without float drift', () => {
    expect(multiplierLadder('Easy').slice(0, 3)).toEqual([1.02, 1.06, 1.11]);
    expect(multiplierLadder('Hardest').slice(0, 3)).toEqual([1.63, 2.8, 4.95]);
    expect(multiplierLadder('Medium').slice(0, 3)).toEqual([1.11, 1.27, 1.46]);
    expect(multiplierLadder('Hard').slice(0, 3)).toEqual([1.22, 1.54, 1.97]);
    // 0.98 · C(25,2)/C(15,2) is exactly 2.80; a float product gives 2.7999… and would floor to 2.79.
    expect(multiplierLadderCents('Hardest')[1]).toBe(280);
    expect(multiplierLadder('Easy').at(-1)).toBe(24.5);
    expect(multiplierLadder('Hardest').at(-1)).toBe(3203384.8);
    for (const d of DIFFICULTIES) expect(multiplierLadder(d)).toHaveLength(laneCount(d));
    expect(multiplierLadder('Easy', 1)[0]).toBe(1.04);
    expect(Math.max(...multiplierLadder('Hardest', 0.98, 1000))).toBe(1000);
  });

  it('each rung pays at most the RTP and loses less than a cent to rounding', () => {
    for (const d of DIFFICULTIES) {
      multiplierLadder(d).forEach((m, i) => {
        const fair = 0.98 / survivalProbability(d, i + 1);
        expect(m).toBeLessThanOrEqual(fair + 1e-9);
        expect(fair - m).toBeLessThan(0.01 + 1e-9);
      });
    }
  });

  it('returns the configured RTP within half a percentage point over 1,000,000 rounds per difficulty', () => {
    const ROUNDS = 1_000_000;
    const rtp = 0.98;
    const random = prng(20240611);
    const values = new Array<number>(10);
    for (const d of DIFFICULTIES) {
      const t = TRAPS[d];
      const lanes = laneCount(d);
      const ladder = multiplierLadder(d, rtp);
      // The player cashes out at lane k with probability proportional to the chance of reaching
      // it: lanes rarer than one round in a million cannot be measured by a million rounds.
      const weights = ladder.map((_, i) => survivalProbability(d, i + 1));
      const total = weights.reduce((a, b) => a + b, 0);
      const chance = weights.map((w) => w / total);
      // Each round's traps decide how far the chicken could walk (f lanes); its return is then
      // averaged over the random cash-out lane exactly, rather than by one more draw: the
      // same expectation with far less noise. prefix[f] = Σ_{k ≤ f} chance_k · multiplier_k.
      const prefix = [0];
      for (let k = 0; k < lanes; k++) prefix.push(prefix[k] + chance[k] * ladder[k]);
      let returned = 0;
      for (let r = 0; r < ROUNDS; r++) {
        for (let i = 0; i < t; i++) values[i] = random();
        let reach = lanes;
        for (const cell of trapsFromFloats(values, t)) if (cell < reach) reach = cell;
        returned += prefix[reach];
      }
      const simulated = returned / ROUNDS;
      const exact = chance.reduce((sum, q, i) => sum + q * survivalProbability(d, i + 1) * ladder[i], 0);
      expect(Math.abs(simulated - rtp), `${d}: simulated RTP ${(simulated * 100).toFixed(3)}%`).toBeLessThanOrEqual(0.005);
      // The draw is unbiased: the simulation lands within 0.3 pp of the exact expectation.
      expect(Math.abs(simulated - exact), `${d}: simulated ${simulated}, exact ${exact}`).toBeLessThan(0.003);
    }
    // About 8 s on an idle machine of two cores: the limit is a hang's, not a speed goal, so a
    // machine busy with the rest of the suite cannot break it.
  }, 180_000);

  it('places traps uniformly: each cell is a trap t/25 of the time', () => {
    const random = prng(7);
    const counts = new Array<number>(CELLS).fill(0);
    const rounds = 200_000;
    const values = new Array<number>(3);
    for (let r = 0; r < rounds; r++) {
      for (let i = 0; i < 3; i++) values[i] = random();
      for (const cell of trapsFromFloats(values, 3)) counts[cell]++;
    }
    for (const c of counts) expect(Math.abs(c / rounds - 3 / 25)).toBeLessThan(0.004);
  });
});

describe('provably fair draw', () => {
  it('matches an independent implementation of docs/fairness.md and the vectors in docs/fairness.md', async () => {
    const doc = readFileSync(new URL('../docs/fairness.md', import.meta.url), 'utf8');
    for (const v of VECTORS) {
      for (const d of DIFFICULTIES) {
        const drawn = await drawTraps({ serverSeed: v.serverSeed, clientSeed: v.clientSeed, nonce: v.nonce, difficulty: d });
        expect(drawn).toEqual(referenceTraps(v.serverSeed, v.clientSeed, v.nonce, TRAPS[d]));
        expect(drawn).toEqual(v.traps[d]);
        expect(doc).toContain(`[${v.traps[d].join(', ')}]`);
      }
      expect(doc).toContain(v.serverSeed);
    }
  });

  it('hashes and signs exactly like node:crypto', async () => {
    const seed = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
    expect(await sha256Hex(seed)).toBe(createHash('sha256').update(seed).digest('hex'));
    expect(Buffer.from(await hmacBytes(seed, 'abc', 5, 1)).toString('hex')).toBe(createHmac('sha256', seed).update('abc:5:1').digest('hex'));
    // Ten floats need a second HMAC round: floats 8 and 9 come from bytes(1).
    const f = await floats(seed, 'abc', 5, 10);
    const second = await hmacBytes(seed, 'abc', 5, 1);
    expect(f[8]).toBe((second[0] * 2 ** 24 + second[1] * 2 ** 16 + second[2] * 2 ** 8 + second[3]) / 2 ** 32);
    expect(f.every((x) => x >= 0 && x < 1)).toBe(true);
  });

  it('draws a smaller difficulty’s traps as the first of a larger one’s', async () => {
    const seeds = { serverSeed: 'ab'.repeat(32), clientSeed: 'x', nonce: 3 };
    const hardest = await drawTraps({ ...seeds, difficulty: 'Hardest' });
    expect(new Set(hardest).size).toBe(10);
    for (const d of DIFFICULTIES) expect(await drawTraps({ ...seeds, difficulty: d })).toEqual(hardest.slice(0, TRAPS[d]));
  });
});

describe('start body', () => {
  it('reads amounts in rupees into paise and difficulty in any case', () => {
    expect(startBodySchema.parse({ betAmount: '10.50', difficulty: 'hard', autoCashout: '2' })).toEqual({
      betAmount: 1050,
      difficulty: 'Hard',
      autoCashout: 2,
    });
    for (const bad of [
      { betAmount: 10, difficulty: 'Extreme' },
      { betAmount: 'abc', difficulty: 'Easy' },
      { betAmount: 10.123, difficulty: 'Easy' },
      { betAmount: 10, difficulty: 'Easy', autoCashout: 1 },
      { betAmount: 10, difficulty: 'Easy', gameType: 'aviator' },
    ]) {
      expect(startBodySchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
