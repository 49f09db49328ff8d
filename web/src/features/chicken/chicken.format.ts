/**
 * A multiplier short enough for a road tile: exact below 1,000 (1.63, 400.02), then abbreviated
 * (1.07K, 52.1K, 3.20M). Exact values stay in the stats bar, dialogs and bet list.
 */
export function tileMultiplier(m: number): string {
  if (m < 1000) return m.toFixed(2);
  if (m < 10_000) return `${(m / 1000).toFixed(2)}K`;
  if (m < 1_000_000) return `${(m / 1000).toFixed(m < 100_000 ? 1 : 0)}K`;
  return `${(m / 1_000_000).toFixed(2)}M`;
}
