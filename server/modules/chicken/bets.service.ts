import { GAME_TYPES } from '../../../contracts/accounts.js';
import { GAME_TYPE } from '../../../contracts/chicken.js';
import { isUuid } from '../../../contracts/ids.js';
import { STATEMENT_MAX_ROWS } from '../../../contracts/responsible.js';
import type { DbOrTx } from '../../db/client.js';
import { istDayAfter, istMidnight } from '../../lib/india-time.js';
import { totalPages } from '../../lib/paging.js';
import * as repo from './chicken.repo.js';

export const BETS_PAGE_SIZE = 10;
/** The back-office game history shows a player's latest ended rounds. */
export const GAME_HISTORY_LIMIT = 200;

export async function listBets(db: DbOrTx, userId: string, page: number) {
  const total = await repo.countRounds(db, userId);
  const rows = await repo.listRounds(db, userId, BETS_PAGE_SIZE, (page - 1) * BETS_PAGE_SIZE);
  return { rows, page, totalPages: totalPages(total, BETS_PAGE_SIZE), total };
}

/**
 * Ended rounds of one player, newest first. A game the site does not have (the original app's screen asks
 * for `aviator` by default) means every game, so the screen never shows an empty table by mistake;
 * another game of ours has no rounds here.
 */
export async function gameHistory(db: DbOrTx, userId: string, gameType: string) {
  const type = gameType.toLowerCase();
  const ours = (GAME_TYPES as readonly string[]).includes(type);
  if ((ours && type !== GAME_TYPE) || !isUuid(userId)) return [];
  return repo.listRounds(db, userId, GAME_HISTORY_LIMIT, 0, true);
}

/** A player's Chicken Road rounds from one date to another (India time, both days included), at most a statement's worth. */
export async function roundsForStatement(db: DbOrTx, userId: string, from: string, to: string) {
  return repo.roundsBetween(db, userId, istMidnight(from), istDayAfter(to), STATEMENT_MAX_ROWS);
}
