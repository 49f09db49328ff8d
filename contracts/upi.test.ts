import { describe, expect, it } from 'vitest';
import { DEPOSIT_REFERENCE_ALPHABET, DEPOSIT_REFERENCE_PATTERN, depositReferencesIn, upiPayLink, UPI_UTR_PATTERN } from './upi.js';

/** The link's fields as a UPI app reads them, whatever their order. */
function fieldsOf(link: string): Record<string, string> {
  const url = new URL(link);
  expect(url.protocol).toBe('upi:');
  expect(url.host || url.pathname.replace(/^\/+/, '')).toBe('pay');
  return Object.fromEntries(new URLSearchParams(url.search));
}

const REQUEST = { payTo: 'rupeearcade@okaxis', payeeName: 'Rupee Arcade', amount: 50_000, reference: 'RA7K3M9PQX' };

describe('the UPI payment link', () => {
  it('names the payee, the reference, the amount and the currency', () => {
    expect(fieldsOf(upiPayLink(REQUEST))).toEqual({
      pa: 'rupeearcade@okaxis',
      pn: 'Rupee Arcade',
      tr: 'RA7K3M9PQX',
      tn: 'RA7K3M9PQX',
      am: '500.00',
      cu: 'INR',
    });
  });

  it('writes its fields in the order of the specification, each percent-encoded', () => {
    expect(upiPayLink(REQUEST)).toBe('upi://pay?pa=rupeearcade%40okaxis&pn=Rupee%20Arcade&tr=RA7K3M9PQX&tn=RA7K3M9PQX&am=500.00&cu=INR');
  });

  it('gives the amount in rupees with exactly two decimals', () => {
    const am = (amount: number) => fieldsOf(upiPayLink({ ...REQUEST, amount })).am;
    expect(am(50_000)).toBe('500.00');
    expect(am(12_345)).toBe('123.45');
    expect(am(10_005)).toBe('100.05');
    expect(am(1)).toBe('0.01');
    expect(am(500_000)).toBe('5000.00');
    for (const bad of [0, -100, 12.5, Number.NaN]) expect(() => upiPayLink({ ...REQUEST, amount: bad })).toThrow(RangeError);
  });

  it('keeps a payee name with spaces or an ampersand whole', () => {
    const spaced = upiPayLink({ ...REQUEST, payeeName: 'Rupee Arcade Games' });
    expect(spaced).toContain('pn=Rupee%20Arcade%20Games&');
    expect(fieldsOf(spaced).pn).toBe('Rupee Arcade Games');
    const ampersand = upiPayLink({ ...REQUEST, payeeName: 'Rupee & Sons' });
    expect(ampersand).toContain('pn=Rupee%20%26%20Sons&');
    expect(fieldsOf(ampersand)).toMatchObject({ pn: 'Rupee & Sons', tr: 'RA7K3M9PQX', am: '500.00', cu: 'INR' });
  });
});

describe('the deposit reference', () => {
  it('is RA and eight characters of Crockford’s alphabet', () => {
    expect(DEPOSIT_REFERENCE_ALPHABET).toHaveLength(32);
    expect(DEPOSIT_REFERENCE_PATTERN.test('RA7K3M9PQX')).toBe(true);
    for (const bad of ['RA7K3M9PQ', 'RA7K3M9PQXY', 'ra7k3m9pqx', 'RA7K3M9PQI', 'RA7K3M9PQL', 'RA7K3M9PQO', 'RA7K3M9PQU', 'XA7K3M9PQX']) {
      expect(DEPOSIT_REFERENCE_PATTERN.test(bad), bad).toBe(false);
    }
  });

  it('is found in a narration, in any case, each once, not inside a longer word', () => {
    expect(depositReferencesIn('UPI/123456789012/ra7k3m9pqx/Asha Rao/RA7K3M9PQX RA00000000')).toEqual(['RA7K3M9PQX', 'RA00000000']);
    expect(depositReferencesIn('XRA7K3M9PQX RA7K3M9PQX1')).toEqual([]);
  });

  it('tells a UTR by its twelve digits', () => {
    expect(UPI_UTR_PATTERN.test('123456789012')).toBe(true);
    expect(UPI_UTR_PATTERN.test('12345678901')).toBe(false);
  });
});
