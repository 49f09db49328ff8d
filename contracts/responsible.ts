import { z } from 'zod';
import { amountSchema } from './money.js';

/*
 * Responsible play: limits a player sets on their own play, time-outs and self-exclusion, the
 * reality check and statements. Not in the original app; the shapes follow the same envelope.
 */

export const LIMIT_KINDS = ['deposit', 'loss', 'bet'] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];
export const LIMIT_PERIODS = ['day', 'week', 'month'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];

export const LIMIT_KIND_LABELS: Record<LimitKind, string> = { deposit: 'Deposit limit', loss: 'Loss limit', bet: 'Bet limit' };
export const LIMIT_KIND_HELP: Record<LimitKind, string> = {
  deposit: 'The most you can ask to deposit.',
  loss: 'The most you can lose: stakes minus what you win back.',
  bet: 'The most you can stake.',
};
export const PERIOD_ADJECTIVES: Record<LimitPeriod, string> = { day: 'daily', week: 'weekly', month: 'monthly' };

/** A raised or removed limit waits this long before it applies; a lower one applies at once. */
export const LIMIT_COOLING_OFF_HOURS = 24;

export const EXCLUSION_KINDS = ['timeout', 'self-exclusion'] as const;
export type ExclusionKind = (typeof EXCLUSION_KINDS)[number];
/** Allowed lengths in days: a time-out from a day to six weeks, self-exclusion from six months to five years. */
export const EXCLUSION_DAYS: Record<ExclusionKind, { min: number; max: number; choices: readonly number[] }> = {
  timeout: { min: 1, max: 42, choices: [1, 3, 7, 14, 28, 42] },
  'self-exclusion': { min: 182, max: 1826, choices: [182, 365, 730, 1095, 1826] },
};

export { DEFAULT_REALITY_CHECK_MINUTES, REALITY_CHECK_CHOICES } from './reality-check.js';

/** One limit as set: an amount in rupees, or null to remove it. */
export const limitInputSchema = z.object({
  kind: z.enum(LIMIT_KINDS, { error: 'Limit kind must be deposit, loss or bet' }),
  period: z.enum(LIMIT_PERIODS, { error: 'Limit period must be day, week or month' }),
  amount: amountSchema.nullable(),
});

/** PUT /responsible/limits: one or more limits; the rest stay as they are. */
export const putLimitsBodySchema = z.object({
  limits: z
    .array(limitInputSchema)
    .min(1, 'Send at least one limit')
    .max(LIMIT_KINDS.length * LIMIT_PERIODS.length),
});

export const limitViewSchema = z.object({
  kind: z.enum(LIMIT_KINDS),
  period: z.enum(LIMIT_PERIODS),
  /** Rupees in force now; null: no limit. */
  amount: z.number().nullable(),
  /** Rupees used in the current period (0 in a period with no limit set or waiting). */
  used: z.number(),
  /** When the current period ends (India time). */
  resetsAt: z.string(),
  /** A raise or removal waiting for its time. */
  pending: z.object({ amount: z.number().nullable(), from: z.string() }).nullable(),
});
export type LimitView = z.infer<typeof limitViewSchema>;

export const exclusionBodySchema = z
  .object({
    kind: z.enum(EXCLUSION_KINDS, { error: 'Kind must be timeout or self-exclusion' }),
    days: z.coerce.number({ error: 'Days must be a number' }).int('Days must be a whole number'),
  })
  .superRefine((v, ctx) => {
    const { min, max } = EXCLUSION_DAYS[v.kind];
    if (v.days < min || v.days > max) {
      const what = v.kind === 'timeout' ? 'A time-out' : 'Self-exclusion';
      ctx.addIssue({ code: 'custom', path: ['days'], message: `${what} lasts from ${min} to ${max} days` });
    }
  });

export const exclusionViewSchema = z.object({ kind: z.enum(EXCLUSION_KINDS), startedAt: z.string(), endsAt: z.string() });
export type ExclusionView = z.infer<typeof exclusionViewSchema>;

/** PUT /responsible/reality-check answers the minutes now set. */
export const realityCheckSchema = z.object({ realityCheckMinutes: z.number().int() });

export const realityCheckBodySchema = z.object({
  minutes: z.coerce.number({ error: 'Minutes must be a number' }).int().min(0, 'Choose 0 (off) to 600 minutes').max(600, 'Choose 0 (off) to 600 minutes'),
});

/** GET /responsible: everything the Responsible play screen shows. */
export const responsibleStateSchema = z.object({
  limits: z.array(limitViewSchema),
  exclusion: exclusionViewSchema.nullable(),
  /** 0: off. */
  realityCheckMinutes: z.number().int(),
});
export type ResponsibleState = z.infer<typeof responsibleStateSchema>;

/** GET /responsible/session?since=: the reality check's figures since the session began. */
export const sessionQuerySchema = z.object({ since: z.iso.datetime({ offset: true, error: 'since must be a date and time' }) });
export const sessionSummarySchema = z.object({ since: z.string(), staked: z.number(), returned: z.number(), net: z.number() });
export type SessionSummary = z.infer<typeof sessionSummarySchema>;

/** Statements: any period of at most a few years, dates as YYYY-MM-DD (India time, both ends included). */
export const statementQuerySchema = z
  .object({
    from: z.iso.date({ error: 'from must be a date (YYYY-MM-DD)' }),
    to: z.iso.date({ error: 'to must be a date (YYYY-MM-DD)' }),
  })
  .refine((q) => q.from <= q.to, { message: 'from must not be after to', path: ['from'] });
/** The most rows one statement holds; a longer period is split by the player. */
export const STATEMENT_MAX_ROWS = 10_000;
