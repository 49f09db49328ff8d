import { RANKING_SIZE } from '../../../contracts/ranking.js';
import type { DbOrTx } from '../../db/client.js';
import * as repo from './ranking.repo.js';

/** This week's start, its total staked and the players who staked most, from settled rounds. */
export async function weeklyRanking(db: DbOrTx, now: Date) {
  const [{ weekStart, total }, leaders] = await Promise.all([repo.weekTotal(db, now), repo.weekLeaders(db, RANKING_SIZE, now)]);
  return { weekStart, total, leaders };
}
