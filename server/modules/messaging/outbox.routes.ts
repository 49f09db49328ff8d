import { z } from 'zod';
import { outboxAnswerSchema } from '../../../contracts/accounts.js';
import { routes } from '../../http/route.js';
import { forbidden } from '../../lib/errors.js';
import { fromThisMachine } from '../../lib/this-machine.js';
import type { App } from '../../types.js';
import { outboxView } from './messaging.view.js';
import { outboxFor } from './outbox.service.js';

const querySchema = z.object({
  to: z.string({ error: 'to is required: an e-mail address or a phone number' }).trim().min(1, 'to is required: an e-mail address or a phone number').max(254),
});

/**
 * Development only: what the server would have sent, newest first. The route exists only with
 * DEV_OUTBOX=1 outside production, and answers only callers on this machine.
 */
export async function outboxRoutes(app: App): Promise<void> {
  if (!app.config.devOutbox) return;
  const r = routes(app, { tags: [], guard: 'public' });

  r.get('/dev/outbox', {
    summary: 'What the server would have sent to an address, newest first (development only)',
    hide: true,
    query: querySchema,
    data: outboxAnswerSchema.shape.data,
    message: 'Outbox',
    handler: async ({ query }, ctx, { request }) => {
      if (!fromThisMachine(request)) throw forbidden('The development outbox answers only on this machine.', 'LOOPBACK_ONLY');
      return outboxView(await outboxFor(ctx, { to: query.to }));
    },
  });
}
