/**
 * The weekly ranking, from real play (docs/decisions/0009-ranking-from-real-play.md):
 * - the week starts on Monday at 00:00 India time;
 * - a player's points are the rupees they staked in rounds settled this week;
 * - the top ten by points (ties: who got there first), names masked.
 * It names no money to win: nothing is paid for a rank (decision 0009).
 */
export const RANKING_SIZE = 10;

/** Ranking points: whole rupees staked. */
export const pointsOf = (stakedPaise: number): number => Math.floor(stakedPaise / 100);

/** First character, four stars, last character: the only form of a name the ranking shows. */
export const maskName = (name: string) => {
  const n = name.trim();
  return n.length < 2 ? `${n}****` : `${n[0]}****${n[n.length - 1]}`;
};
