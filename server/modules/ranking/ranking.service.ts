import { RANKING_SIZE } from '../../../contracts/ranking.js';
import type { Ctx } from '../../lib/context.js';
import * as repo from './ranking.repo.js';

/** This week's start and the players who staked most, from settled rounds. */
export async function weeklyRanking(ctx: Ctx) {
  const [weekStart, leaders] = await Promise.all([repo.weekBegan(ctx.db, ctx.now), repo.weekLeaders(ctx.db, RANKING_SIZE, ctx.now)]);
  return { weekStart, leaders };
}
