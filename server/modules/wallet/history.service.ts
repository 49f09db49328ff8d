import { toRupees } from '../../../contracts/money.js';
import { HISTORY_PAGE_SIZE } from '../../../contracts/wallet.js';
import { type HistoryPage } from '../../../contracts/wallet.answers.js';
import type { Db } from '../../db/client.js';
import { totalPages } from '../../lib/paging.js';
import { historyPage } from './history.repo.js';
import { iso } from './wallet.shared.js';

/** One page (10 rows, newest first) of a player's history, or of everyone's when userId is null. */
export async function walletHistory(db: Db, userId: string | null, page: number): Promise<HistoryPage> {
  const { rows, total } = await historyPage(db, userId, HISTORY_PAGE_SIZE, (page - 1) * HISTORY_PAGE_SIZE);
  return {
    transactions: rows.map((r) => ({
      _id: r.id,
      id: r.id,
      type: r.type,
      method: r.method,
      amount: toRupees(r.amount),
      status: r.status,
      direction: r.direction,
      createdAt: iso(r.createdAt),
      ...(userId === null ? { userId: r.userId, fullName: r.fullName ?? undefined, email: r.email ?? undefined } : {}),
    })),
    totalPages: totalPages(total, HISTORY_PAGE_SIZE),
    page,
    total,
  };
}
