import { STATEMENT_MAX_ROWS } from '../../../contracts/responsible.js';
import { HISTORY_PAGE_SIZE } from '../../../contracts/wallet.js';
import type { Db } from '../../db/client.js';
import { istDayAfter, istMidnight } from '../../lib/india-time.js';
import { totalPages } from '../../lib/paging.js';
import { historyBetween, historyPage } from './history.repo.js';

/** One page (10 rows, newest first) of a player's history, or of everyone's when userId is null. */
export async function walletHistory(db: Db, userId: string | null, page: number) {
  const { rows, total } = await historyPage(db, userId, HISTORY_PAGE_SIZE, (page - 1) * HISTORY_PAGE_SIZE);
  return { rows, everyone: userId === null, page, totalPages: totalPages(total, HISTORY_PAGE_SIZE), total };
}

/** A player's transactions from one date to another (India time, both days included), at most a statement's worth. */
export async function transactionsForStatement(db: Db, userId: string, from: string, to: string) {
  return historyBetween(db, userId, istMidnight(from), istDayAfter(to), STATEMENT_MAX_ROWS);
}
