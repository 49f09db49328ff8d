import type { i18n as I18next } from 'i18next';
import { useSyncExternalStore } from 'react';
import { DEFAULT_LANGUAGE, fill, isLanguage, LOCALES, type Language } from '../../../contracts/language';
import { english } from '../locales/en';

/*
 * The player site's words. English is the source: a text's key is its English wording (the spec's
 * text as it is), so English needs no catalog but its plural forms (locales/en.ts), and no engine:
 * a first visit in English loads nothing for languages. Hindi comes as one chunk, loaded only when
 * Hindi is chosen: i18next (its plural rules, the catalog and its fallback), the catalog and the
 * Devanagari font, all before a Hindi screen paints.
 */

/** i18next with the Hindi catalog, once Hindi has been chosen. */
let engine: I18next | null = null;
let language: Language = DEFAULT_LANGUAGE;

export { fill };

let englishPlurals: Intl.PluralRules | undefined;
/** An English text's words: its key, or for a counted text the key's form for that count (locales/en.ts). */
function englishText(key: string, count: unknown): string {
  if (typeof count !== 'number') return key;
  englishPlurals ??= new Intl.PluralRules('en');
  return english[`${key}_${englishPlurals.select(count)}`] ?? key;
}

/** A text's words in the chosen language, not yet filled in. */
function template(key: string, values?: Record<string, unknown>): string {
  if (language === 'en' || !engine) return englishText(key, values?.count);
  return engine.t(key, { count: values?.count as number | undefined, context: values?.context as string | undefined, skipInterpolation: true }) as string;
}

/**
 * A text in the chosen language; the key is its English wording, `{{name}}` filled from `values`.
 * `context` tells apart two uses of one English word that another language says differently
 * ("Play" on a button, "Play" on the play-money chip): the catalog's key is `Play_money`.
 */
export const t = (key: string, values?: Record<string, unknown>): string => fill(template(key, values), values);

/** Whether the chosen language has words of its own for `key` (English has the key itself). */
export const hasText = (key: string): boolean => language === 'en' || Boolean(engine?.exists(key));

/**
 * A text's words in the chosen language with `{{name}}` left in place, for a sentence drawn in
 * parts (Tr): its tags are read before the values are filled in.
 */
export const textTemplate = (key: string, values?: Record<string, unknown>): string => template(key, values);

/**
 * Marks a text to be translated where it is used, not where it is written (a table at the top of a
 * module is read before any language is chosen): `t(text)` at the point of use gives its words.
 */
export const tk = <T extends string>(key: T): T => key;

const STORAGE_KEY = 'lang';

/** The language a visitor chose on this browser, if they ever did. */
export function chosenLanguage(): Language | null {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return isLanguage(stored) ? stored : null;
  } catch {
    return null;
  }
}

/** The language of a first visit: Hindi for a browser that prefers it, English otherwise. */
function browserLanguage(): Language {
  const preferred = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  for (const tag of preferred) {
    const base = tag?.toLowerCase().split('-')[0];
    if (base === 'hi') return 'hi';
    if (base === 'en') return 'en';
  }
  return DEFAULT_LANGUAGE;
}

export const currentLanguage = (): Language => language;
/** The locale of numbers and dates now: en-IN or hi-IN. */
export const currentLocale = (): string => LOCALES[language];

/** Hindi's engine, catalog and font, fetched once. */
let hindi: Promise<void> | null = null;
function loadHindi(): Promise<void> {
  hindi ??= (async () => {
    const [{ default: i18next }, catalog] = await Promise.all([import('i18next'), import('../locales/hi.json'), import('./devanagari.css')]);
    const instance = i18next.createInstance();
    await instance.init({
      lng: 'hi',
      fallbackLng: false,
      resources: { hi: { translation: catalog.default } },
      keySeparator: false,
      nsSeparator: false,
      returnNull: false,
      initAsync: false,
    });
    // The font before the first Hindi paint: no text drawn in a fallback first and moved later.
    if (typeof document !== 'undefined' && document.fonts) {
      await Promise.all(['400', '600', '700'].map((w) => document.fonts.load(`${w} 1em "Noto Sans Devanagari"`, 'शेष'))).catch(() => undefined);
    }
    engine = instance;
  })().catch((err) => {
    hindi = null;
    throw err;
  });
  return hindi;
}

const changeListeners = new Set<() => void>();

async function changeLanguage(next: Language): Promise<void> {
  if (next === 'hi') await loadHindi();
  language = next;
  if (typeof document !== 'undefined') document.documentElement.lang = next;
  changeListeners.forEach((l) => l());
}

/** Sets the words up before the first render: the chosen or the browser's language, Hindi's chunk loaded. */
export async function startLanguage(): Promise<void> {
  const first = chosenLanguage() ?? browserLanguage();
  await changeLanguage(first).catch(() => changeLanguage('en'));
}

const choiceListeners = new Set<(language: Language) => void>();
/** Called when the player picks a language (the signed-in player's choice is saved on the server). */
export const onLanguageChosen = (listener: (language: Language) => void) => {
  choiceListeners.add(listener);
  return () => void choiceListeners.delete(listener);
};

/** The player's own choice: shown at once, remembered on this browser and told to the listeners. */
export async function chooseLanguage(next: Language): Promise<void> {
  await changeLanguage(next);
  try {
    localStorage.setItem(STORAGE_KEY, next);
  } catch {
    // A browser that keeps nothing still shows the language for this visit.
  }
  choiceListeners.forEach((l) => l(next));
}

/** The account's saved language, where this browser has no choice of its own (a sign-in on a new device). */
export async function adoptLanguage(next: Language): Promise<void> {
  if (chosenLanguage() || next === language) return;
  await changeLanguage(next);
}

/**
 * A server's message in the player's language: its English text where Hindi has it word for word
 * (validation messages, the spec's texts), else the Hindi for its stable code, else `fallback` (the
 * screen's own words, already in the player's language), else the server's English.
 */
export function serverText(message: string, code?: string, fallback?: string): string {
  if (language === 'en') return message;
  if (hasText(message)) return t(message);
  if (code && hasText(`code:${code}`)) return t(`code:${code}`);
  return fallback ?? message;
}

const subscribeLanguage = (listener: () => void) => {
  changeListeners.add(listener);
  return () => void changeListeners.delete(listener);
};
/** The language shown now, re-rendering when it changes. */
export const useLanguage = (): Language => useSyncExternalStore(subscribeLanguage, currentLanguage, currentLanguage);
