import { z } from 'zod';
import { amountSchema } from './money.js';
import { ok } from './envelope.js';
import { SELECTIONS, SIZES } from './color.math.js';

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
  /** The chain hash the number came from: hashing it `seq` times gives the published terminal hash. */
  hash: z.string(),
  seq: z.number().int(),
  startTime: z.string(),
  endTime: z.string(),
});
export type PeriodResult = z.infer<typeof periodResultSchema>;

export const colorBetSchema = z.object({
  _id: z.string(),
  period: z.string(),
  selection: z.enum(SELECTIONS),
  amount: z.number(),
  status: z.enum(['open', 'won', 'lost']),
  payout: z.number(),
  number: z.number().int().nullable(),
  createdAt: z.string(),
});
export type ColorBet = z.infer<typeof colorBetSchema>;

export const colorCommitmentSchema = z.object({
  /** The last hash of the chain, published before the first period. */
  terminalHash: z.string(),
  /** Mixed into every result; chosen by nobody here (docs/fairness.md). */
  salt: z.string(),
  saltSource: z.string(),
  chainLength: z.number().int(),
  /** When period 1 of the chain started. */
  epoch: z.string(),
  roundSeconds: z.number().int(),
});

export const colorStateSchema = z.object({
  current: periodTimesSchema.extend({ closesAt: z.string(), seq: z.number().int() }),
  last: periodResultSchema.nullable(),
  commitment: colorCommitmentSchema,
});
export type ColorState = z.infer<typeof colorStateSchema>;

export const colorPageQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });
export const HISTORY_PAGE = 10;
export const historyPageSchema = z.object({ periods: z.array(periodResultSchema), page: z.number().int(), totalPages: z.number().int() });
export const colorBetsPageSchema = z.object({ bets: z.array(colorBetSchema), page: z.number().int(), totalPages: z.number().int() });
export const colorBetAnswerSchema = z.object({ bet: colorBetSchema, balance: z.number() });

/** Socket events (the original client's socket.io calls). */
export interface NewRoundEvent {
  period: string;
  duration: number;
  startTime: string;
  endTime: string;
}
export interface CountdownEvent {
  timeLeft: number;
}
export interface RoundResultEvent {
  period: string;
  number: number;
  colour: string;
  size: 'big' | 'small';
  hash: string;
}
