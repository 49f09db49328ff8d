import { GAME_TYPES } from '../../../contracts/accounts.js';
import { GAME_TYPE } from '../../../contracts/chicken.js';
import { isUuid } from '../../../contracts/ids.js';
import { toRupees } from '../../../contracts/money.js';
import type { DbOrTx } from '../../db/client.js';
import { totalPages } from '../../lib/paging.js';
import * as repo from './chicken.repo.js';
import { betRecord } from './chicken.view.js';

export const BETS_PAGE_SIZE = 10;
/** The back-office game history shows a player's latest ended rounds. */
export const GAME_HISTORY_LIMIT = 200;

export async function listBets(db: DbOrTx, userId: string, page: number) {
  const total = await repo.countRounds(db, userId);
  const rows = await repo.listRounds(db, userId, BETS_PAGE_SIZE, (page - 1) * BETS_PAGE_SIZE);
  return { bets: rows.map(betRecord), page, totalPages: totalPages(total, BETS_PAGE_SIZE), total };
}

/**
 * Ended rounds of one player, newest first. A game the site does not have (the spec's screen asks
 * for `aviator` by default) means every game, so the screen never shows an empty table by mistake;
 * another game of ours has no rounds here.
 */
export async function gameHistory(db: DbOrTx, userId: string, gameType: string) {
  const type = gameType.toLowerCase();
  const ours = (GAME_TYPES as readonly string[]).includes(type);
  if ((ours && type !== GAME_TYPE) || !isUuid(userId)) return [];
  const rows = await repo.listRounds(db, userId, GAME_HISTORY_LIMIT, 0, true);
  return rows.map((r) => ({ _id: r.id, createdAt: r.createdAt.toISOString(), betAmount: toRupees(r.bet), payoutAmount: toRupees(r.payout ?? 0) }));
}
