import { describe, expect, it } from 'vitest';
import { chooseLanguage } from '../../lib/i18n';
import { checkPhone, countries, DEFAULT_COUNTRY, findCountry } from './countries';

describe('country list', () => {
  it('holds about 240 regions by name, India (+91) the default, the US and Canada both on +1', () => {
    expect(countries().length).toBeGreaterThanOrEqual(230);
    expect(countries().length).toBeLessThanOrEqual(260);
    expect(DEFAULT_COUNTRY).toBe('IN');
    expect(findCountry('IN')).toMatchObject({ dial: '+91', name: 'India', flag: '🇮🇳' });
    expect(findCountry('US')?.dial).toBe('+1');
    expect(findCountry('CA')?.dial).toBe('+1');
    const names = countries().map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('names the countries in Hindi for a Hindi reader, and says so when a number does not fit', async () => {
    expect(countries('hi').find((c) => c.code === 'IN')).toMatchObject({ dial: '+91', name: 'भारत' });
    await chooseLanguage('hi');
    expect(checkPhone('IN', '98765')).toEqual({ ok: false, message: 'भारत के लिए फ़ोन नंबर का फ़ॉर्मेट सही नहीं है' });
  });

  it('checks national digits against the picked country', () => {
    expect(checkPhone('IN', '9876543210')).toEqual({ ok: true, phoneNumber: '+919876543210' });
    expect(checkPhone('IN', '98765')).toEqual({ ok: false, message: 'Invalid phone number format for India' });
    expect(checkPhone('GB', '07911123456')).toEqual({ ok: true, phoneNumber: '+447911123456' });
    expect(checkPhone('US', '2025550123')).toEqual({ ok: true, phoneNumber: '+12025550123' });
    expect(checkPhone('ZZ', '9876543210')).toEqual({ ok: false, message: 'Invalid country code' });
  });
});
