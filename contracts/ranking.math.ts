/**
 * The weekly ranking, from real play (docs/decisions/0009-ranking-from-real-play.md):
 * - the week starts on Monday at 00:00 India time;
 * - a player's points are the rupees they staked in rounds settled this week;
 * - their bonus is 2% of that, and the jackpot is 2% of every stake settled this week;
 * - the top ten by points (ties: who got there first), names masked.
 */
export const RANKING_SIZE = 10;
export const JACKPOT_SHARE = 0.02;

/** A share of a sum of stakes (paise), in rupees to the paisa: the jackpot, or a player's bonus. */
export const shareOf = (stakedPaise: number): number => Math.round(stakedPaise * JACKPOT_SHARE) / 100;

/** Ranking points: whole rupees staked. */
export const pointsOf = (stakedPaise: number): number => Math.floor(stakedPaise / 100);

/** First character, four stars, last character: the only form of a name the ranking shows. */
export const maskName = (name: string) => {
  const n = name.trim();
  return n.length < 2 ? `${n}****` : `${n[0]}****${n[n.length - 1]}`;
};

/** The share as people read it: "2%". */
export const JACKPOT_SHARE_TEXT = `${Math.round(JACKPOT_SHARE * 100)}%`;
