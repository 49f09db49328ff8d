import { currentLanguage, t } from '../../lib/i18n';
import { getCountries, getCountryCallingCode, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';

export interface Country {
  code: CountryCode;
  /** "+91" */
  dial: string;
  name: string;
  flag: string;
}

export const DEFAULT_COUNTRY: CountryCode = 'IN';

/** Region names in the player's language (Intl's, so no list of our own), or the code where Intl has none. */
function regionNames(language: string): Intl.DisplayNames | null {
  try {
    return new Intl.DisplayNames([language], { type: 'region' });
  } catch {
    return null;
  }
}

/** The flag emoji is the region code spelled in regional-indicator letters. */
const flagOf = (code: string) => String.fromCodePoint(...[...code.toUpperCase()].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));

const lists = new Map<string, readonly Country[]>();
/**
 * Every region libphonenumber knows (about 240; the United States and Canada both on +1), by name
 * in the player's language, made once per language.
 */
export function countries(language: string = currentLanguage()): readonly Country[] {
  let list = lists.get(language);
  if (!list) {
    const names = regionNames(language);
    list = getCountries()
      .map((code) => ({ code, dial: `+${getCountryCallingCode(code)}`, name: names?.of(code) ?? code, flag: flagOf(code) }))
      .sort((a, b) => a.name.localeCompare(b.name, language));
    lists.set(language, list);
  }
  return list;
}

let flagSupport: boolean | undefined;

/**
 * Whether this device draws flag emoji in colour (Windows, for one, shows two letters instead).
 * Drawn once on a canvas: a real flag has coloured pixels, a fallback glyph only black ones.
 */
export function flagEmojiSupported(): boolean {
  if (flagSupport !== undefined) return flagSupport;
  flagSupport = false;
  try {
    if (typeof document === 'undefined' || /jsdom/i.test(navigator.userAgent)) return flagSupport;
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 24;
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    if (!ctx) return flagSupport;
    ctx.font = '20px sans-serif';
    ctx.textBaseline = 'top';
    ctx.fillText(flagOf('IN'), 0, 0);
    const px = ctx.getImageData(0, 0, 24, 24).data;
    for (let i = 0; i < px.length; i += 4) {
      if (px[i + 3] > 0 && (Math.abs(px[i] - px[i + 1]) > 16 || Math.abs(px[i + 1] - px[i + 2]) > 16)) return (flagSupport = true);
    }
  } catch {
    // No canvas: keep the letters.
  }
  return flagSupport;
}

export const findCountry = (code: string): Country | undefined => countries().find((c) => c.code === code);

export type PhoneCheck = { ok: true; phoneNumber: string } | { ok: false; message: string };

/**
 * Checks national digits against the chosen country's numbering plan. Regions that share a calling
 * code (GB and GG, US and CA) accept each other's numbers, since the stored number is the same.
 */
export function checkPhone(countryCode: string, digits: string): PhoneCheck {
  const country = findCountry(countryCode);
  if (!country) return { ok: false, message: t('Invalid country code') };
  const parsed = parsePhoneNumberFromString(digits, country.code);
  if (!parsed || !parsed.isValid() || `+${parsed.countryCallingCode}` !== country.dial) {
    return { ok: false, message: t('Invalid phone number format for {{country}}', { country: country.name }) };
  }
  return { ok: true, phoneNumber: parsed.number };
}
