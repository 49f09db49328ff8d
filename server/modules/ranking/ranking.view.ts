import { maskName, pointsOf, type Ranking } from '../../../contracts/ranking.js';
import type { StakeRow } from './ranking.repo.js';

/** The ranking as players see it; only masked names leave the server. */
export const rankingView = (r: { weekStart: Date; leaders: StakeRow[] }): Ranking => ({
  weekStart: r.weekStart.toISOString(),
  entries: r.leaders.map((l, i) => ({ rank: i + 1, name: maskName(l.fullName), points: pointsOf(l.staked) })),
});
