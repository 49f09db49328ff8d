import i18next from 'i18next';
import { useSyncExternalStore } from 'react';
import { initReactI18next, useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage, LOCALES, type Language } from '../../../contracts/language';
import { english } from '../locales/en';

/**
 * The player site's words. English is the source: a text's key is its English wording (the spec's
 * text as it is), so English needs no catalog but its plural forms. Hindi's catalog is its own
 * chunk, loaded only when Hindi is chosen, with the Devanagari font, before a Hindi screen paints.
 */
export const i18n = i18next.createInstance();

/** A text in the chosen language; the key is its English wording. */
export const t = (key: string, options?: Record<string, unknown>): string => i18n.t(key, options ?? {}) as string;

/**
 * Marks a text to be translated where it is used, not where it is written (a table at the top of a
 * module is read before any language is chosen): `t(text)` at the point of use gives its words.
 */
export const tk = <T extends string>(key: T): T => key;

/** `t` for a component, which renders again when the language changes. */
export function useT() {
  return useTranslation().t as unknown as typeof t;
}

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

export const currentLanguage = (): Language => (isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE);
/** The locale of numbers and dates now: en-IN or hi-IN. */
export const currentLocale = (): string => LOCALES[currentLanguage()];

/** Hindi's catalog and font, each fetched once. */
let hindi: Promise<void> | null = null;
function loadHindi(): Promise<void> {
  hindi ??= (async () => {
    const [catalog] = await Promise.all([import('../locales/hi.json'), import('./devanagari.css')]);
    i18n.addResourceBundle('hi', 'translation', catalog.default, true, true);
    // The font before the first Hindi paint: no text drawn in a fallback first and moved later.
    if (typeof document !== 'undefined' && document.fonts) {
      await Promise.all(['400', '600', '700'].map((w) => document.fonts.load(`${w} 1em "Noto Sans Devanagari"`, 'शेष')).flat()).catch(() => undefined);
    }
  })().catch((err) => {
    hindi = null;
    throw err;
  });
  return hindi;
}

function applyToPage(language: Language) {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** Sets the words up before the first render: the chosen or the browser's language, its catalog loaded. */
export async function startLanguage(): Promise<void> {
  const language = chosenLanguage() ?? browserLanguage();
  await i18n.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    resources: { en: { translation: english } },
    partialBundledLanguages: true,
    keySeparator: false,
    nsSeparator: false,
    returnNull: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    initAsync: false,
  });
  if (language !== 'en') await changeLanguage(language).catch(() => applyToPage('en'));
  else applyToPage('en');
}

const languageListeners = new Set<(language: Language) => void>();
/** Called when the player picks a language (the signed-in player's choice is saved on the server). */
export const onLanguageChosen = (listener: (language: Language) => void) => {
  languageListeners.add(listener);
  return () => void languageListeners.delete(listener);
};

async function changeLanguage(language: Language): Promise<void> {
  if (language === 'hi') await loadHindi();
  await i18n.changeLanguage(language);
  applyToPage(language);
}

/** The player's own choice: shown at once, remembered on this browser and told to the listeners. */
export async function chooseLanguage(language: Language): Promise<void> {
  await changeLanguage(language);
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // A browser that keeps nothing still shows the language for this visit.
  }
  languageListeners.forEach((l) => l(language));
}

/** The account's saved language, where this browser has no choice of its own (a sign-in on a new device). */
export async function adoptLanguage(language: Language): Promise<void> {
  if (chosenLanguage() || language === currentLanguage()) return;
  await changeLanguage(language);
}

/**
 * A server's error in the player's language: its English text where Hindi has it word for word
 * (validation messages, the spec's texts), else the Hindi for its stable code, else the server's English.
 */
export function serverText(message: string, code?: string): string {
  if (currentLanguage() === 'en') return message;
  if (i18n.exists(message)) return t(message);
  if (code && i18n.exists(`code:${code}`)) return t(`code:${code}`);
  return message;
}

const subscribeLanguage = (listener: () => void) => {
  i18n.on('languageChanged', listener);
  return () => i18n.off('languageChanged', listener);
};
/** The language shown now, re-rendering when it changes. */
export const useLanguage = (): Language => useSyncExternalStore(subscribeLanguage, currentLanguage, currentLanguage);
