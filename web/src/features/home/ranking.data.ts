/** A leaderboard row as the spec's sample data has it (`avtar` spelled so). */
export interface LeaderboardEntry {
  id: number;
  name: string;
  points: number;
  bonus: number;
  rank: number;
  avtar: string;
}

/** Fixed figures of the sample leaderboard; nothing here comes from real play. */
export const JACKPOT_RUPEES = 1_250_000;

const AVATAR_COLOURS = ['#6c5ce7', '#ff5b6e', '#2ecc71', '#ffb84d', '#00b8d9', '#e056fd', '#ff7f50', '#1abc9c', '#f368e0', '#54a0ff'];

export const SAMPLE_LEADERBOARD: readonly LeaderboardEntry[] = [
  ['Aarav Sharma', 98_450, 4_920],
  ['Priya Nair', 91_200, 4_560],
  ['Rohan Gupta', 86_730, 4_330],
  ['Ananya Iyer', 79_310, 3_960],
  ['Vikram Singh', 72_880, 3_640],
  ['Sneha Patel', 66_150, 3_300],
  ['Karan Mehta', 59_420, 2_970],
  ['Divya Reddy', 52_960, 2_640],
  ['Arjun Das', 47_300, 2_360],
  ['Meera Joshi', 41_780, 2_080],
].map(([name, points, bonus], i) => ({
  id: i + 1,
  name: name as string,
  points: points as number,
  bonus: bonus as number,
  rank: i + 1,
  avtar: AVATAR_COLOURS[i],
}));

/** First character, four stars, last character. */
export const maskName = (name: string) => (name.length < 2 ? name : `${name[0]}****${name[name.length - 1]}`);

/** A random order (Fisher–Yates) with ranks renumbered 1…n. */
export function reshuffle(entries: readonly LeaderboardEntry[], random: () => number = Math.random): LeaderboardEntry[] {
  const next = [...entries];
  for (let i = next.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [next[i], next[j]] = [next[j], next[i]];
  }
  return next.map((e, i) => ({ ...e, rank: i + 1 }));
}
