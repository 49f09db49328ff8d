import { DEMO_START_BALANCE, DIFFICULTIES, multiplierLadder } from '../../../contracts/chicken.js';
import { telegramLink, whatsappLink, type SiteSettings, type SupportContacts } from '../../../contracts/site.js';
import type { Config } from '../../config.js';
import type { SavedNotification } from './site.service.js';

// How the site's settings read in its answers.

/** The limits and the game ladder the server enforces, as the configuration sets them, and the support contacts. */
export function siteSettingsView(config: Config, support: SupportContacts): SiteSettings {
  const rtp = config.GAME_RTP;
  return {
    deposit: { min: config.DEPOSIT_MIN, max: config.DEPOSIT_MAX },
    withdraw: { min: config.WITHDRAW_MIN, max: config.WITHDRAW_MAX },
    support: { whatsapp: whatsappLink(support.whatsapp || null), telegram: telegramLink(support.telegram || null) },
    chicken: {
      minBet: config.GAME_MIN_BET,
      maxBet: config.GAME_MAX_BET,
      maxWin: config.GAME_MAX_WIN,
      rtp,
      ladders: Object.fromEntries(DIFFICULTIES.map((d) => [d, multiplierLadder(d, rtp)])) as SiteSettings['chicken']['ladders'],
    },
    // The colour service checks its bets against these same settings (assertBetInRange).
    color: { minBet: config.GAME_MIN_BET, maxBet: config.GAME_MAX_BET },
    playMoney: config.PLAY_MONEY,
    ageConfirmation: config.REQUIRE_AGE_CONFIRMATION,
    helpLinks: config.HELP_LINKS,
    demoBalance: DEMO_START_BALANCE,
  };
}

/** The site-wide message just saved. */
export const savedNotificationView = (n: SavedNotification) => ({ message: n.message, messageHi: n.messageHi, updatedAt: n.updatedAt.toISOString() });
