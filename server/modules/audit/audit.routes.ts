import { z } from 'zod';
import { auditAnswerSchema, auditQuerySchema } from '../../../contracts/backoffice.js';
import { routes } from '../../http/route.js';
import type { App } from '../../types.js';
import { auditExport, auditPage } from './audit.service.js';
import { auditCsvView, auditPageView } from './audit.view.js';

/** The audit log for admins who manage admins: filterable, pageable and exportable. */
export async function auditRoutes(app: App): Promise<void> {
  const r = routes(app, { tags: ['back office'], guard: { admin: 'admin-management' } });

  r.get('/admin/audit', {
    summary: 'Who changed what and when, 50 a page; filter by admin, action and dates',
    query: auditQuerySchema,
    data: auditAnswerSchema.shape.data,
    message: 'Audit log',
    handler: async ({ query }, ctx) => auditPageView(await auditPage(ctx, query)),
  });

  r.get('/admin/audit.csv', {
    summary: 'The filtered audit log as CSV',
    query: auditQuerySchema,
    answer: z.string(),
    contentType: 'text/csv; charset=utf-8',
    handler: async ({ query }, ctx, { reply }) => {
      reply.header('Content-Disposition', `attachment; filename="audit-log-${ctx.now.toISOString().slice(0, 10)}.csv"`);
      return auditCsvView(await auditExport(ctx, query));
    },
  });
}
