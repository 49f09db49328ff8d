import { coinRateParamsSchema, coinRateRequestSchema } from '../../../contracts/wallet.js';
import { coinRateAnswerSchema, coinRatesAnswerSchema } from '../../../contracts/wallet.answers.js';
import { requireAdmin } from '../../plugins/auth.js';
import type { App } from '../../types.js';
import { listRates, setRate } from './rates.service.js';

/**
 * Each coin's rate in rupees, set in the back office beside the crypto QR codes (page qr-code). A
 * crypto deposit is offered and recorded at it; players read it with the codes (`/qrcodecrypto/qr-codes`).
 */
export async function ratesRoutes(app: App): Promise<void> {
  app.get('/admin/crypto-rates', {
    onRequest: [requireAdmin('qr-code')],
    schema: {
      tags: ['qr-codes'],
      summary: "Every coin's rate in rupees for one coin and when it was set (null: none yet)",
      response: { 200: coinRatesAnswerSchema },
    },
    handler: async () => ({ success: true as const, message: 'Coin rates', data: await listRates(app.db) }),
  });

  app.put('/admin/crypto-rates/:coin', {
    onRequest: [requireAdmin('qr-code')],
    schema: {
      tags: ['qr-codes'],
      summary: "Set a coin's rate: rupees for one coin (at most two decimals), dated now; audited",
      params: coinRateParamsSchema,
      body: coinRateRequestSchema,
      response: { 200: coinRateAnswerSchema },
    },
    handler: async (request) => ({
      success: true as const,
      message: 'Rate saved',
      data: await setRate(app.db, request.user!.id, request.params.coin, request.body.rate, app.clock.now()),
    }),
  });
}
