import { GAME_TYPES } from '../../../contracts/accounts.js';
import { GAME_TYPE } from '../../../contracts/chicken.js';
import { isUuid } from '../../../contracts/ids.js';
import { toRupees } from '../../../contracts/money.js';
import { STATEMENT_MAX_ROWS } from '../../../contracts/responsible.js';
import type { DbOrTx } from '../../db/client.js';
import { toCsv } from '../../lib/csv.js';
import { formatIst, istDayAfter, istMidnight } from '../../lib/india-time.js';
import { totalPages } from '../../lib/paging.js';
import * as repo from './chicken.repo.js';
import { betRecord, lanesCrossed } from './chicken.view.js';

export const BETS_PAGE_SIZE = 10;
/** The back-office game history shows a player's latest ended rounds. */
export const GAME_HISTORY_LIMIT = 200;

export async function listBets(db: DbOrTx, userId: string, page: number) {
  const total = await repo.countRounds(db, userId);
  const rows = await repo.listRounds(db, userId, BETS_PAGE_SIZE, (page - 1) * BETS_PAGE_SIZE);
  return { bets: rows.map(betRecord), page, totalPages: totalPages(total, BETS_PAGE_SIZE), total };
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
  const rows = await repo.listRounds(db, userId, GAME_HISTORY_LIMIT, 0, true);
  return rows.map((r) => ({ _id: r.id, createdAt: r.createdAt.toISOString(), betAmount: toRupees(r.bet), payoutAmount: toRupees(r.payout ?? 0) }));
}

/** A player's Chicken Road rounds from one date to another (India time, both days included), as CSV. */
export async function betsCsv(db: DbOrTx, userId: string, from: string, to: string): Promise<string> {
  const rows = await repo.roundsBetween(db, userId, istMidnight(from), istDayAfter(to), STATEMENT_MAX_ROWS);
  return toCsv(
    [
      'time (India)',
      'game',
      'difficulty',
      'bet (INR)',
      'result',
      'lanes crossed',
      'multiplier',
      'payout (INR)',
      'round id',
      'server seed hash',
      'client seed',
      'nonce',
    ],
    rows.map((r) => [
      formatIst(r.createdAt),
      'Chicken Road',
      r.difficulty,
      toRupees(r.bet).toFixed(2),
      r.state === 'playing' ? 'in play' : r.state,
      lanesCrossed(r),
      ((r.multiplier ?? 0) / 100).toFixed(2),
      toRupees(r.payout ?? 0).toFixed(2),
      r.id,
      r.serverSeedHash,
      r.clientSeed,
      r.nonce,
    ]),
  );
}
