import { describe, expect, it } from 'vitest';
import { periodCheckHref, readPeriodCheck, readSeedCheck, roundCheckHref, spinCheckHref } from './links';

const query = (href: string) => new URL(href, 'http://x').searchParams;

describe('the addresses of the checks', () => {
  it('reads back a round as All Bets links it', () => {
    const bet = {
      clientSeed: 'lucky',
      nonce: 3,
      difficulty: 'Medium' as const,
      serverSeedHash: 'ab'.repeat(32),
      lanesCrossed: 4,
      serverSeed: 'seed',
      traps: [2, 9, 14],
    };
    expect(readSeedCheck(query(roundCheckHref(bet)))).toEqual({
      game: 'round',
      serverSeed: 'seed',
      clientSeed: 'lucky',
      nonce: '3',
      difficulty: 'Medium',
      serverSeedHash: 'ab'.repeat(32),
      recordedTraps: [2, 9, 14],
      lanesCrossed: 4,
      segments: undefined,
      prizes: undefined,
      recordedSegment: undefined,
    });
    // A round whose seed is still secret links without it.
    expect(query(roundCheckHref({ ...bet, serverSeed: null })).has('serverSeed')).toBe(false);
  });

  it('reads back a spin as the spins list links it, prizes with paise and segments without a prize included', () => {
    const prizes = ['10', '12.50', 'LOSE', '100000'];
    const href = spinCheckHref({ serverSeed: 'seed', clientSeed: 'c', nonce: 0, serverSeedHash: 'cd'.repeat(32), index: 1, prizes });
    expect(new URL(href, 'http://x').pathname).toBe('/fairness');
    expect(readSeedCheck(query(href))).toMatchObject({ game: 'spin', prizes, segments: '4', recordedSegment: 1, nonce: '0' });
  });

  it('leaves out what is malformed', () => {
    const check = readSeedCheck(new URLSearchParams({ game: 'spin', nonce: '-1', segment: 'x', prizes: '10,abc', difficulty: 'Impossible', traps: '1,999' }));
    expect(check).toMatchObject({ game: 'spin', nonce: undefined, recordedSegment: undefined, prizes: undefined, difficulty: undefined, recordedTraps: [1] });
  });

  it('links a colour period to its check and reads only a 12-digit period back', () => {
    expect(periodCheckHref('202611240006')).toBe('/color/fairness?period=202611240006');
    expect(readPeriodCheck(query(periodCheckHref('202611240006')))).toBe('202611240006');
    expect(readPeriodCheck(new URLSearchParams({ period: '2026' }))).toBeNull();
    expect(readPeriodCheck(new URLSearchParams())).toBeNull();
  });
});
