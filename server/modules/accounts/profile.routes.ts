import { z } from 'zod';
import { userIdSchema } from '../../../contracts/accounts.js';
import { toRupees } from '../../../contracts/money.js';
import { notFound } from '../../lib/errors.js';
import { assertSelf, requireUser } from '../../plugins/auth.js';
import type { App } from '../../types.js';
import { balanceOf } from '../ledger/ledger.service.js';
import { findUserById } from './accounts.repo.js';

const tags = ['accounts'];
const security = [{ bearer: [] }];
const params = z.object({ userId: userIdSchema });

export function profileRoutes(app: App): void {
  app.get('/users/balance/:userId', { schema: { params, tags, security }, onRequest: requireUser }, async (request) => {
    const { userId } = request.params;
    assertSelf(request.user, userId, 'transaction');
    if (userId !== request.user!.id && !(await findUserById(app.db, userId))) throw notFound('Player not found.');
    return { success: true, message: 'Balance', balance: toRupees(await balanceOf(app.db, userId)) };
  });

  app.get('/users/referral-link/:userId', { schema: { params, tags, security }, onRequest: requireUser }, async (request) => {
    assertSelf(request.user, request.params.userId);
    const user = await findUserById(app.db, request.user!.id);
    if (!user) throw notFound('Player not found.');
    const origin = app.config.PUBLIC_URL ? app.config.PUBLIC_URL.replace(/\/+$/, '') : `${request.protocol}://${request.host}`;
    const referralLink = `${origin}/signup?ref=${encodeURIComponent(user.referralCode)}`;
    return { success: true, message: 'Referral link', referralLink, data: { referralLink } };
  });
}
