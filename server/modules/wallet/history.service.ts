import { toRupees } from '../../../contracts/money.js';
import { STATEMENT_MAX_ROWS } from '../../../contracts/responsible.js';
import { HISTORY_PAGE_SIZE, HISTORY_TYPE_LABELS } from '../../../contracts/wallet.js';
import type { Db } from '../../db/client.js';
import { toCsv } from '../../lib/csv.js';
import { formatIst, istDayAfter, istMidnight } from '../../lib/india-time.js';
import { totalPages } from '../../lib/paging.js';
import { historyBetween, historyPage } from './history.repo.js';

/** One page (10 rows, newest first) of a player's history, or of everyone's when userId is null. */
export async function walletHistory(db: Db, userId: string | null, page: number) {
  const { rows, total } = await historyPage(db, userId, HISTORY_PAGE_SIZE, (page - 1) * HISTORY_PAGE_SIZE);
  return { rows, everyone: userId === null, page, totalPages: totalPages(total, HISTORY_PAGE_SIZE), total };
}

/** A player's transactions from one date to another (India time, both days included), as CSV. */
export async function transactionsCsv(db: Db, userId: string, from: string, to: string): Promise<string> {
  const rows = await historyBetween(db, userId, istMidnight(from), istDayAfter(to), STATEMENT_MAX_ROWS);
  return toCsv(
    ['time (India)', 'type', 'method', 'amount (INR)', 'direction', 'status', 'id'],
    rows.map((r) => [formatIst(r.createdAt), HISTORY_TYPE_LABELS[r.type] ?? r.type, r.method, toRupees(r.amount).toFixed(2), r.direction, r.status, r.id]),
  );
}
