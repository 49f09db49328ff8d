import { JACKPOT_SHARE, maskName, RANKING_SIZE, type Ranking } from '../../../contracts/ranking.js';
import { toRupees } from '../../../contracts/money.js';
import type { DbOrTx } from '../../db/client.js';
import * as repo from './ranking.repo.js';

const cents = (rupees: number) => Math.round(rupees * 100) / 100;

/** This week's ranking from settled bets; only masked names leave the server. */
export async function weeklyRanking(db: DbOrTx, now: Date): Promise<Ranking> {
  const [{ weekStart, total }, leaders] = await Promise.all([repo.weekTotal(db, now), repo.weekLeaders(db, RANKING_SIZE, now)]);
  return {
    weekStart: weekStart.toISOString(),
    jackpot: cents(toRupees(total) * JACKPOT_SHARE),
    entries: leaders.map((l, i) => ({
      rank: i + 1,
      name: maskName(l.fullName),
      points: Math.floor(toRupees(l.staked)),
      bonus: cents(toRupees(l.staked) * JACKPOT_SHARE),
    })),
  };
}
