import { statusUpdateSchema, withdrawRequestSchema } from '../../../contracts/wallet.js';
import { decisionAnswerSchema, moneyRequestAnswerSchema, withdrawalListAnswerSchema } from '../../../contracts/wallet.answers.js';
import { routes } from '../../http/route.js';
import type { App } from '../../types.js';
import { createWithdrawal, decideWithdrawal, listWithdrawalsForAdmin } from './withdrawals.service.js';
import { moneyRequestView, withdrawalListView } from './wallet.view.js';
import { listQuery, methodFilter } from './wallet.shared.js';

export async function withdrawalsRoutes(app: App): Promise<void> {
  const r = routes(app, { tags: ['wallet'], guard: { admin: 'withdraw-requests' } });

  // Spelled as the original client calls it.
  r.post('/wallet/withraw', {
    summary: 'Request a withdrawal (UPI, USDT or ETH); the amount is held at once',
    guard: 'user',
    rateLimit: true,
    idempotent: true,
    status: 201,
    body: withdrawRequestSchema,
    data: moneyRequestAnswerSchema.shape.data,
    message: 'Withdrawal request submitted successfully!',
    handler: async ({ body }, ctx) => moneyRequestView(await createWithdrawal(ctx, body)),
  });

  r.get('/wallet/history/withdrawals', {
    summary: 'Withdrawal requests, newest first (back office)',
    query: listQuery.extend({ method: methodFilter }),
    data: withdrawalListAnswerSchema.shape.data,
    message: 'Withdrawals',
    handler: async ({ query }, ctx) => withdrawalListView(await listWithdrawalsForAdmin(ctx, query)),
  });

  r.put('/wallet/transaction/status', {
    summary: 'Approve or reject a pending withdrawal (only id and status count)',
    idempotent: true,
    body: statusUpdateSchema,
    data: decisionAnswerSchema.shape.data,
    message: (data) => ('awaitingSecondApproval' in data ? 'First approval recorded: a second admin must approve to pay it.' : 'Status updated successfully'),
    handler: async ({ body }, ctx) => decideWithdrawal(ctx, { id: body.id, status: body.status }),
  });
}
