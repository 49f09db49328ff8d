import { z } from 'zod';
import { betsPageSchema, betsQuerySchema, gameHistoryEntrySchema } from '../../../contracts/chicken.js';
import { claimedUserIdSchema } from '../../../contracts/ids.js';
import { assertSelf } from '../../lib/ownership.js';
import { requireUser } from '../../plugins/auth.js';
import type { App } from '../../types.js';
import { gameHistory, listBets, roundsForStatement } from './bets.service.js';
import { betsCsvView, betsPageView, gameHistoryView } from './chicken.view.js';
import { statementQuerySchema } from '../../../contracts/responsible.js';
import { ok as envelope } from '../../../contracts/envelope.js';

export async function betsRoutes(app: App): Promise<void> {
  app.get('/bets', {
    onRequest: [requireUser],
    schema: { tags: ['chicken'], summary: 'Own bets, newest first, 10 a page', querystring: betsQuerySchema, response: { 200: envelope(betsPageSchema) } },
    handler: async (request) => ({
      success: true as const,
      message: 'Bets.',
      data: betsPageView(await listBets(app.db, request.user!.id, request.query.page)),
    }),
  });

  app.get('/bets/statement.csv', {
    onRequest: [requireUser],
    schema: {
      tags: ['chicken'],
      summary: 'Own Chicken Road rounds between two dates (India time, both included) as CSV',
      querystring: statementQuerySchema,
      produces: ['text/csv'],
      response: { 200: z.string() },
    },
    handler: async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="bets-${request.query.from}-to-${request.query.to}.csv"`)
        .send(betsCsvView(await roundsForStatement(app.db, request.user!.id, request.query.from, request.query.to))),
  });

  app.get('/admin/game-history/:userId/:gameType', {
    onRequest: [requireUser],
    schema: {
      tags: ['chicken'],
      summary: 'A player’s ended rounds (own, or an admin with the transaction page)',
      params: z.object({ userId: claimedUserIdSchema.pipe(z.string().min(1)), gameType: z.string().min(1).max(32) }),
      response: { 200: envelope(z.array(gameHistoryEntrySchema)) },
    },
    handler: async (request) => {
      assertSelf(request.user, request.params.userId, 'transaction');
      return {
        success: true as const,
        message: 'Game history.',
        data: gameHistoryView(await gameHistory(app.db, request.params.userId, request.params.gameType)),
      };
    },
  });
}
