import { describe, expect, it } from 'vitest';
import { formatBalance, formatRupees } from './useSession';

describe('rupee formatting', () => {
  const wholes = [0, 7, 999, 1000, 12_345, 1_23_456, 12_34_567, 1_00_00_000, 10_00_00_00_00_000, -5, -1000, -12_34_567];
  it.each(wholes)('groups %d as en-IN does', (n) => {
    expect(formatBalance(n)).toBe(`₹${n.toLocaleString('en-IN')}`);
  });

  it('rounds a balance down to whole rupees, and shows nothing as ₹0', () => {
    expect(formatBalance(1234.99)).toBe('₹1,234');
    expect(formatBalance(undefined)).toBe('₹0');
  });

  it.each([0, 0.005, 1234.5, 99_999.999, 12_34_567.891, -1234.56, 0.1 + 0.2])('shows %d with two decimals as en-IN does', (n) => {
    expect(formatRupees(n)).toBe(`₹${n.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`);
  });
});
