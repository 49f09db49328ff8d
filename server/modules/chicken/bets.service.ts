import { GAME_TYPES } from '../../../contracts/accounts.js';
import { GAME_TYPE } from '../../../contracts/chicken.js';
import { isUuid } from '../../../contracts/ids.js';
import { STATEMENT_MAX_ROWS } from '../../../contracts/responsible.js';
import type { Ctx, RequestCtx } from '../../lib/context.js';
import { istDayAfter, istMidnight } from '../../lib/india-time.js';
import { totalPages } from '../../lib/paging.js';
import type { AuthUser } from '../../types.js';
import * as repo from './chicken.repo.js';

export const BETS_PAGE_SIZE = 10;
/** The back-office game history shows a player's latest ended rounds. */
export const GAME_HISTORY_LIMIT = 200;

/** A page of the player's own rounds, newest first. */
export async function listBets(ctx: RequestCtx<AuthUser>, { page }: { page: number }) {
  const { db } = ctx;
  const userId = ctx.user.id;
  const total = await repo.countRounds(db, userId);
  const rows = await repo.listRounds(db, userId, BETS_PAGE_SIZE, (page - 1) * BETS_PAGE_SIZE);
  return { rows, page, totalPages: totalPages(total, BETS_PAGE_SIZE), total };
}

/**
 * Ended rounds of one player, newest first. A game the site does not have (the original app's screen asks
 * for `aviator` by default) means every game, so the screen never shows an empty table by mistake;
 * another game of ours has no rounds here.
 */
export async function gameHistory(ctx: Ctx, { userId, gameType }: { userId: string; gameType: string }) {
  const type = gameType.toLowerCase();
  const ours = (GAME_TYPES as readonly string[]).includes(type);
  if ((ours && type !== GAME_TYPE) || !isUuid(userId)) return [];
  return repo.listRounds(ctx.db, userId, GAME_HISTORY_LIMIT, 0, true);
}

/** The player's own Chicken Road rounds from one date to another (India time, both days included), at most a statement's worth. */
export async function roundsForStatement(ctx: RequestCtx<AuthUser>, { from, to }: { from: string; to: string }) {
  return repo.roundsBetween(ctx.db, ctx.user.id, istMidnight(from), istDayAfter(to), STATEMENT_MAX_ROWS);
}
