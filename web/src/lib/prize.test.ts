import { describe, expect, it } from 'vitest';
import { chooseLanguage } from './i18n';
import { prizeLabel } from './prize';

describe('prizeLabel', () => {
  it('writes a prize in rupees and a segment without one in the reader’s words, or as the back office names it', async () => {
    expect(['50', '12.50', 'LOSE'].map((p) => prizeLabel(p))).toEqual(['₹50', '₹12.50', 'No prize']);
    expect(prizeLabel('LOSE', 'LOSE')).toBe('LOSE');
    await chooseLanguage('hi');
    expect(prizeLabel('LOSE')).toBe('कोई इनाम नहीं');
    expect(prizeLabel('50')).toBe('₹50');
  });
});
