import { z } from 'zod';
import { balanceAnswerSchema, languageAnswerSchema, languageBodySchema, referralLinkAnswerSchema, userIdSchema } from '../../../contracts/accounts.js';
import { toRupees } from '../../../contracts/money.js';
import { routes, said } from '../../http/route.js';
import type { App } from '../../types.js';
import { balanceOfPlayer, referralCode, saveLanguage } from './profile.service.js';

const params = z.object({ userId: userIdSchema });

/** The signed-in player's balance, referral link and language. */
export async function profileRoutes(app: App): Promise<void> {
  const r = routes(app, { tags: ['accounts'], guard: 'user' });

  r.get('/users/balance/:userId', {
    summary: 'A balance in rupees: your own, or any player’s with the Transaction page',
    params,
    answer: balanceAnswerSchema,
    handler: async ({ params }, ctx) => said('Balance', undefined, { balance: toRupees(await balanceOfPlayer(ctx, { userId: params.userId })) }),
  });

  r.get('/users/referral-link/:userId', {
    summary: 'Your referral link',
    params,
    answer: referralLinkAnswerSchema,
    handler: async ({ params }, ctx, { request }) => {
      const code = await referralCode(ctx, { userId: params.userId });
      const origin = ctx.config.PUBLIC_URL ? ctx.config.PUBLIC_URL.replace(/\/+$/, '') : `${request.protocol}://${request.host}`;
      const referralLink = `${origin}/signup?ref=${encodeURIComponent(code)}`;
      return said('Referral link', { referralLink }, { referralLink });
    },
  });

  r.put('/users/language', {
    summary: 'Save your language',
    body: languageBodySchema,
    data: languageAnswerSchema.shape.data,
    message: 'Language saved',
    handler: async ({ body }, ctx) => ({ language: await saveLanguage(ctx, { language: body.language }) }),
  });
}
