import type { Language } from '../../../contracts/language';
import { api } from './api';
import { adoptLanguage, chosenLanguage, onLanguageChosen } from './i18n';
import { session } from './session';

/**
 * Keeps the signed-in player's language on the server: their pick is saved there, and at sign-in on
 * a browser where no language was picked, theirs is shown. Started once, beside the first render.
 */
export function syncLanguageWithAccount(): void {
  let lastUserId = session.user()?._id ?? null;
  session.subscribe(() => {
    const user = session.user();
    const userId = user?._id ?? null;
    if (userId === lastUserId) return;
    lastUserId = userId;
    if (!user) return;
    const chosen = chosenLanguage();
    if (chosen && chosen !== user.language) void saveLanguage(chosen);
    else if (!chosen && user.language) void adoptLanguage(user.language);
  });
  onLanguageChosen((language) => {
    if (session.user()) void saveLanguage(language);
  });
}

async function saveLanguage(language: Language): Promise<void> {
  try {
    await api('/api/v1/users/language', { method: 'PUT', body: { language } });
    const user = session.user();
    if (user && user.language !== language) session.set({ ...user, language });
  } catch {
    // Kept on this browser; the next pick or sign-in tries again.
  }
}
