import { describe, expect, it } from 'vitest';
import { betResult, paidResult } from './betResult';

describe('paidResult: the one wording of a game result', () => {
  it('says what was paid and what it made on top of the stake', () => {
    expect(paidResult(20, 29.2)).toEqual({ paid: 'Paid ₹29.20', net: '+₹9.20', text: 'Paid ₹29.20 (+₹9.20)' });
    expect(paidResult(0.1 + 0.2, 0.6)).toMatchObject({ net: '+₹0.30' });
  });

  it('says a payout below the stake as a loss, a spin (no stake) as all won', () => {
    expect(paidResult(20, 19.6).text).toBe('Paid ₹19.60 (−₹0.40)');
    expect(paidResult(0, 50).text).toBe('Paid ₹50.00 (+₹50.00)');
  });

  it('is what All Bets shows for a won round', () => {
    const { paid, net } = paidResult(20, 29.2);
    expect(betResult({ state: 'won', betAmount: 20, payoutAmount: 29.2 })).toEqual({ tone: 'win', text: net, paid });
  });
});
