import { z } from 'zod';
import { ok } from './envelope.js';

// The back office's overview and its daily reports (rupees; days in India time).

/** Money through the ledger over a period. GGR = bets − wins; NGR = GGR − bonuses (referral rewards and spinner prizes). */
export const figuresSchema = z.object({
  deposits: z.number(),
  withdrawals: z.number(),
  bets: z.number(),
  wins: z.number(),
  ggr: z.number(),
  bonuses: z.number(),
  ngr: z.number(),
  /** Players who placed at least one bet. */
  players: z.number().int(),
});
export type Figures = z.infer<typeof figuresSchema>;
export const REPORT_PERIODS = ['today', '7d', '30d'] as const;
export const overviewSchema = z.object({
  periods: z.object({ today: figuresSchema, '7d': figuresSchema, '30d': figuresSchema }),
  /** The last 30 days, oldest first, for the charts. */
  daily: z.array(figuresSchema.extend({ day: z.string() })),
  pending: z.object({ deposits: z.number().int(), withdrawals: z.number().int() }),
  ledger: z.object({ ok: z.boolean(), checkedAt: z.string(), violations: z.number().int() }),
});
export type Overview = z.infer<typeof overviewSchema>;
export const overviewAnswerSchema = ok(overviewSchema);
/** GET /admin/reports/daily.csv?days=N */
export const reportQuerySchema = z.object({ days: z.coerce.number({ error: 'Days must be a number' }).int().min(1).max(366).default(30) });
