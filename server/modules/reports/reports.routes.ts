import { z } from 'zod';
import { overviewAnswerSchema, reportQuerySchema } from '../../../contracts/reports.js';
import { requireAdmin } from '../../plugins/auth.js';
import type { App } from '../../types.js';
import { dailyTotals, overview } from './reports.service.js';
import { dailyCsvView, overviewView } from './reports.view.js';

const tags = ['back office'];
const security = [{ bearer: [] }];

/** The overview and the daily reports, for admins who hold the transaction page. */
export async function reportsRoutes(app: App): Promise<void> {
  app.get('/admin/overview', {
    onRequest: [requireAdmin('transaction')],
    schema: {
      tags,
      security,
      summary: 'Deposits, withdrawals, bets, GGR and NGR for today, 7 and 30 days; pending requests; the ledger check',
      response: { 200: overviewAnswerSchema },
    },
    handler: async () => ({ success: true as const, message: 'Overview', data: overviewView(await overview(app.db, app.clock.now())) }),
  });

  app.get('/admin/reports/daily.csv', {
    onRequest: [requireAdmin('transaction')],
    schema: {
      tags,
      security,
      summary: 'Deposits, withdrawals and revenue by day (India time) as CSV',
      querystring: reportQuerySchema,
      produces: ['text/csv'],
      response: { 200: z.string() },
    },
    handler: async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="daily-report-${request.query.days}d.csv"`)
        .send(dailyCsvView(await dailyTotals(app.db, request.query.days, app.clock.now()))),
  });
}
