import { z } from 'zod';
import { normalizeLoginPhone } from '../../../contracts/accounts.js';
import { notFound } from '../../lib/errors.js';
import type { App } from '../../types.js';
import { listOutbox } from './outbox.repo.js';

const querySchema = z.object({
  to: z.string({ error: 'to is required: an e-mail address or a phone number' }).trim().min(1, 'to is required: an e-mail address or a phone number').max(254),
});

/** Development only: what the server would have sent, newest first. */
export async function outboxRoutes(app: App): Promise<void> {
  app.get('/dev/outbox', { schema: { querystring: querySchema, hide: true } }, async (request) => {
    if (!app.config.devOutbox) throw notFound('The development outbox is off.');
    const to = request.query.to;
    // A "+" in an unencoded query string arrives as a space; try the number as written and as E.164.
    const recipients = to.includes('@') ? [to.toLowerCase()] : [to, normalizeLoginPhone(to) ?? to];
    const rows = await listOutbox(app.db, [...new Set(recipients)]);
    return { success: true, message: 'Outbox', data: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) };
  });
}
