import { z } from 'zod';
import { pageQuerySchema } from './paging.js';
import { LOSE, PRIZE_MAX_RUPEES, PRIZES_MAX, PRIZES_MIN } from './spinner.math.js';
import { ok } from './envelope.js';

/**
 * The prize wheel, shared by the server (which draws and credits) and the web (which shows and
 * lets anyone verify). A spin is drawn like a round (docs/fairness.md): the first float of
 * HMAC-SHA256(serverSeed, `${clientSeed}:${nonce}:0`) picks the segment, floor(float × segments).
 */

export * from './spinner.math.js';

const PRIZE_MESSAGE = `A prize is an amount in rupees (up to ${PRIZE_MAX_RUPEES}, at most two decimals) or LOSE`;

/** One segment: "LOSE" (any case) or a positive amount in rupees; stored as "LOSE" or the amount as typed, trimmed. */
export const prizeSchema = z
  .string({ error: PRIZE_MESSAGE })
  .trim()
  .min(1, 'Prize can not be empty')
  .max(16, PRIZE_MESSAGE)
  .transform((v) => (v.toUpperCase() === LOSE ? LOSE : v))
  .refine((v) => v === LOSE || (/^\d+(\.\d{1,2})?$/.test(v) && Number(v) > 0 && Number(v) <= PRIZE_MAX_RUPEES), PRIZE_MESSAGE);

export const prizeListSchema = z
  .array(prizeSchema, { error: 'prizes must be a list of prizes' })
  .min(PRIZES_MIN, `A wheel needs at least ${PRIZES_MIN} prizes`)
  .max(PRIZES_MAX, `A wheel has at most ${PRIZES_MAX} prizes`);

/** POST /spinner/prize and PUT /spinner/prize/{id}. */
export const prizeSetBodySchema = z.object({ prizes: prizeListSchema });
/** POST /spinner/prize/{id}/add and …/remove. */
export const prizeBodySchema = z.object({ prize: prizeSchema });

// Answers.
export const prizeSetSchema = z.object({ _id: z.string(), prizes: z.array(z.string()) });
export type PrizeSet = z.infer<typeof prizeSetSchema>;
/** GET /spinner/prizes: a bare array; the first set is the wheel. */
export const prizeSetListSchema = z.array(prizeSetSchema);
export const prizeSetAnswerSchema = ok(prizeSetSchema);

export const spinResultSchema = z.object({
  spinId: z.string(),
  /** The segment the wheel stops on, an index into `prizes`. */
  index: z.number().int(),
  prize: z.string(),
  prizes: z.array(z.string()),
  /** Rupees credited (0 for LOSE). */
  amount: z.number(),
  balance: z.number(),
  nextSpinAt: z.string(),
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  nonce: z.number().int(),
});
export type SpinResult = z.infer<typeof spinResultSchema>;
export const spinAnswerSchema = ok(spinResultSchema);

export const spinStatusSchema = z.object({
  canSpin: z.boolean(),
  /** When the next spin is allowed (now or later). */
  nextSpinAt: z.string(),
  /** Seconds until then (0: now). */
  retryAfter: z.number().int(),
});
export type SpinStatus = z.infer<typeof spinStatusSchema>;
export const spinStatusAnswerSchema = ok(spinStatusSchema);

/** One of the player's spins, with what anyone needs to check it (`serverSeed` once revealed). */
export const spinRecordSchema = z.object({
  _id: z.string(),
  createdAt: z.string(),
  prizes: z.array(z.string()),
  index: z.number().int(),
  prize: z.string(),
  amount: z.number(),
  serverSeedHash: z.string(),
  serverSeed: z.string().nullable(),
  clientSeed: z.string(),
  nonce: z.number().int(),
});
export type SpinRecord = z.infer<typeof spinRecordSchema>;
export const SPINS_PAGE_SIZE = 10;
export const spinsQuerySchema = pageQuerySchema;
export const spinsPageAnswerSchema = ok(
  z.object({ spins: z.array(spinRecordSchema), page: z.number().int(), totalPages: z.number().int(), total: z.number().int() }),
);
