/**
 * Query keys that two features share: a player's screen and the back office read and change the
 * same entry. Each feature's own keys live in its api module.
 */
export const sharedKeys = {
  /** The site-wide message (home shows it; the back office edits it). */
  notification: ['notification'] as const,
  /** The wheel's prize sets (the spinner shows the first; the back office edits them). */
  spinnerPrizes: ['spinner', 'prizes'] as const,
  /** The player's limits and breaks (responsible play edits them; the games and the deposit honour a break). */
  responsible: ['responsible'] as const,
  /** The Telegram subscription price (the subscription screen shows it; the back office sets it). */
  telegramAmount: ['telegram-amount'] as const,
  /** Every entry of the colour game (its keys all start here); the back office's commitments refresh with it. */
  color: ['color'] as const,
};
