import { describe, expect, it } from 'vitest';
import { AMOUNT_MESSAGES, formatBalance, formatInr, formatRupees, isAmountText, readAmount } from './amounts.js';
import { amountSchema } from './money.js';

describe('rupee formatting', () => {
  const wholes = [0, 7, 999, 1000, 12_345, 1_23_456, 12_34_567, 1_00_00_000, 10_00_00_00_00_000, -5, -1000, -12_34_567];
  it.each(wholes)('groups %d as en-IN does', (n) => {
    expect(formatBalance(n)).toBe(`₹${n.toLocaleString('en-IN')}`);
  });

  it('shows a balance with its paise, so it agrees with the wallet screen, and nothing as ₹0', () => {
    expect(formatBalance(1234.5)).toBe('₹1,234.50');
    expect(formatBalance(1234.99)).toBe('₹1,234.99');
    expect(formatBalance(0.4)).toBe('₹0.40');
    expect(formatBalance(99_999.99)).toBe('₹99,999.99');
    expect(formatBalance(undefined)).toBe('₹0');
  });

  it('says ≈ when a large balance drops its paise to fit, and never rounds up', () => {
    expect(formatBalance(1_23_456.78)).toBe('≈₹1,23,456');
    expect(formatBalance(1_00_000.01)).toBe('≈₹1,00,000');
    expect(formatBalance(1_23_456)).toBe('₹1,23,456');
  });

  it.each([0, 0.005, 1234.5, 99_999.999, 12_34_567.891, -1234.56, 0.1 + 0.2])('shows %d with two decimals as en-IN does', (n) => {
    expect(formatRupees(n)).toBe(`₹${n.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`);
  });
});

describe('the amount rule', () => {
  it('reads rupees as paise and says what is wrong otherwise', () => {
    expect(readAmount('10')).toEqual({ paise: 1000 });
    expect(readAmount(' 10.5 ')).toEqual({ paise: 1050 });
    expect(readAmount(0.1 + 0.2)).toEqual({ paise: 30 });
    expect(readAmount('10.555')).toEqual({ problem: 'tooManyDecimals' });
    expect(readAmount(10.555)).toEqual({ problem: 'tooManyDecimals' });
    expect(readAmount('0')).toEqual({ problem: 'notPositive' });
    expect(readAmount('-5')).toEqual({ problem: 'notPositive' });
    expect(readAmount('ten')).toEqual({ problem: 'notANumber' });
    expect(readAmount('10000001')).toEqual({ problem: 'tooLarge' });
    expect(AMOUNT_MESSAGES.tooLarge).toBe('Amount cannot exceed ₹1,00,00,000');
  });

  it('is the same rule the server parses with', () => {
    for (const text of ['10', '10.5', '10.555', '0', '-1', 'x', '', ' 7 ', '1e3', '10000001']) {
      expect(amountSchema.safeParse(text).success, text).toBe(isAmountText(text));
    }
  });

  it('says an amount in a message as whole rupees, or with its paise', () => {
    expect(formatInr(4000)).toBe('₹40');
    expect(formatInr(40)).toBe('₹0.40');
    expect(formatInr(123456789)).toBe('₹12,34,567.89');
  });
});
