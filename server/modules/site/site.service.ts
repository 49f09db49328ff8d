import { GAME_TYPES } from '../../../contracts/accounts.js';
import type { DbOrTx } from '../../db/client.js';
import * as repo from './site.repo.js';

/** The games visitors may see: every game unless an admin hid it. */
export async function visibleGames(db: DbOrTx): Promise<string[]> {
  const hidden = new Set((await repo.visibilityRows(db)).filter((r) => !r.isVisible).map((r) => r.gameType));
  return GAME_TYPES.filter((g) => !hidden.has(g));
}

/** The site-wide notification, or null when there is none. */
export const notification = (db: DbOrTx): Promise<string | null> => repo.notificationMessage(db);
