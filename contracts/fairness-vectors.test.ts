import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { drawTraps, TRAPS } from './chicken.math.js';
import { floats } from './fairness.math.js';
import { drawSpin } from './spinner.js';

// The test vectors published in docs/fairness.md must be what the code computes, row by row.
const doc = readFileSync(new URL('../docs/fairness.md', import.meta.url), 'utf8');
const section = doc.slice(doc.indexOf('# Test vectors'));
const rows = section
  .split('\n')
  .filter((line) => /^\| `[0-9a-f]{64}` \|/.test(line))
  .map((line) => {
    const [serverSeed, clientSeed, nonce, float, traps, segment] = line
      .slice(1, -1)
      .split(' | ')
      .map((c) => c.trim().replace(/^`|`$/g, ''));
    return { serverSeed, clientSeed, nonce: Number(nonce), float: Number(float), traps: traps.split(', ').map(Number), segment: Number(segment) };
  });

describe('the published test vectors (docs/fairness.md)', () => {
  it('has at least ten', () => {
    expect(rows.length).toBeGreaterThanOrEqual(10);
  });

  it.each(rows.map((r) => [`${r.clientSeed}:${r.nonce}`, r] as const))('recomputes %s', async (_name, r) => {
    expect((await floats(r.serverSeed, r.clientSeed, r.nonce, 1))[0]).toBe(r.float);
    expect(await drawTraps({ serverSeed: r.serverSeed, clientSeed: r.clientSeed, nonce: r.nonce, difficulty: 'Hardest' })).toEqual(r.traps);
    // An easier road's traps are the first ones of the harder road's.
    expect(await drawTraps({ serverSeed: r.serverSeed, clientSeed: r.clientSeed, nonce: r.nonce, difficulty: 'Medium' })).toEqual(
      r.traps.slice(0, TRAPS.Medium),
    );
    expect(await drawSpin({ serverSeed: r.serverSeed, clientSeed: r.clientSeed, nonce: r.nonce, segments: 8 })).toBe(r.segment);
  });
});
