import { z } from 'zod';
import { betsPageSchema, betsQuerySchema, gameHistoryEntrySchema } from '../../../contracts/chicken.js';
import { claimedUserIdSchema } from '../../../contracts/ids.js';
import { statementQuerySchema } from '../../../contracts/responsible.js';
import { routes } from '../../http/route.js';
import { assertSelf } from '../../lib/ownership.js';
import type { App } from '../../types.js';
import { gameHistory, listBets, roundsForStatement } from './bets.service.js';
import { betsCsvView, betsPageView, gameHistoryView } from './chicken.view.js';

export async function betsRoutes(app: App): Promise<void> {
  const r = routes(app, { tags: ['chicken'], guard: 'user' });

  r.get('/bets', {
    summary: 'Own bets, newest first, 10 a page',
    query: betsQuerySchema,
    data: betsPageSchema,
    message: 'Bets.',
    handler: async ({ query }, ctx) => betsPageView(await listBets(ctx, { page: query.page })),
  });

  r.get('/bets/statement.csv', {
    summary: 'Own Chicken Road rounds between two dates (India time, both included) as CSV',
    query: statementQuerySchema,
    answer: z.string(),
    contentType: 'text/csv; charset=utf-8',
    handler: async ({ query }, ctx, { reply }) => {
      reply.header('Content-Disposition', `attachment; filename="bets-${query.from}-to-${query.to}.csv"`);
      return betsCsvView(await roundsForStatement(ctx, { from: query.from, to: query.to }));
    },
  });

  r.get('/admin/game-history/:userId/:gameType', {
    summary: 'A player’s ended rounds (own, or an admin with the transaction page)',
    params: z.object({ userId: claimedUserIdSchema.pipe(z.string().min(1)), gameType: z.string().min(1).max(32) }),
    data: z.array(gameHistoryEntrySchema),
    message: 'Game history.',
    handler: async ({ params }, ctx) => {
      assertSelf(ctx.user, params.userId, 'transaction');
      return gameHistoryView(await gameHistory(ctx, { userId: params.userId, gameType: params.gameType }));
    },
  });
}
