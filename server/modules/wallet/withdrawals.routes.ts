import { statusUpdateSchema, withdrawRequestSchema } from '../../../contracts/wallet.js';
import { decisionAnswerSchema, moneyRequestAnswerSchema, withdrawalListAnswerSchema } from '../../../contracts/wallet.answers.js';
import { requireAdmin, requireUser } from '../../plugins/auth.js';
import { requestKey } from '../../plugins/idempotency.js';
import type { App } from '../../types.js';
import { rateLimited } from '../../plugins/rate-limit.js';
import { createWithdrawal, decideWithdrawal, listWithdrawalsForAdmin } from './withdrawals.service.js';
import { moneyRequestView, withdrawalListView } from './wallet.view.js';
import { listQuery, methodFilter } from './wallet.shared.js';

export async function withdrawalsRoutes(app: App): Promise<void> {
  // Spelled as the original client calls it.
  app.post('/wallet/withraw', {
    onRequest: [requireUser],
    config: { idempotent: true, ...rateLimited(app) },
    schema: {
      tags: ['wallet'],
      summary: 'Request a withdrawal (UPI, USDT or ETH); the amount is held at once',
      body: withdrawRequestSchema,
      response: { 201: moneyRequestAnswerSchema },
    },
    handler: async (request, reply) => {
      const data = moneyRequestView(await createWithdrawal(app.db, app.config, request.user!, request.body, app.clock.now(), requestKey(request)));
      return reply.status(201).send({ success: true as const, message: 'Withdrawal request submitted successfully!', data });
    },
  });

  app.get('/wallet/history/withdrawals', {
    onRequest: [requireAdmin('withdraw-requests')],
    schema: {
      tags: ['wallet'],
      summary: 'Withdrawal requests, newest first (back office)',
      querystring: listQuery.extend({ method: methodFilter }),
      response: { 200: withdrawalListAnswerSchema },
    },
    handler: async (request) => ({
      success: true as const,
      message: 'Withdrawals',
      data: withdrawalListView(await listWithdrawalsForAdmin(app.db, app.config, request.query, app.clock.now())),
    }),
  });

  app.put('/wallet/transaction/status', {
    onRequest: [requireAdmin('withdraw-requests')],
    config: { idempotent: true },
    schema: {
      tags: ['wallet'],
      summary: 'Approve or reject a pending withdrawal (only id and status count)',
      body: statusUpdateSchema,
      response: { 200: decisionAnswerSchema },
    },
    handler: async (request, reply) => {
      const data = await decideWithdrawal(app.db, app.config, request.user!.id, request.body.id, request.body.status, app.clock.now(), requestKey(request));
      const message = 'awaitingSecondApproval' in data ? 'First approval recorded: a second admin must approve to pay it.' : 'Status updated successfully';
      return reply.status(200).send({ success: true as const, message, data });
    },
  });
}
