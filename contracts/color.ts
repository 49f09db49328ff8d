import { z } from 'zod';
import { floats, sha256Hex } from './chicken.math.js';
import { amountSchema } from './money.js';
import { ok } from './envelope.js';

/*
 * The colour game: one period every ROUND_SECONDS for everyone, a number 0–9 drawn from a hash
 * chain committed before the first period (docs/fairness.md). Shapes of its calls and events.
 */

export const COLOR_GAME = 'color';
/** Bets on a period close this many seconds before it ends. */
export const BETS_CLOSE_SECONDS = 5;
/** The fee taken from each stake before the payout multiplier applies. */
export const COLOR_FEE = 0.02;

export const COLOURS = ['green', 'red', 'violet'] as const;
export type Colour = (typeof COLOURS)[number];
export const SIZES = ['big', 'small'] as const;
export const NUMBERS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;
export const SELECTIONS = [...COLOURS, ...SIZES, ...NUMBERS] as const;
export type Selection = (typeof SELECTIONS)[number];

/** The colours a number shows: 0 is red and violet, 5 green and violet. */
export function coloursOf(n: number): Colour[] {
  if (n === 0) return ['red', 'violet'];
  if (n === 5) return ['green', 'violet'];
  return n % 2 === 1 ? ['green'] : ['red'];
}
/** As the result event names it: "green", "red", "red+violet" or "green+violet". */
export const colourName = (n: number): string => coloursOf(n).join('+');
export const sizeOf = (n: number): 'big' | 'small' => (n >= 5 ? 'big' : 'small');

/**
 * What a bet pays per rupee of stake after the fee, for the number drawn: green or red 2× (1.5×
 * when the number is also violet: 0 or 5), violet 4.5×, a number 9×, big or small 2×; 0 loses.
 */
export function payoutMultiplier(selection: Selection, n: number): number {
  if (selection === 'green' || selection === 'red') {
    if (!coloursOf(n).includes(selection)) return 0;
    return n === 0 || n === 5 ? 1.5 : 2;
  }
  if (selection === 'violet') return n === 0 || n === 5 ? 4.5 : 0;
  if (selection === 'big' || selection === 'small') return sizeOf(n) === selection ? 2 : 0;
  return Number(selection) === n ? 9 : 0;
}

/** Return to player of a bet type: the average payout over the ten equally likely numbers, after the fee. */
export function returnToPlayer(selection: Selection): number {
  let sum = 0;
  for (let n = 0; n < 10; n++) sum += payoutMultiplier(selection, n);
  return (sum / 10) * (1 - COLOR_FEE);
}

/** A payout in paise: stake less the 2% fee, times the multiplier, rounded down to the paisa (integer arithmetic). */
export const payoutOf = (stakePaise: number, selection: Selection, n: number): number =>
  Math.floor((stakePaise * Math.round((1 - COLOR_FEE) * 100) * Math.round(payoutMultiplier(selection, n) * 10)) / 1000);

/** The most a bet can pay, in paise, over the ten numbers. */
export const bestPayoutOf = (stakePaise: number, selection: Selection): number =>
  Math.max(...Array.from({ length: 10 }, (_, n) => payoutOf(stakePaise, selection, n)));

/**
 * The number of period `seq` (docs/fairness.md): the first float of HMAC-SHA256(key = the period's
 * chain hash, message = "<salt>:<seq>:0"), times ten, rounded down. The same float as Chicken
 * Road's draw, with the chain hash as the server seed and the salt as the client seed.
 */
export async function drawColorNumber(hash: string, salt: string, seq: number): Promise<number> {
  const [f] = await floats(hash, salt, seq, 1);
  return Math.floor(f * 10);
}

/** Checks a period's hash against the published terminal hash: hashing it `seq` times must give it. */
export async function chainReaches(hash: string, seq: number, terminalHash: string): Promise<boolean> {
  let h = hash;
  for (let i = 0; i < seq; i++) h = await sha256Hex(h);
  return h === terminalHash;
}

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

/** Socket events (API-CONTRACT "Realtime"). */
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
