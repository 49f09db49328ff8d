import { describe, expect, it } from 'vitest';
import { checkNetworkAddress, formatCoin, isCryptoPair, offerFor, readCoinAmount, readRate } from './crypto.js';

describe('crypto offers', () => {
  it('rounds the coin to send up, so it is worth at least the credit', () => {
    // ₹1,000 at ₹85.50: 11.6959064… USDT.
    expect(offerFor({ paise: 100_000 }, 8_550, 'usdt')).toEqual({ paise: 100_000, units: 11_695_907n });
    // ₹100 at ₹80,00,000 for one BTC: 0.0000125 BTC exactly.
    expect(offerFor({ paise: 10_000 }, 800_000_000, 'btc')).toEqual({ paise: 10_000, units: 1_250n });
    for (const paise of [10_000, 12_345, 499_999]) {
      const { units } = offerFor({ paise }, 8_550, 'usdt');
      expect(offerFor({ units }, 8_550, 'usdt').paise).toBeGreaterThanOrEqual(paise);
    }
  });

  it('rounds the credit for an amount of coin down to the paisa', () => {
    expect(offerFor({ units: 10_000_000n }, 8_550, 'usdt').paise).toBe(85_500);
    // 0.00012345 BTC × ₹80,00,000 = ₹987.60.
    expect(offerFor({ units: 12_345n }, 800_000_000, 'btc').paise).toBe(98_760);
    // 0.000001 USDT × ₹85.50 is less than a paisa.
    expect(offerFor({ units: 1n }, 8_550, 'usdt').paise).toBe(0);
  });

  it('reads and writes coin amounts exactly, to the coin’s decimals', () => {
    expect(readCoinAmount(' 11.5 ', 'usdt')).toEqual({ units: 11_500_000n });
    expect(readCoinAmount('0.00012345', 'btc')).toEqual({ units: 12_345n });
    expect(readCoinAmount('1.1234560', 'usdt')).toEqual({ units: 1_123_456n });
    expect(readCoinAmount('1.1234567', 'usdt')).toEqual({ problem: 'tooManyDecimals' });
    expect(readCoinAmount('0', 'usdt')).toEqual({ problem: 'notPositive' });
    for (const bad of ['', 'abc', '1e-7', '-1', '1,5', '.5']) expect(readCoinAmount(bad, 'usdt')).toEqual({ problem: 'notANumber' });
    expect(formatCoin(11_695_907n, 'usdt')).toBe('11.695907');
    expect(formatCoin(10_000_000n, 'usdt')).toBe('10');
    expect(formatCoin(12_345n, 'btc')).toBe('0.00012345');
  });

  it('knows the real pairs and each network’s addresses', () => {
    expect(isCryptoPair('usdt', 'trc20')).toBe(true);
    expect(isCryptoPair('btc', 'erc20')).toBe(false);
    expect(checkNetworkAddress('trc20', 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7')).toEqual({ ok: true, value: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7' });
    expect(checkNetworkAddress('erc20', 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7').ok).toBe(false);
    expect(checkNetworkAddress('bitcoin', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq').ok).toBe(true);
    expect(checkNetworkAddress('bitcoin', '').ok).toBe(false);
  });

  it('takes a rate in rupees with at most two decimals', () => {
    expect(readRate('85.50')).toEqual({ paise: 8_550 });
    expect(readRate(8_000_000)).toEqual({ paise: 800_000_000 });
    for (const bad of ['0', '85.555', 'x', 2_000_000_000]) expect('problem' in readRate(bad)).toBe(true);
  });
});
