import { GAME_TYPES } from '../../../contracts/accounts.js';
import { DIFFICULTIES, multiplierLadder } from '../../../contracts/chicken.js';
import type { SiteSettings } from '../../../contracts/site.js';
import type { Config } from '../../config.js';
import type { DbOrTx } from '../../db/client.js';
import * as repo from './site.repo.js';

/** The games visitors may see: every game unless an admin hid it. */
export async function visibleGames(db: DbOrTx): Promise<string[]> {
  const hidden = new Set((await repo.visibilityRows(db)).filter((r) => !r.isVisible).map((r) => r.gameType));
  return GAME_TYPES.filter((g) => !hidden.has(g));
}

/** The site-wide notification, or null when there is none. */
export const notification = (db: DbOrTx): Promise<string | null> => repo.notificationMessage(db);

/** The limits and the game ladder the server enforces, as the configuration sets them. */
export function settings(config: Config): SiteSettings {
  const rtp = config.GAME_RTP;
  return {
    deposit: { min: config.DEPOSIT_MIN, max: config.DEPOSIT_MAX },
    withdraw: { min: config.WITHDRAW_MIN, max: config.WITHDRAW_MAX },
    chicken: {
      minBet: config.GAME_MIN_BET,
      maxBet: config.GAME_MAX_BET,
      maxWin: config.GAME_MAX_WIN,
      rtp,
      ladders: Object.fromEntries(DIFFICULTIES.map((d) => [d, multiplierLadder(d, rtp)])) as SiteSettings['chicken']['ladders'],
    },
  };
}
