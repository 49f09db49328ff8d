import { z } from 'zod';
import { historyAnswerSchema, ledgerCheckAnswerSchema } from '../../../contracts/wallet.answers.js';
import { statementQuerySchema } from '../../../contracts/responsible.js';
import { routes } from '../../http/route.js';
import type { App } from '../../types.js';
import { checkLedger } from '../ledger/index.js';
import { transactionsForStatement, walletHistory } from './history.service.js';
import { historyView, transactionsCsvView } from './wallet.view.js';
import { pageQuery, usersHistoryQuery } from './wallet.shared.js';

export async function historyRoutes(app: App): Promise<void> {
  const r = routes(app, { tags: ['wallet'], guard: 'user' });
  const transaction = { admin: 'transaction' } as const;

  r.get('/wallet/history', {
    summary: "The caller's deposits, withdrawals and wallet movements, 10 a page",
    query: pageQuery,
    data: historyAnswerSchema.shape.data,
    message: 'Transaction history',
    handler: async ({ query }, ctx) => historyView(await walletHistory(ctx, { userId: ctx.user.id, page: query.page })),
  });

  r.get('/wallet/statement.csv', {
    summary: "The caller's transactions between two dates (India time, both included) as CSV",
    query: statementQuerySchema,
    answer: z.string(),
    contentType: 'text/csv; charset=utf-8',
    handler: async ({ query }, ctx, { reply }) => {
      reply.header('Content-Disposition', `attachment; filename="transactions-${query.from}-to-${query.to}.csv"`);
      return transactionsCsvView(await transactionsForStatement(ctx, { from: query.from, to: query.to }));
    },
  });

  r.get('/wallet/history/users', {
    summary: "Every player's history, or one player's (userId), 10 a page (back office)",
    guard: transaction,
    query: usersHistoryQuery,
    data: historyAnswerSchema.shape.data,
    message: 'Transaction history',
    handler: async ({ query }, ctx) => historyView(await walletHistory(ctx, { userId: query.userId ?? null, page: query.page })),
  });

  r.get('/admin/ledger/check', {
    summary: 'Checks every ledger invariant; ok when none is violated',
    guard: transaction,
    data: ledgerCheckAnswerSchema.shape.data,
    message: (data) => (data.ok ? 'The ledger is consistent.' : 'The ledger has violations.'),
    handler: async (_input, ctx) => {
      const violations = await checkLedger(ctx.db);
      return { ok: violations.length === 0, violations };
    },
  });
}
