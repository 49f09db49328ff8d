import { DEPOSIT_SUCCESS_TEXT, depositRequestSchema, depositUtrSchema, statusUpdateSchema, upiRequestSchema } from '../../../contracts/wallet.js';
import { decisionAnswerSchema, depositListAnswerSchema, moneyRequestAnswerSchema, upiRequestAnswerSchema } from '../../../contracts/wallet.answers.js';
import { routes } from '../../http/route.js';
import type { App } from '../../types.js';
import { attachUtr, createDeposit, createUpiRequest, decideDeposit, listDepositsForAdmin } from './deposits.service.js';
import { depositListView, moneyRequestView, upiRequestView } from './wallet.view.js';
import { idParams, listQuery, methodFilter } from './wallet.shared.js';

const UPI_REQUEST_TEXT = 'Payment request created: pay the exact amount with the reference in the remark.';

export async function depositsRoutes(app: App): Promise<void> {
  const r = routes(app, { tags: ['wallet'], guard: 'user' });
  const transaction = { admin: 'transaction' } as const;

  r.post('/wallet/deposit', {
    summary: 'Record a pending deposit (UPI, Crypto or Telegram)',
    rateLimit: true,
    idempotent: true,
    status: 201,
    body: depositRequestSchema,
    data: moneyRequestAnswerSchema.shape.data,
    message: DEPOSIT_SUCCESS_TEXT,
    handler: async ({ body }, ctx) => moneyRequestView(await createDeposit(ctx, body)),
  });

  r.post('/wallet/deposit/upi-request', {
    summary: 'A UPI request for an exact amount: a pending UPI deposit with its reference, and the upi://pay link that pays it',
    rateLimit: true,
    idempotent: true,
    status: 201,
    body: upiRequestSchema,
    data: upiRequestAnswerSchema.shape.data,
    message: UPI_REQUEST_TEXT,
    handler: async ({ body }, ctx) => upiRequestView(await createUpiRequest(ctx, body)),
  });

  r.post('/wallet/deposit/:id/utr', {
    summary: "The UTR of the player's own pending UPI request, once paid",
    rateLimit: true,
    idempotent: true,
    params: idParams,
    body: depositUtrSchema,
    data: moneyRequestAnswerSchema.shape.data,
    message: DEPOSIT_SUCCESS_TEXT,
    handler: async ({ params, body }, ctx) => moneyRequestView(await attachUtr(ctx, { id: params.id, payNumber: body.payNumber })),
  });

  r.get('/wallet/history/deposit', {
    summary: 'Deposit requests, newest first (back office)',
    guard: transaction,
    query: listQuery.extend({ method: methodFilter }),
    data: depositListAnswerSchema.shape.data,
    message: 'Deposits',
    handler: async ({ query }, ctx) => depositListView(await listDepositsForAdmin(ctx, query)),
  });

  // Admin only, whatever the body says: the original app's spinner credited itself through this call.
  r.put('/wallet/update-deposite-transaction-status', {
    summary: 'Approve or reject a pending deposit (only id and status count)',
    guard: transaction,
    idempotent: true,
    body: statusUpdateSchema,
    data: decisionAnswerSchema.shape.data,
    message: (data) =>
      'awaitingSecondApproval' in data ? 'First approval recorded: a second admin must approve to credit it.' : 'Status updated successfully',
    handler: async ({ body }, ctx) => decideDeposit(ctx, { id: body.id, status: body.status }),
  });
}
