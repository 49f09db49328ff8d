import { z } from 'zod';
import { pageQuerySchema } from './paging.js';
import { amountSchema } from './money.js';
import { ok } from './envelope.js';
import { CHAIN_STATUSES, SALT_SOURCES, SELECTIONS, SIZES } from './color.math.js';

/*
 * The colour game: one period every ROUND_SECONDS for everyone, a number 0–9 drawn from a hash
 * chain committed before the first period (docs/fairness.md). Shapes of its calls and events.
 */

export * from './color.math.js';

export const selectionSchema = z
  .string({ error: 'Choose a colour, a number or big/small' })
  .trim()
  .toLowerCase()
  .pipe(z.enum(SELECTIONS, { error: 'Choose green, red, violet, big, small or a number 0–9' }));

/** POST /color/bet. `period` must be the one open for bets. */
export const colorBetBodySchema = z.object({
  period: z.string({ error: 'period is required' }).regex(/^\d{12}$/, 'period must be the 12-digit period number'),
  selection: selectionSchema,
  amount: amountSchema,
});

export const periodTimesSchema = z.object({ period: z.string(), startTime: z.string(), endTime: z.string() });
export const nextPeriodsAnswerSchema = ok(z.array(periodTimesSchema));

export const periodResultSchema = z.object({
  period: z.string(),
  number: z.number().int(),
  colour: z.string(),
  size: z.enum(SIZES),
  /** The chain hash the number came from: hashing it `index` times gives its chain's terminal hash. */
  hash: z.string(),
  /** The period's place in the game, counted from 1 over every chain. */
  seq: z.number().int(),
  /** The chain it draws from (GET /color/commitments) and its place in that chain (the HMAC message's number). */
  chain: z.number().int(),
  index: z.number().int(),
  startTime: z.string(),
  endTime: z.string(),
});
export type PeriodResult = z.infer<typeof periodResultSchema>;

export const colorBetSchema = z.object({
  _id: z.string(),
  period: z.string(),
  /** The chain the period draws from. */
  chain: z.number().int(),
  selection: z.enum(SELECTIONS),
  amount: z.number(),
  status: z.enum(['open', 'won', 'lost']),
  payout: z.number(),
  number: z.number().int().nullable(),
  createdAt: z.string(),
});
export type ColorBet = z.infer<typeof colorBetSchema>;

/** One chain's commitment, as GET /color/commitments lists it (docs/fairness.md). */
export const colorCommitmentSchema = z.object({
  id: z.number().int(),
  status: z.enum(CHAIN_STATUSES),
  /** hash(0) of the chain, published when it was made, before its salt and its periods. */
  terminalHash: z.string(),
  chainLength: z.number().int(),
  roundSeconds: z.number().int(),
  madeAt: z.string(),
  publishedAt: z.string(),
  /** The Bitcoin block whose hash is the salt, and when the chain committed to it. */
  saltBlock: z.number().int().nullable(),
  saltBlockAt: z.string().nullable(),
  /** Mixed into every result; null until entered. */
  salt: z.string().nullable(),
  saltSource: z.enum(SALT_SOURCES).nullable(),
  saltedAt: z.string().nullable(),
  /** Whether anyone can check that nobody here chose the salt (a Bitcoin block's hash). */
  verifiable: z.boolean(),
  /** What the salt lets an outsider check, in words. */
  notice: z.string(),
  /** When its period 1 starts; null until the salt is entered. */
  epoch: z.string().nullable(),
  /** The game period (seq) of its period 1. */
  firstSeq: z.number().int(),
  firstPeriod: z.string().nullable(),
  lastPeriod: z.string().nullable(),
});
export type ColorCommitment = z.infer<typeof colorCommitmentSchema>;
export const commitmentsPageSchema = z.object({ chains: z.array(colorCommitmentSchema), page: z.number().int(), totalPages: z.number().int() });

/** POST /admin/color/salt: the hash of the block the waiting chain committed to. */
export const enterSaltBodySchema = z.object({
  block: z.coerce.number({ error: 'Enter the block height' }).int('The block height is a whole number').min(1, 'The block height is a whole number'),
  hash: z.string({ error: 'Enter the block hash' }).trim().min(1, 'Enter the block hash').max(80, 'A block hash has 64 characters'),
});
/** POST /admin/color/next-chain: the block the next chain commits to. */
export const nextChainBodySchema = z.object({
  block: z.coerce
    .number({ error: 'Enter the block height' })
    .int('The block height is a whole number')
    .min(1, 'The block height is a whole number')
    .max(100_000_000),
});

export const colorStateSchema = z.object({
  /** Null while the chain waits for its salt: no period is open. */
  current: periodTimesSchema.extend({ closesAt: z.string(), seq: z.number().int(), chain: z.number().int() }).nullable(),
  last: periodResultSchema.nullable(),
  commitment: colorCommitmentSchema,
});
export type ColorState = z.infer<typeof colorStateSchema>;

export const colorPageQuerySchema = pageQuerySchema;
/** GET /color/history: `chain` for one chain's periods; `size` (up to 500) for verifiers reading a whole chain. */
export const historyQuerySchema = colorPageQuerySchema.extend({
  chain: z.coerce.number().int().min(1).optional(),
  size: z.coerce.number().int().min(1).max(500).optional(),
});
export const periodParamsSchema = z.object({ period: z.string().regex(/^\d{12}$/, 'period must be the 12-digit period number') });
export const HISTORY_PAGE = 10;
export const historyPageSchema = z.object({ periods: z.array(periodResultSchema), page: z.number().int(), totalPages: z.number().int() });
export const colorBetsPageSchema = z.object({ bets: z.array(colorBetSchema), page: z.number().int(), totalPages: z.number().int() });
export const colorBetAnswerSchema = z.object({ bet: colorBetSchema, balance: z.number() });

/**
 * The socket events the server sends every client (the original client's socket.io calls), by
 * name. The web checks each one against its schema while developing and in tests (web/src/lib/socket.ts).
 */
export const colorEventSchemas = {
  /** A period has started: its times and its length in milliseconds. */
  newRound: periodTimesSchema.extend({ duration: z.number().int().positive() }),
  /** Whole seconds left in the running period, every second. */
  countdown: z.object({ timeLeft: z.number().int().min(0) }),
  /** A period's number, once settled. */
  roundResult: periodResultSchema.pick({ period: true, number: true, colour: true, size: true, hash: true }),
};
export type ColorEvents = { [E in keyof typeof colorEventSchemas]: z.infer<(typeof colorEventSchemas)[E]> };
export type NewRoundEvent = ColorEvents['newRound'];
export type CountdownEvent = ColorEvents['countdown'];
export type RoundResultEvent = ColorEvents['roundResult'];
