import { STATEMENT_MAX_ROWS } from '../../../contracts/responsible.js';
import { HISTORY_PAGE_SIZE } from '../../../contracts/wallet.js';
import type { Ctx, RequestCtx } from '../../lib/context.js';
import { istDayAfter, istMidnight } from '../../lib/india-time.js';
import { totalPages } from '../../lib/paging.js';
import type { AuthUser } from '../../types.js';
import { historyBetween, historyPage } from './history.repo.js';

/** One page (10 rows, newest first) of a player's history, or of everyone's when userId is null. */
export async function walletHistory(ctx: Ctx, { userId, page }: { userId: string | null; page: number }) {
  const { rows, total } = await historyPage(ctx.db, userId, HISTORY_PAGE_SIZE, (page - 1) * HISTORY_PAGE_SIZE);
  return { rows, everyone: userId === null, page, totalPages: totalPages(total, HISTORY_PAGE_SIZE), total };
}

/** The caller's transactions from one date to another (India time, both days included), at most a statement's worth. */
export async function transactionsForStatement(ctx: RequestCtx<AuthUser>, { from, to }: { from: string; to: string }) {
  return historyBetween(ctx.db, ctx.user.id, istMidnight(from), istDayAfter(to), STATEMENT_MAX_ROWS);
}
