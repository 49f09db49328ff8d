import { z } from 'zod';
import { pageQuerySchema } from './paging.js';
import { DIFFICULTIES, GAME_TYPE, parseDifficulty, ROUND_STATES } from './chicken.math.js';
import { claimedUserIdSchema, uuidSchema } from './ids.js';
import { amountSchema } from './money.js';

/*
 * Chicken Road: the shapes of its calls (all under /api/v1). Amounts in requests: rupees as a
 * number or a numeric string, at most two decimals. The game's math and draw live in
 * chicken.math.ts and are re-exported here, so one import serves the server and the web.
 */

export * from './chicken.math.js';

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
export const autoCashoutSchema = z.union([z.number(), z.string().trim().max(16)], { error: 'Auto cashout must be a number' }).transform((value, ctx) => {
  const n = typeof value === 'number' ? value : /^\d+(\.\d+)?$/.test(value) ? Number(value) : NaN;
  if (!Number.isFinite(n)) ctx.addIssue({ code: 'custom', message: 'Auto cashout must be a number' });
  else if (n < 1.01 || n > 10_000_000) ctx.addIssue({ code: 'custom', message: 'Auto cashout must be between 1.01 and 10000000' });
  else if (Math.abs(n * 100 - Math.round(n * 100)) > 1e-6) ctx.addIssue({ code: 'custom', message: 'Auto cashout can have at most two decimals' });
  else return Math.round(n * 100) / 100;
  return z.NEVER;
});

const roundIdSchema = uuidSchema('roundId is not a valid round id');
/** Sent by the original client and ignored: the server decides every amount. */
const ignored = z.union([z.number(), z.string().max(64), z.null()]).optional();

/** POST /chicken-road/start. userId, when sent, must be the caller's. */
export const startBodySchema = z.object({
  betAmount: amountSchema,
  difficulty: difficultySchema,
  autoCashout: autoCashoutSchema.nullish(),
  userId: claimedUserIdSchema.nullish(),
  gameType: z.literal(GAME_TYPE, { error: 'gameType must be "chicken"' }).optional(),
});
/** POST /chicken-road/go. Without roundId: the caller's open round. */
export const goBodySchema = z.object({ roundId: roundIdSchema.optional() });
/** POST /chicken-road/stop (cash out; before the first step it returns the bet). payout and betAmount are ignored. */
export const stopBodySchema = z.object({
  roundId: roundIdSchema.optional(),
  userId: claimedUserIdSchema.nullish(),
  gameType: z.literal(GAME_TYPE, { error: 'gameType must be "chicken"' }).optional(),
  betAmount: ignored,
  payout: ignored,
});
const CLIENT_SEED_MESSAGE = 'Client seed must be 1 to 64 printable characters, without spaces at either end';
export const clientSeedSchema = z
  .string()
  .max(64, CLIENT_SEED_MESSAGE)
  .regex(/^[!-~](?:[ -~]*[!-~])?$/, CLIENT_SEED_MESSAGE);
/** POST /fairness/client-seed. */
export const clientSeedBodySchema = z.object({ clientSeed: clientSeedSchema });
/** POST /fairness/rotate: the new pair keeps this client seed, or gets a random one. */
export const rotateBodySchema = z.object({ clientSeed: clientSeedSchema.optional() });
/** GET /bets?page=N (10 a page, newest first). */
export const betsQuerySchema = pageQuerySchema;

/**
 * A round as its owner may see it. `traps`, `payout` and `endedAt` appear only once it has ended;
 * `serverSeed` only once its seed pair has been rotated. `lane` is the last lane stepped on (−1
 * before the first step; on a loss, the trap lane). `multiplier` is what a cash-out pays now
 * (1 before the first step: stopping then returns the bet; 0 after a trap), or the multiplier paid.
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
/** stop → data: the won round with its payout and the balance after it (the bet itself when no lane was crossed). */
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

/*
 * Demo Chicken Road: the same game with play money, for anyone, signed in or not. Its balance is
 * its own (never the wallet's, never in the ledger) and can be reset at any time.
 */
export const DEMO_START_BALANCE = 10_000;
export const demoStartBodySchema = startBodySchema.omit({ userId: true });
/** GET /demo/chicken-road: the visitor's play money and any open demo round. */
export const demoStateSchema = z.object({ balance: z.number(), round: roundViewSchema.nullable() });
export type DemoState = z.infer<typeof demoStateSchema>;
