/*
 * Chicken Road: the game's rules, its math and its traps drawn from the shared provably fair draw
 * (fairness.math.ts, docs/fairness.md). Isomorphic: the server, the web app and the command-line
 * verifier share it.
 */
import { floats } from './fairness.math.js';

export const GAME_TYPE = 'chicken';
export const DIFFICULTIES = ['Easy', 'Medium', 'Hard', 'Hardest'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];
/** Hidden traps among the road's cells, per difficulty. */
export const TRAPS: Record<Difficulty, number> = { Easy: 1, Medium: 3, Hard: 5, Hardest: 10 };
/** Cells on the road; traps are drawn among all of them. */
export const CELLS = 25;
/** Smallest bet in rupees (the server's GAME_MIN_BET may raise it). */
export const MIN_BET = 10;
export const ROUND_STATES = ['playing', 'won', 'lost'] as const;
export type RoundState = (typeof ROUND_STATES)[number];

/** Lanes a player can cross: 25 − traps (Easy 24, Medium 22, Hard 20, Hardest 15). */
export const laneCount = (d: Difficulty): number => CELLS - TRAPS[d];

/** "easy", "EASY", " Easy " → "Easy"; anything else → null. */
export function parseDifficulty(text: unknown): Difficulty | null {
  if (typeof text !== 'string') return null;
  const wanted = text.trim().toLowerCase();
  return DIFFICULTIES.find((d) => d.toLowerCase() === wanted) ?? null;
}

// ---------------------------------------------------------------------------------------------
// Multipliers

function binomial(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let result = 1n;
  for (let i = 1; i <= k; i++) result = (result * BigInt(n - k + i)) / BigInt(i);
  return result;
}

/**
 * The ladder in hundredths: entry k−1 is the multiplier after k safe lanes,
 * floor(100 · RTP · C(25,k) / C(25−t,k)), computed in integers so that a value such as
 * 0.98 · 300/105 = 2.8 exactly never loses a cent to float drift. RTP is taken to six decimals.
 */
export function multiplierLadderCents(d: Difficulty, rtp = 0.98, maxMultiplier = Infinity): number[] {
  const t = TRAPS[d];
  const rtpPpm = BigInt(Math.round(rtp * 1_000_000));
  const capCents = Number.isFinite(maxMultiplier) ? Math.floor(maxMultiplier * 100 + 1e-6) : Infinity;
  const ladder: number[] = [];
  for (let k = 1; k <= CELLS - t; k++) {
    const cents = Number((rtpPpm * binomial(CELLS, k) * 100n) / (1_000_000n * binomial(CELLS - t, k)));
    ladder.push(Math.min(cents, capCents));
  }
  return ladder;
}

/** The multiplier after 1, 2, … safe lanes: Easy 1.02, 1.06, 1.11 …; Hardest 1.63, 2.80, 4.95 …. */
export function multiplierLadder(d: Difficulty, rtp = 0.98, maxMultiplier = Infinity): number[] {
  return multiplierLadderCents(d, rtp, maxMultiplier).map((c) => c / 100);
}

/** Probability of crossing k lanes safely: C(25−t,k) / C(25,k). */
export function survivalProbability(d: Difficulty, k: number): number {
  return Number(binomial(CELLS - TRAPS[d], k)) / Number(binomial(CELLS, k));
}

/**
 * What a cash-out pays, in paise: bet × multiplier (in hundredths), rounded down to the paisa and
 * capped at the round's maximum win. The server pays it; the screen shows it as the potential win.
 */
export function payoutOf(bet: number, multiplierCents: number, maxWin: number): number {
  const raw = (BigInt(bet) * BigInt(multiplierCents)) / 100n;
  return raw > BigInt(maxWin) ? maxWin : Number(raw);
}

// ---------------------------------------------------------------------------------------------
// The round's traps, from the shared draw of fairness.math.ts

/**
 * Draws `traps` cells without replacement from [0 … 24]: for i = 0 … t−1,
 * j = floor(float_i × (25 − i)), remove cells[j] and add it to the traps.
 * Answers the trap cells in draw order (not sorted).
 */
export function trapsFromFloats(values: readonly number[], traps: number): number[] {
  if (values.length < traps) throw new Error(`Need ${traps} floats, got ${values.length}`);
  const cells = Array.from({ length: CELLS }, (_, i) => i);
  const out: number[] = [];
  for (let i = 0; i < traps; i++) {
    const j = Math.floor(values[i] * (CELLS - i));
    out.push(cells.splice(j, 1)[0]);
  }
  return out;
}

export interface RoundSeeds {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  difficulty: Difficulty;
}

/**
 * The round's trap cells, in draw order. Lane L (0-based) is a trap when L is among them; cells
 * at or past laneCount(difficulty) are not on the road, so a player who crosses every lane wins.
 */
export async function drawTraps({ serverSeed, clientSeed, nonce, difficulty }: RoundSeeds): Promise<number[]> {
  const t = TRAPS[difficulty];
  return trapsFromFloats(await floats(serverSeed, clientSeed, nonce, t), t);
}
