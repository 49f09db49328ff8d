import { z } from 'zod';
import { amountSchema } from './money.js';

/*
 * Chicken Road: the game's math, its provably fair draw (DESIGN section 3) and the shapes of
 * its calls. Isomorphic: the server, the web app and the command-line verifier share it, so
 * hashing goes through Web Crypto (`globalThis.crypto.subtle`), present in Node 20 and browsers.
 */

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

// ---------------------------------------------------------------------------------------------
// Provably fair draw (DESIGN section 3)

const utf8 = (text: string) => new TextEncoder().encode(text);

function hex(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += b.toString(16).padStart(2, '0');
  return out;
}

/** SHA-256 of the UTF-8 text, as lowercase hex: a server seed's public commitment. */
export async function sha256Hex(text: string): Promise<string> {
  return hex(new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', utf8(text))));
}

/**
 * bytes(round) = HMAC_SHA256(key = the server seed's hex text as UTF-8,
 * message = "<clientSeed>:<nonce>:<round>").
 */
export async function hmacBytes(serverSeed: string, clientSeed: string, nonce: number, round: number): Promise<Uint8Array> {
  const key = await globalThis.crypto.subtle.importKey('raw', utf8(serverSeed), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return new Uint8Array(await globalThis.crypto.subtle.sign('HMAC', key, utf8(`${clientSeed}:${nonce}:${round}`)));
}

/** Four bytes b0 b1 b2 b3 → b0/256 + b1/256² + b2/256³ + b3/256⁴, a float in [0, 1). */
export function bytesToFloat(bytes: Uint8Array, offset: number): number {
  return (bytes[offset] * 2 ** 24 + bytes[offset + 1] * 2 ** 16 + bytes[offset + 2] * 2 ** 8 + bytes[offset + 3]) / 2 ** 32;
}

/** The first `count` floats of the stream bytes(0) ‖ bytes(1) ‖ …, eight per HMAC round. */
export async function floats(serverSeed: string, clientSeed: string, nonce: number, count: number): Promise<number[]> {
  const out: number[] = [];
  for (let round = 0; out.length < count; round++) {
    const bytes = await hmacBytes(serverSeed, clientSeed, nonce, round);
    for (let i = 0; i < bytes.length && out.length < count; i += 4) out.push(bytesToFloat(bytes, i));
  }
  return out;
}

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

// ---------------------------------------------------------------------------------------------
// Calls (all under /api/v1). Amounts in requests: rupees as number or numeric string, ≤ 2 decimals.

export const difficultySchema = z
  .string({ error: 'Choose a difficulty: Easy, Medium, Hard or Hardest' })
  .max(16, 'Choose a difficulty: Easy, Medium, Hard or Hardest')
  .transform((text, ctx) => {
    const d = parseDifficulty(text);
    if (d) return d;
    ctx.addIssue({ code: 'custom', message: 'Choose a difficulty: Easy, Medium, Hard or Hardest' });
    return z.NEVER;
  });

/** Cash out automatically once the multiplier reaches this value (1.01 or more, ≤ 2 decimals). */
export const autoCashoutSchema = z
  .union([z.number(), z.string().trim().max(16)], { error: 'Auto cashout must be a number' })
  .transform((value, ctx) => {
    const n = typeof value === 'number' ? value : /^\d+(\.\d+)?$/.test(value) ? Number(value) : NaN;
    if (!Number.isFinite(n)) ctx.addIssue({ code: 'custom', message: 'Auto cashout must be a number' });
    else if (n < 1.01 || n > 10_000_000) ctx.addIssue({ code: 'custom', message: 'Auto cashout must be between 1.01 and 10000000' });
    else if (Math.abs(n * 100 - Math.round(n * 100)) > 1e-6) ctx.addIssue({ code: 'custom', message: 'Auto cashout can have at most two decimals' });
    else return Math.round(n * 100) / 100;
    return z.NEVER;
  });

const idText = z.string().max(64);
const roundIdSchema = z.uuid({ error: 'roundId is not a valid round id' });
/** Sent by the spec's client and ignored: the server decides every amount. */
const ignored = z.union([z.number(), z.string().max(64), z.null()]).optional();

/** POST /chicken-road/start. userId, when sent, must be the caller's. */
export const startBodySchema = z.object({
  betAmount: amountSchema,
  difficulty: difficultySchema,
  autoCashout: autoCashoutSchema.nullish(),
  userId: idText.nullish(),
  gameType: z.literal(GAME_TYPE, { error: 'gameType must be "chicken"' }).optional(),
});
/** POST /chicken-road/go. Without roundId: the caller's open round. */
export const goBodySchema = z.object({ roundId: roundIdSchema.optional() });
/** POST /chicken-road/stop (cash out). payout and betAmount are ignored. */
export const stopBodySchema = z.object({
  roundId: roundIdSchema.optional(),
  userId: idText.nullish(),
  gameType: z.literal(GAME_TYPE, { error: 'gameType must be "chicken"' }).optional(),
  betAmount: ignored,
  payout: ignored,
});
const CLIENT_SEED_MESSAGE = 'Client seed must be 1 to 64 printable characters, without spaces at either end';
export const clientSeedSchema = z.string().max(64, CLIENT_SEED_MESSAGE).regex(/^[!-~](?:[ -~]*[!-~])?$/, CLIENT_SEED_MESSAGE);
/** POST /fairness/client-seed. */
export const clientSeedBodySchema = z.object({ clientSeed: clientSeedSchema });
/** POST /fairness/rotate: the new pair keeps this client seed, or gets a random one. */
export const rotateBodySchema = z.object({ clientSeed: clientSeedSchema.optional() });
/** GET /bets?page=N (10 a page, newest first). */
export const betsQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(1_000_000).default(1) });

/**
 * A round as its owner may see it. `traps`, `payout` and `endedAt` appear only once it has ended;
 * `serverSeed` only once its seed pair has been rotated. `lane` is the last lane stepped on (−1
 * before the first step; on a loss, the trap lane). `multiplier` is what a cash-out pays now
 * (0 before the first step and after a trap), or the multiplier paid.
 */
export const roundViewSchema = z.object({
  roundId: z.string(),
  difficulty: z.enum(DIFFICULTIES),
  betAmount: z.number(),
  autoCashout: z.number().nullable(),
  state: z.enum(ROUND_STATES),
  lane: z.number().int(),
  lanesCrossed: z.number().int(),
  multipliers: z.array(z.number()),
  multiplier: z.number(),
  payout: z.number().optional(),
  traps: z.array(z.number().int()).optional(),
  serverSeedHash: z.string(),
  serverSeed: z.string().nullable().optional(),
  clientSeed: z.string(),
  nonce: z.number().int(),
  createdAt: z.string(),
  endedAt: z.string().nullable(),
});
export type RoundView = z.infer<typeof roundViewSchema>;

/** start → data: the new round (state 'playing', lane −1) and the balance after the bet. */
export const startAnswerSchema = roundViewSchema.extend({ balance: z.number() });
/** go → data: the round after one step; `safe` says whether that lane was safe. */
export const goAnswerSchema = roundViewSchema.extend({ safe: z.boolean(), balance: z.number() });
/** stop → data: the won round with its payout and the balance after it. */
export const stopAnswerSchema = roundViewSchema.extend({ balance: z.number() });

/** GET /fairness → data. `nonce` is the one the next bet will use. */
export const fairnessSchema = z.object({ serverSeedHash: z.string(), clientSeed: z.string(), nonce: z.number().int() });
/** POST /fairness/rotate → data: the old pair revealed, and the new one. */
export const rotateAnswerSchema = fairnessSchema.extend({
  previousServerSeed: z.string(),
  previousServerSeedHash: z.string(),
  previousClientSeed: z.string(),
  previousNonce: z.number().int(),
});

/** One entry of GET /bets. `traps` only once the round has ended; `serverSeed` null until rotated. */
export const betRecordSchema = z.object({
  _id: z.string(),
  roundId: z.string(),
  createdAt: z.string(),
  difficulty: z.enum(DIFFICULTIES),
  betAmount: z.number(),
  multiplier: z.number(),
  payoutAmount: z.number(),
  state: z.enum(ROUND_STATES),
  lanesCrossed: z.number().int(),
  serverSeedHash: z.string(),
  serverSeed: z.string().nullable(),
  clientSeed: z.string(),
  nonce: z.number().int(),
  traps: z.array(z.number().int()).optional(),
});
export type BetRecord = z.infer<typeof betRecordSchema>;
export const betsPageSchema = z.object({ bets: z.array(betRecordSchema), page: z.number().int(), totalPages: z.number().int(), total: z.number().int() });

/** GET /admin/game-history/{userId}/{gameType} → data: ended rounds, newest first. */
export const gameHistoryEntrySchema = z.object({ _id: z.string(), createdAt: z.string(), betAmount: z.number(), payoutAmount: z.number() });
