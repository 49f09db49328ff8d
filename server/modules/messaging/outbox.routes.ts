import { z } from 'zod';
import { outboxAnswerSchema } from '../../../contracts/accounts.js';
import type { FastifyRequest } from 'fastify';
import { forbidden } from '../../lib/errors.js';
import type { App } from '../../types.js';
import { outboxFor } from './outbox.service.js';

const querySchema = z.object({
  to: z.string({ error: 'to is required: an e-mail address or a phone number' }).trim().min(1, 'to is required: an e-mail address or a phone number').max(254),
});

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * The caller is on this machine: the connection itself comes from loopback (never the address a
 * proxy reports) and no proxy forwarded it, since a local proxy would carry remote callers too.
 */
function fromThisMachine(request: FastifyRequest): boolean {
  const forwarded = request.headers['x-forwarded-for'] ?? request.headers.forwarded ?? request.headers['x-real-ip'];
  return LOOPBACK.has(request.socket.remoteAddress ?? '') && !forwarded;
}

/**
 * Development only: what the server would have sent, newest first. The route exists only with
 * DEV_OUTBOX=1 outside production, and answers only callers on this machine.
 */
export async function outboxRoutes(app: App): Promise<void> {
  if (!app.config.devOutbox) return;
  app.get('/dev/outbox', { schema: { querystring: querySchema, hide: true, response: { 200: outboxAnswerSchema } } }, async (request) => {
    if (!fromThisMachine(request)) throw forbidden('The development outbox answers only on this machine.', 'LOOPBACK_ONLY');
    return { success: true as const, message: 'Outbox', data: await outboxFor(app.db, request.query.to) };
  });
}
