import { describe, expect, it } from 'vitest';
import { checkStart, INSUFFICIENT_BALANCE } from './chicken.rules';
import { tileMultiplier } from './chicken.format';

const limits = { minBet: 10, maxBet: 10_000 };

describe('checkStart', () => {
  it('accepts the defaults and an empty auto cashout', () => {
    expect(checkStart('10', '2', 100, limits)).toEqual({ ok: true, betAmount: 10, autoCashout: 2 });
    expect(checkStart('12.5', '', 100, limits)).toEqual({ ok: true, betAmount: 12.5, autoCashout: null });
    expect(checkStart('10', '1.01', undefined, limits)).toEqual({ ok: true, betAmount: 10, autoCashout: 1.01 });
  });

  it('refuses what the server would refuse, before asking it', () => {
    expect(checkStart('9.99', '2', 100, limits)).toEqual({ ok: false, message: 'Minimum bet is ₹10.00' });
    expect(checkStart('', '2', 100, limits)).toMatchObject({ ok: false });
    expect(checkStart('10.005', '2', 100, limits)).toEqual({ ok: false, message: 'Bet amount can have at most two decimals' });
    expect(checkStart('10', '1', 100, limits)).toEqual({ ok: false, message: 'Auto cashout must be at least 1.01' });
    expect(checkStart('100.01', '2', 100, limits)).toEqual({ ok: false, message: INSUFFICIENT_BALANCE });
    expect(checkStart('100', '2', 100, limits)).toMatchObject({ ok: true });
  });

  it('uses the limits the server sent, and leaves them to the server until they arrive', () => {
    expect(checkStart('50', '2', 1000, { minBet: 100, maxBet: 500 })).toEqual({ ok: false, message: 'Minimum bet is ₹100.00' });
    expect(checkStart('600', '2', 1000, { minBet: 100, maxBet: 500 })).toEqual({ ok: false, message: 'Maximum bet is ₹500.00' });
    expect(checkStart('5', '2', 100, undefined)).toMatchObject({ ok: true, betAmount: 5 });
  });
});

describe('tileMultiplier', () => {
  it('keeps small multipliers exact and shortens large ones', () => {
    expect(['1.02', '400.02', '1.07K', '52.1K', '354K', '3.20M']).toEqual([1.02, 400.02, 1066.72, 52067.4, 354321, 3203384.8].map(tileMultiplier));
  });
});
