import { historyAnswerSchema, ledgerCheckAnswerSchema } from '../../../contracts/wallet.answers.js';
import { requireAdmin, requireUser } from '../../plugins/auth.js';
import type { App } from '../../types.js';
import { checkLedger } from '../ledger/index.js';
import { transactionsForStatement, walletHistory } from './history.service.js';
import { historyView, transactionsCsvView } from './wallet.view.js';
import { statementQuerySchema } from '../../../contracts/responsible.js';
import { z } from 'zod';
import { pageQuery, usersHistoryQuery } from './wallet.shared.js';

export async function historyRoutes(app: App): Promise<void> {
  app.get('/wallet/history', {
    onRequest: [requireUser],
    schema: {
      tags: ['wallet'],
      summary: "The caller's deposits, withdrawals and wallet movements, 10 a page",
      querystring: pageQuery,
      response: { 200: historyAnswerSchema },
    },
    handler: async (request) => ({
      success: true as const,
      message: 'Transaction history',
      data: historyView(await walletHistory(app.db, request.user!.id, request.query.page)),
    }),
  });

  app.get('/wallet/statement.csv', {
    onRequest: [requireUser],
    schema: {
      tags: ['wallet'],
      summary: "The caller's transactions between two dates (India time, both included) as CSV",
      querystring: statementQuerySchema,
      produces: ['text/csv'],
      response: { 200: z.string() },
    },
    handler: async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="transactions-${request.query.from}-to-${request.query.to}.csv"`)
        .send(transactionsCsvView(await transactionsForStatement(app.db, request.user!.id, request.query.from, request.query.to))),
  });

  app.get('/wallet/history/users', {
    onRequest: [requireAdmin('transaction')],
    schema: {
      tags: ['wallet'],
      summary: "Every player's history, or one player's (userId), 10 a page (back office)",
      querystring: usersHistoryQuery,
      response: { 200: historyAnswerSchema },
    },
    handler: async (request) => ({
      success: true as const,
      message: 'Transaction history',
      data: historyView(await walletHistory(app.db, request.query.userId ?? null, request.query.page)),
    }),
  });

  app.get('/admin/ledger/check', {
    onRequest: [requireAdmin('transaction')],
    schema: { tags: ['wallet'], summary: 'Checks every ledger invariant; ok when none is violated', response: { 200: ledgerCheckAnswerSchema } },
    handler: async () => {
      const violations = await checkLedger(app.db);
      return {
        success: true as const,
        message: violations.length ? 'The ledger has violations.' : 'The ledger is consistent.',
        data: { ok: violations.length === 0, violations },
      };
    },
  });
}
