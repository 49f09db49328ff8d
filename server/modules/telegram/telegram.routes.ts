import { z } from 'zod';
import { okMessage } from '../../../contracts/envelope.js';
import {
  addChannelBodySchema,
  channelsAnswerSchema,
  NOT_CONFIGURED,
  roundAnswerSchema,
  roundBodySchema,
  roundsAnswerSchema,
  roundsQuerySchema,
  subscriptionsAnswerSchema,
  telegramDecisionBodySchema,
} from '../../../contracts/telegram.js';
import { isUuid } from '../../../contracts/ids.js';
import { notFound } from '../../lib/errors.js';
import { requireAdmin, requireUser } from '../../plugins/auth.js';
import type { App } from '../../types.js';
import { subscriptionsOf, subscriptionView } from '../wallet/index.js';
import { addChannel, channels, createRound, decideTelegramDeposit, editRound, listRounds, removeRound } from './telegram.service.js';

const tags = ['telegram'];
const security = [{ bearer: [] }];
const telegram = requireAdmin('telegram');
const idParams = z.object({ id: z.string().min(1).max(64) });
const roundId = (id: string) => {
  if (!isUuid(id)) throw notFound('Round not found.', 'ROUND_NOT_FOUND');
  return id.toLowerCase();
};

/** /my-channels, outside /api/v1 as the original client calls it. */
export async function channelRoutes(app: App): Promise<void> {
  app.get(
    '/my-channels',
    {
      onRequest: telegram,
      schema: { tags, security, summary: 'The channels the bot administers, learned from its updates', response: { 200: channelsAnswerSchema } },
    },
    async () => {
      const found = await channels(app.db, app.config, app.clock.now());
      return { success: true as const, message: found.configured ? 'Channels' : NOT_CONFIGURED, ...found };
    },
  );

  app.post(
    '/my-channels',
    {
      onRequest: telegram,
      schema: {
        tags,
        security,
        summary: 'Add a public channel by its @name (the bot must be an administrator there)',
        body: addChannelBodySchema,
        response: { 200: channelsAnswerSchema },
      },
    },
    async (request) => {
      const added = await addChannel(app.db, app.config, request.user!.id, request.body.username, app.clock.now());
      const found = await channels(app.db, app.config, app.clock.now());
      return { success: true as const, message: `${added.title} added.`, ...found };
    },
  );
}

export async function telegramRoutes(app: App): Promise<void> {
  app.put(
    '/wallet/telegram/update-deposite-transaction-status',
    {
      onRequest: telegram,
      schema: {
        tags,
        security,
        summary: 'Approve a subscription with a single-use invite link to the chosen channel, or reject it',
        body: telegramDecisionBodySchema,
        response: { 200: okMessage },
      },
    },
    async (request) => ({ success: true as const, message: await decideTelegramDeposit(app.db, app.config, request.user!.id, request.body, app.clock.now()) }),
  );

  app.get(
    '/wallet/telegram/subscriptions',
    {
      onRequest: requireUser,
      schema: { tags, security, summary: 'The caller’s Telegram subscriptions with their state and invite link', response: { 200: subscriptionsAnswerSchema } },
    },
    async (request) => ({
      success: true as const,
      message: 'Subscriptions',
      data: { subscriptions: (await subscriptionsOf(app.db, request.user!.id)).map(subscriptionView), configured: Boolean(app.config.TELEGRAM_BOT_TOKEN) },
    }),
  );

  app.get(
    '/telegram/game-rounds',
    {
      onRequest: telegram,
      schema: {
        tags,
        security,
        summary: 'Game rounds for Telegram channels, by start time',
        querystring: roundsQuerySchema,
        response: { 200: roundsAnswerSchema },
      },
    },
    async (request) => ({ success: true as const, message: 'Game rounds', data: await listRounds(app.db, request.query) }),
  );

  app.post(
    '/telegram/round',
    {
      onRequest: telegram,
      schema: { tags, security, summary: 'Schedule a round; local times are India time', body: roundBodySchema, response: { 201: roundAnswerSchema } },
    },
    async (request, reply) => {
      const b = request.body;
      const data = await createRound(app.db, request.user!.id, { ...b, period: b.period ?? null });
      return reply.status(201).send({ success: true as const, message: 'Game round added successfully', data });
    },
  );

  app.put(
    '/telegram/update-round/:id',
    { onRequest: telegram, schema: { tags, security, summary: 'Edit a round', params: idParams, body: roundBodySchema, response: { 200: roundAnswerSchema } } },
    async (request) => {
      const b = request.body;
      const data = await editRound(app.db, request.user!.id, roundId(request.params.id), { ...b, period: b.period ?? null });
      return { success: true as const, message: 'Round updated successfully', data };
    },
  );

  app.delete(
    '/telegram/delete-round/:id',
    { onRequest: telegram, schema: { tags, security, summary: 'Delete a round', params: idParams, response: { 200: roundAnswerSchema } } },
    async (request) => ({
      success: true as const,
      message: 'Round deleted successfully',
      data: await removeRound(app.db, request.user!.id, roundId(request.params.id)),
    }),
  );
}
