/*
 * The languages the player site speaks: English, the source (the spec's texts as they are), and
 * Hindi beside it. The server keeps each player's choice so the codes it sends by e-mail and SMS
 * speak it too. No schema library here: the web's first screen reads it.
 */
export const LANGUAGES = ['en', 'hi'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export const isLanguage = (value: unknown): value is Language => typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** The locale of numbers and dates in each language: India's way in both (₹1,00,000). */
export const LOCALES: Record<Language, string> = { en: 'en-IN', hi: 'hi-IN' };

/** `{{name}}` in a text, filled with its value: the one interpolation of every text of the site. */
export const fill = (text: string, values?: Record<string, unknown>): string =>
  values ? text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole)) : text;

/** Each language's name as its own readers write it, for the switch. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', hi: 'हिन्दी' };
