import { z } from 'zod';
import { fromIndiaLocal } from './india-time.js';
import { ok, okMessage } from './envelope.js';

/* Telegram: channels the bot administers, game rounds announced in them, subscription approvals. */

export const NOT_CONFIGURED = 'Telegram is not set up on this site yet (TELEGRAM_BOT_TOKEN).';

export const channelSchema = z.object({ id: z.string(), title: z.string(), username: z.string().nullable() });
/** GET /my-channels: `channels` at the top level, as the original client reads them. */
export const channelsAnswerSchema = okMessage.extend({ channels: z.array(channelSchema), configured: z.boolean() });
export const addChannelBodySchema = z.object({
  username: z
    .string({ error: 'Enter the channel’s @name' })
    .trim()
    .transform((v) => v.replace(/^@/, ''))
    .pipe(z.string().regex(/^[A-Za-z][A-Za-z0-9_]{4,31}$/, 'Enter the channel’s @name, such as @rupeearcade')),
});

const channelIdSchema = z.union([z.number(), z.string().trim()], { error: 'Invalid channel ID' }).transform((v, ctx) => {
  const n = typeof v === 'number' ? v : /^-?\d{1,20}$/.test(v) ? Number(v) : NaN;
  if (!Number.isSafeInteger(n)) {
    ctx.addIssue({ code: 'custom', message: 'Invalid channel ID' });
    return z.NEVER;
  }
  return n;
});

/** PUT /wallet/telegram/update-deposite-transaction-status. userId and amount are the record's; they are not read. */
export const telegramDecisionBodySchema = z
  .object({
    id: z.string({ error: 'Transaction data missing' }).min(1, 'Transaction data missing').max(64),
    status: z.enum(['approved', 'rejected'], { error: 'Status must be approved or rejected' }),
    channelId: channelIdSchema.optional(),
    userId: z.unknown().optional(),
    amount: z.unknown().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.status === 'approved' && v.channelId === undefined)
      ctx.addIssue({ code: 'custom', path: ['channelId'], message: 'Please select a channel before continuing' });
  });

export const subscriptionSchema = z.object({
  _id: z.string(),
  amount: z.number(),
  gameName: z.string().nullable(),
  status: z.enum(['pending', 'approved', 'rejected']),
  inviteLink: z.string().nullable(),
  createdAt: z.string(),
});
export const subscriptionsAnswerSchema = ok(z.object({ subscriptions: z.array(subscriptionSchema), configured: z.boolean() }));

export const ROUND_STATUSES = ['scheduled', 'active', 'completed'] as const;
export const roundSchema = z.object({
  _id: z.string(),
  gameType: z.enum(['chicken', 'color']),
  multipliers: z.array(z.number()),
  startTime: z.string(),
  endTime: z.string(),
  status: z.enum(ROUND_STATUSES),
  period: z.string().nullable(),
  channelId: z.string(),
});
export type TelegramRound = z.infer<typeof roundSchema>;

/** "YYYY-MM-DDTHH:mm" is India time; a full ISO time keeps its own zone. */
const timeSchema = (what: string) =>
  z
    .string({ error: `${what} is required` })
    .trim()
    .min(1, `${what} is required`)
    .transform((v, ctx) => {
      const local = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(v);
      const t = local ? fromIndiaLocal(v) : Date.parse(v);
      if (Number.isNaN(t)) {
        ctx.addIssue({ code: 'custom', message: `${what} must be a date and time` });
        return z.NEVER;
      }
      return new Date(t);
    });

export const roundBodySchema = z
  .object({
    gameType: z.enum(['chicken', 'color'], { error: 'gameType must be chicken or color' }).default('chicken'),
    multipliers: z
      .union([z.array(z.coerce.number()), z.string()], { error: 'Prediction is required' })
      .transform((v) => (typeof v === 'string' ? v.split(',').map((x) => Number(x.trim())) : v))
      .pipe(
        z
          .array(z.number().finite('Prediction must be numbers separated by commas').positive('Prediction must be positive numbers'))
          .min(1, 'Prediction is required')
          .max(50),
      ),
    startTime: timeSchema('Start time'),
    endTime: timeSchema('End time'),
    channelId: channelIdSchema,
    /** Goes into the announcement and its proof link: letters, digits and dashes only. */
    period: z
      .string()
      .trim()
      .max(32, 'The period is at most 32 characters')
      .regex(/^[A-Za-z0-9-]*$/, 'The period may hold only letters, digits and dashes')
      .nullish()
      .transform((v) => v || null),
  })
  .refine((v) => v.endTime > v.startTime, { path: ['endTime'], message: 'End time must be after start time' });

export const roundsQuerySchema = z.object({ gameType: z.enum(['chicken', 'color']).optional(), status: z.enum(ROUND_STATUSES).optional() });
export const roundsAnswerSchema = ok(z.array(roundSchema));
export const roundAnswerSchema = ok(roundSchema);
