import { z } from 'zod';
import { auditAnswerSchema, auditQuerySchema } from '../../../contracts/backoffice.js';
import { requireAdmin } from '../../plugins/auth.js';
import type { App } from '../../types.js';
import { auditCsv, auditPage } from './audit.service.js';

const tags = ['back office'];
const security = [{ bearer: [] }];

/** The audit log for admins who manage admins: filterable, pageable and exportable. */
export async function auditRoutes(app: App): Promise<void> {
  app.get('/admin/audit', {
    onRequest: [requireAdmin('admin-management')],
    schema: {
      tags,
      security,
      summary: 'Who changed what and when, 50 a page; filter by admin, action and dates',
      querystring: auditQuerySchema,
      response: { 200: auditAnswerSchema },
    },
    handler: async (request) => ({ success: true as const, message: 'Audit log', data: await auditPage(app.db, request.query) }),
  });

  app.get('/admin/audit.csv', {
    onRequest: [requireAdmin('admin-management')],
    schema: { tags, security, summary: 'The filtered audit log as CSV', querystring: auditQuerySchema, produces: ['text/csv'], response: { 200: z.string() } },
    handler: async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="audit-log-${app.clock.now().toISOString().slice(0, 10)}.csv"`)
        .send(await auditCsv(app.db, request.query)),
  });
}
