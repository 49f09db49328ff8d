import { RANKING_SIZE } from '../../../contracts/ranking.js';
import type { DbOrTx } from '../../db/client.js';
import * as repo from './ranking.repo.js';

/** This week's start and the players who staked most, from settled rounds. */
export async function weeklyRanking(db: DbOrTx, now: Date) {
  const [weekStart, leaders] = await Promise.all([repo.weekBegan(db, now), repo.weekLeaders(db, RANKING_SIZE, now)]);
  return { weekStart, leaders };
}
