import { createHash, createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { drawTraps, multiplierLadder, parseDifficulty, TRAPS } from './chicken.math.js';
import { chainReaches, colourName, drawColorNumber, payoutOf, periodName, SELECTIONS, sizeOf, type Selection } from './color.math.js';
import { floats, sha256Hex } from './fairness.math.js';
import { toPaise } from './amounts.js';
import { drawSpin } from './spinner.js';

// Every vector docs/fairness.md publishes must be what the code computes, row by row, so the
// document cannot drift from the games.
const doc = readFileSync(new URL('../docs/fairness.md', import.meta.url), 'utf8');

/** The text under heading `from`, up to the next heading. */
function section(from: string): string {
  const start = doc.indexOf(`\n${from}\n`);
  if (start < 0) throw new Error(`docs/fairness.md has no "${from}"`);
  const rest = doc.slice(start + from.length + 2);
  const next = rest.search(/\n#{1,6} /);
  return next < 0 ? rest : rest.slice(0, next);
}

/** The body rows of the section's tables, as trimmed cells without backquotes. */
const tableRows = (text: string) =>
  text
    .split('\n')
    .filter((line) => line.startsWith('| ') && !/^\|[-| ]+\|$/.test(line))
    .map((line) =>
      line
        .slice(1, -1)
        .split(' | ')
        .map((c) => c.trim().replace(/^`|`$/g, '')),
    )
    .slice(1);

describe('the published test vectors (docs/fairness.md)', () => {
  const rows = tableRows(section('# Test vectors')).map(([serverSeed, clientSeed, nonce, float, traps, segment]) => ({
    serverSeed,
    clientSeed,
    nonce: Number(nonce),
    float: Number(float),
    traps: traps.split(', ').map(Number),
    segment: Number(segment),
  }));

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

describe('the colour game vectors (docs/fairness.md)', () => {
  const rows = tableRows(section('## Colour game vectors')).map(([seed, length, salt, index, terminalHash, hash, number, colour, size]) => ({
    seed,
    length: Number(length),
    salt,
    index: Number(index),
    terminalHash,
    hash,
    number: Number(number),
    colour,
    size,
  }));

  // The verifier printed under "Verify a period", run as printed (its imports given to it).
  const code = section('## Verify a period').match(/```js\n([\s\S]*?)```/)![1];
  const docsVerify = new Function('createHash', 'createHmac', `${code.replace(/^import .*$/m, '')}\nreturn verify;`)(createHash, createHmac) as (
    period: { hash: string; index: number; number: number },
    chain: { terminalHash: string; salt: string },
  ) => boolean;

  it('has at least ten, with the numbers 0 and 5', () => {
    expect(rows.length).toBeGreaterThanOrEqual(10);
    expect(rows.map((r) => r.number)).toEqual(expect.arrayContaining([0, 5]));
  });

  it.each(rows.map((r) => [`${r.seed.slice(0, 8)} ${r.index}/${r.length}`, r] as const))('recomputes %s', async (_name, r) => {
    // hash(L) = seed, hash(n − 1) = sha256(hash(n)).
    let h = r.seed;
    for (let n = r.length; n > r.index; n--) h = await sha256Hex(h);
    expect(h).toBe(r.hash);
    for (let n = r.index; n > 0; n--) h = await sha256Hex(h);
    expect(h).toBe(r.terminalHash);
    expect(await chainReaches(r.hash, r.index, r.terminalHash)).toBe(true);
    expect(await drawColorNumber(r.hash, r.salt, r.index)).toBe(r.number);
    expect(colourName(r.number)).toBe(r.colour);
    expect(sizeOf(r.number)).toBe(r.size);
    expect(docsVerify({ hash: r.hash, index: r.index, number: r.number }, r)).toBe(true);
    expect(docsVerify({ hash: r.hash, index: r.index, number: (r.number + 1) % 10 }, r)).toBe(false);
  });

  it('names periods as the table says', () => {
    const names = tableRows(section('## Periods and their names'));
    expect(names.length).toBeGreaterThanOrEqual(5);
    for (const [start, roundSeconds, name] of names) expect(periodName(Date.parse(start), Number(roundSeconds)), start).toBe(name);
  });

  it('pays as the payout table says, rounding once at the end', () => {
    const payouts = tableRows(section('## Bets and payouts')).filter((r) => r[0].startsWith('₹'));
    expect(payouts.length).toBeGreaterThanOrEqual(5);
    const rupees = (text: string) => toPaise(Number(text.replace('₹', '')));
    for (const [stake, bet, number, pays] of payouts) {
      expect(SELECTIONS).toContain(bet);
      expect(payoutOf(rupees(stake), bet as Selection, Number(number)), `${stake} on ${bet}`).toBe(rupees(pays));
    }
  });
});

describe('Chicken Road ladders at other RTPs (docs/fairness.md)', () => {
  it('starts each ladder as the table says', () => {
    const ladders = tableRows(section('## Chicken Road ladders at other RTPs'));
    expect(ladders.length).toBeGreaterThanOrEqual(2);
    for (const [rtp, difficulty, first] of ladders) {
      expect(multiplierLadder(parseDifficulty(difficulty)!, Number(rtp)).slice(0, 3), `${difficulty} at ${rtp}`).toEqual(first.split(', ').map(Number));
    }
  });
});
