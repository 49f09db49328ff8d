import { z } from 'zod';
import { overviewAnswerSchema, reportQuerySchema } from '../../../contracts/reports.js';
import { routes } from '../../http/route.js';
import type { App } from '../../types.js';
import { dailyTotals, overview } from './reports.service.js';
import { dailyCsvView, overviewView } from './reports.view.js';

/** The overview and the daily reports, for admins who hold the transaction page. */
export async function reportsRoutes(app: App): Promise<void> {
  const r = routes(app, { tags: ['back office'], guard: { admin: 'transaction' } });

  r.get('/admin/overview', {
    summary: 'Deposits, withdrawals, bets, GGR and NGR for today, 7 and 30 days; pending requests; the ledger check',
    data: overviewAnswerSchema.shape.data,
    message: 'Overview',
    handler: async (_input, ctx) => overviewView(await overview(ctx)),
  });

  r.get('/admin/reports/daily.csv', {
    summary: 'Deposits, withdrawals and revenue by day (India time) as CSV',
    query: reportQuerySchema,
    answer: z.string(),
    contentType: 'text/csv; charset=utf-8',
    handler: async ({ query }, ctx, { reply }) => {
      reply.header('Content-Disposition', `attachment; filename="daily-report-${query.days}d.csv"`);
      return dailyCsvView(await dailyTotals(ctx, { days: query.days }));
    },
  });
}
