import { z } from 'zod';
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
import { routes, said } from '../../http/route.js';
import { notFound } from '../../lib/errors.js';
import type { App } from '../../types.js';
import { subscriptionsOf } from '../wallet/index.js';
import { addChannel, channels, createRound, decideTelegramDeposit, editRound, listRounds, removeRound } from './telegram.service.js';
import { approvedMessage, channelsView, roundView, subscriptionsView } from './telegram.view.js';

const tags = ['telegram'];
const telegram = { admin: 'telegram' } as const;

const idParams = z.object({ id: z.string().min(1).max(64) });
const roundId = (id: string) => {
  if (!isUuid(id)) throw notFound('Round not found.', 'ROUND_NOT_FOUND');
  return id.toLowerCase();
};

/** /my-channels, outside /api/v1 as the original client calls it: `channels` at the top level beside the message. */
export async function channelRoutes(app: App): Promise<void> {
  const r = routes(app, { tags, guard: telegram });

  r.get('/my-channels', {
    summary: 'The channels the bot administers, learned from its updates',
    answer: channelsAnswerSchema,
    handler: async (_input, ctx) => {
      const found = await channels(ctx);
      return said(found.configured ? 'Channels' : NOT_CONFIGURED, undefined, channelsView(found));
    },
  });

  r.post('/my-channels', {
    summary: 'Add a public channel by its @name (the bot must be an administrator there)',
    body: addChannelBodySchema,
    answer: channelsAnswerSchema,
    handler: async ({ body }, ctx) => {
      const added = await addChannel(ctx, { username: body.username });
      return said(`${added.title} added.`, undefined, channelsView(await channels(ctx)));
    },
  });
}

export async function telegramRoutes(app: App): Promise<void> {
  const r = routes(app, { tags, guard: telegram });

  r.put('/wallet/telegram/update-deposite-transaction-status', {
    summary: 'Approve a subscription with a single-use invite link to the chosen channel, or reject it',
    body: telegramDecisionBodySchema,
    message: 'Subscription rejected.',
    handler: async ({ body }, ctx) => {
      const decided = await decideTelegramDeposit(ctx, body);
      if (decided.status === 'approved') return said(approvedMessage(decided.channel), undefined);
    },
  });

  r.get('/wallet/telegram/subscriptions', {
    summary: 'The caller’s Telegram subscriptions with their state and invite link',
    guard: 'user',
    data: subscriptionsAnswerSchema.shape.data,
    message: 'Subscriptions',
    handler: async (_input, ctx) => subscriptionsView(await subscriptionsOf(ctx), ctx.config),
  });

  r.get('/telegram/game-rounds', {
    summary: 'Game rounds for Telegram channels, by start time',
    query: roundsQuerySchema,
    data: roundsAnswerSchema.shape.data,
    message: 'Game rounds',
    handler: async ({ query }, ctx) => (await listRounds(ctx, query)).map(roundView),
  });

  r.post('/telegram/round', {
    summary: 'Schedule a round; local times are India time',
    status: 201,
    body: roundBodySchema,
    data: roundAnswerSchema.shape.data,
    message: 'Game round added successfully',
    handler: async ({ body }, ctx) => roundView(await createRound(ctx, { ...body, period: body.period ?? null })),
  });

  r.put('/telegram/update-round/:id', {
    summary: 'Edit a round',
    params: idParams,
    body: roundBodySchema,
    data: roundAnswerSchema.shape.data,
    message: 'Round updated successfully',
    handler: async ({ params, body }, ctx) => roundView(await editRound(ctx, { id: roundId(params.id), round: { ...body, period: body.period ?? null } })),
  });

  r.delete('/telegram/delete-round/:id', {
    summary: 'Delete a round',
    params: idParams,
    data: roundAnswerSchema.shape.data,
    message: 'Round deleted successfully',
    handler: async ({ params }, ctx) => roundView(await removeRound(ctx, { id: roundId(params.id) })),
  });
}
