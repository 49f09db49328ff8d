import { coinRateParamsSchema, coinRateRequestSchema } from '../../../contracts/wallet.js';
import { coinRateAnswerSchema, coinRatesAnswerSchema } from '../../../contracts/wallet.answers.js';
import { routes } from '../../http/route.js';
import type { App } from '../../types.js';
import { listRates, setRate } from './rates.service.js';

/**
 * Each coin's rate in rupees, set in the back office beside the crypto QR codes (page qr-code). A
 * crypto deposit is offered and recorded at it; players read it with the codes (`/qrcodecrypto/qr-codes`).
 */
export async function ratesRoutes(app: App): Promise<void> {
  const r = routes(app, { tags: ['qr-codes'], guard: { admin: 'qr-code' } });

  r.get('/admin/crypto-rates', {
    summary: "Every coin's rate in rupees for one coin and when it was set (null: none yet)",
    data: coinRatesAnswerSchema.shape.data,
    message: 'Coin rates',
    handler: async (_input, ctx) => listRates(ctx),
  });

  r.put('/admin/crypto-rates/:coin', {
    summary: "Set a coin's rate: rupees for one coin (at most two decimals), dated now; audited",
    params: coinRateParamsSchema,
    body: coinRateRequestSchema,
    data: coinRateAnswerSchema.shape.data,
    message: 'Rate saved',
    handler: async ({ params, body }, ctx) => setRate(ctx, { coin: params.coin, rate: body.rate }),
  });
}
