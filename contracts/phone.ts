import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
import phoneMetadata from 'libphonenumber-js/max/metadata';

// Phone numbers as registration and sign-in read them, after libphonenumber's full metadata
// (about 150 KB in a browser: screens load this module only when they need it).

/** Calling code → its countries, the main one first ("1" → US, AG, …). */
const CALLING_CODES = new Map<string, string[]>(Object.entries(phoneMetadata.country_calling_codes));

/** The English name of a region code ("IN" → "India"). */
export function countryName(country: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(country) ?? country;
  } catch {
    return country;
  }
}

/**
 * Checks "+<dial><digits>" against its country's numbering plan. Answers the number in E.164
 * or the original app's message ("Invalid country code", "Invalid phone number format for India").
 */
export function checkInternationalPhone(value: string): { ok: true; e164: string; country?: string } | { ok: false; message: string } {
  const compact = value.replace(/[\s().-]/g, '');
  if (!/^\+\d{1,20}$/.test(compact)) return { ok: false, message: 'Phone number must start with + and the country code, followed by digits' };
  const digits = compact.slice(1);
  const dial = [1, 2, 3].map((n) => digits.slice(0, n)).find((prefix) => CALLING_CODES.has(prefix));
  if (!dial) return { ok: false, message: 'Invalid country code' };
  const parsed = parsePhoneNumberFromString(compact);
  if (!parsed || !parsed.isValid()) {
    const country = parsed?.country ?? CALLING_CODES.get(dial)![0];
    return { ok: false, message: `Invalid phone number format for ${countryName(country)}` };
  }
  return { ok: true, e164: parsed.number, country: parsed.country };
}

/**
 * A phone as sign-in and password reset accept it: "+91…" or bare digits (India assumed).
 * Answers E.164, or null when it is no possible number (the caller answers as for a wrong one).
 */
export function normalizeLoginPhone(value: string, defaultCountry: CountryCode = 'IN'): string | null {
  const compact = value.replace(/[\s().-]/g, '');
  if (!/^\+?\d{4,20}$/.test(compact)) return null;
  const parsed = parsePhoneNumberFromString(compact, defaultCountry);
  return parsed && parsed.isPossible() ? parsed.number : null;
}
