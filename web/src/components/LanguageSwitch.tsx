import { useState } from 'react';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../../../contracts/language';
import { chooseLanguage, t, useLanguage } from '../lib/i18n';
import { notify } from '../lib/toast';

/**
 * English or हिन्दी: each name written in its own script (and marked with its language, so a
 * screen reader says it right). The choice shows at once and is remembered.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const language = useLanguage();
  const [busy, setBusy] = useState(false);
  const pick = async (next: Language) => {
    if (next === language || busy) return;
    setBusy(true);
    try {
      await chooseLanguage(next);
    } catch {
      notify.error(t('Could not load this language. Check your connection and try again.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div role="group" aria-label={t('Language')} className={['segmented', 'language-switch', className ?? ''].join(' ').trim()}>
      {LANGUAGES.map((l) => (
        <button
          key={l}
          type="button"
          lang={l}
          aria-pressed={l === language}
          disabled={busy}
          className={['segmented__option', l === language ? 'segmented__option--active' : ''].join(' ').trim()}
          onClick={() => void pick(l)}
        >
          {LANGUAGE_NAMES[l]}
        </button>
      ))}
    </div>
  );
}
