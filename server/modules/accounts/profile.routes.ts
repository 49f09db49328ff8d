import { z } from 'zod';
import { balanceAnswerSchema, languageAnswerSchema, languageBodySchema, referralLinkAnswerSchema, userIdSchema } from '../../../contracts/accounts.js';
import { requireUser } from '../../plugins/auth.js';
import type { App } from '../../types.js';
import { toRupees } from '../../../contracts/money.js';
import { balanceOfPlayer, referralCode, saveLanguage } from './profile.service.js';

const tags = ['accounts'];
const security = [{ bearer: [] }];
const params = z.object({ userId: userIdSchema });

export async function profileRoutes(app: App): Promise<void> {
  app.get('/users/balance/:userId', { schema: { params, tags, security, response: { 200: balanceAnswerSchema } }, onRequest: requireUser }, async (request) => {
    return { success: true as const, message: 'Balance', balance: toRupees(await balanceOfPlayer(app.db, request.user!, request.params.userId)) };
  });

  app.get(
    '/users/referral-link/:userId',
    { schema: { params, tags, security, response: { 200: referralLinkAnswerSchema } }, onRequest: requireUser },
    async (request) => {
      const code = await referralCode(app.db, request.user!, request.params.userId);
      const origin = app.config.PUBLIC_URL ? app.config.PUBLIC_URL.replace(/\/+$/, '') : `${request.protocol}://${request.host}`;
      const referralLink = `${origin}/signup?ref=${encodeURIComponent(code)}`;
      return { success: true as const, message: 'Referral link', referralLink, data: { referralLink } };
    },
  );

  app.put(
    '/users/language',
    { schema: { body: languageBodySchema, tags, security, response: { 200: languageAnswerSchema } }, onRequest: requireUser },
    async (request) => {
      const language = await saveLanguage(app.db, request.user!, request.body.language, app.clock.now());
      return { success: true as const, message: 'Language saved', data: { language } };
    },
  );
}
