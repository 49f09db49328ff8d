import { DEPOSIT_SUCCESS_TEXT, depositRequestSchema, depositUtrSchema, statusUpdateSchema, upiRequestSchema } from '../../../contracts/wallet.js';
import { decisionAnswerSchema, depositListAnswerSchema, moneyRequestAnswerSchema, upiRequestAnswerSchema } from '../../../contracts/wallet.answers.js';
import { requireAdmin, requireUser } from '../../plugins/auth.js';
import { requestKey } from '../../plugins/idempotency.js';
import type { App } from '../../types.js';
import { rateLimited } from '../../plugins/rate-limit.js';
import { attachUtr, createDeposit, createUpiRequest, decideDeposit, listDepositsForAdmin } from './deposits.service.js';
import { depositListView, moneyRequestView, upiRequestView } from './wallet.view.js';
import { idParams, listQuery, methodFilter } from './wallet.shared.js';

const UPI_REQUEST_TEXT = 'Payment request created: pay the exact amount with the reference in the remark.';

export async function depositsRoutes(app: App): Promise<void> {
  app.post('/wallet/deposit', {
    onRequest: [requireUser],
    config: { idempotent: true, ...rateLimited(app) },
    schema: {
      tags: ['wallet'],
      summary: 'Record a pending deposit (UPI, Crypto or Telegram)',
      body: depositRequestSchema,
      response: { 201: moneyRequestAnswerSchema },
    },
    handler: async (request, reply) => {
      const data = moneyRequestView(await createDeposit(app.db, app.config, request.user!, request.body, app.clock.now(), requestKey(request)));
      return reply.status(201).send({ success: true as const, message: DEPOSIT_SUCCESS_TEXT, data });
    },
  });

  app.post('/wallet/deposit/upi-request', {
    onRequest: [requireUser],
    config: { idempotent: true, ...rateLimited(app) },
    schema: {
      tags: ['wallet'],
      summary: 'A UPI request for an exact amount: a pending UPI deposit with its reference, and the upi://pay link that pays it',
      body: upiRequestSchema,
      response: { 201: upiRequestAnswerSchema },
    },
    handler: async (request, reply) => {
      const data = upiRequestView(await createUpiRequest(app.db, app.config, request.user!, request.body, app.clock.now(), requestKey(request)));
      return reply.status(201).send({ success: true as const, message: UPI_REQUEST_TEXT, data });
    },
  });

  app.post('/wallet/deposit/:id/utr', {
    onRequest: [requireUser],
    config: { idempotent: true, ...rateLimited(app) },
    schema: {
      tags: ['wallet'],
      summary: "The UTR of the player's own pending UPI request, once paid",
      params: idParams,
      body: depositUtrSchema,
      response: { 200: moneyRequestAnswerSchema },
    },
    handler: async (request, reply) => {
      const data = moneyRequestView(await attachUtr(app.db, app.config, request.user!, request.params.id, request.body));
      return reply.status(200).send({ success: true as const, message: DEPOSIT_SUCCESS_TEXT, data });
    },
  });

  app.get('/wallet/history/deposit', {
    onRequest: [requireAdmin('transaction')],
    schema: {
      tags: ['wallet'],
      summary: 'Deposit requests, newest first (back office)',
      querystring: listQuery.extend({ method: methodFilter }),
      response: { 200: depositListAnswerSchema },
    },
    handler: async (request) => ({
      success: true as const,
      message: 'Deposits',
      data: depositListView(await listDepositsForAdmin(app.db, app.config, request.query, app.clock.now())),
    }),
  });

  // Admin only, whatever the body says: the original app's spinner credited itself through this call.
  app.put('/wallet/update-deposite-transaction-status', {
    onRequest: [requireAdmin('transaction')],
    config: { idempotent: true },
    schema: {
      tags: ['wallet'],
      summary: 'Approve or reject a pending deposit (only id and status count)',
      body: statusUpdateSchema,
      response: { 200: decisionAnswerSchema },
    },
    handler: async (request, reply) => {
      const data = await decideDeposit(app.db, app.config, request.user!.id, request.body.id, request.body.status, app.clock.now(), requestKey(request));
      const message = 'awaitingSecondApproval' in data ? 'First approval recorded: a second admin must approve to credit it.' : 'Status updated successfully';
      return reply.status(200).send({ success: true as const, message, data });
    },
  });
}
