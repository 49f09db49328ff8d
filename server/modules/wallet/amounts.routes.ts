import { fixedAmountRequestSchema } from '../../../contracts/wallet.js';
import { fixedAmountAnswerSchema, fixedAmountListSchema } from '../../../contracts/wallet.answers.js';
import { requireAdmin } from '../../plugins/auth.js';
import type { App } from '../../types.js';
import type { AccessPage } from '../../../contracts/roles.js';
import type { FixedAmountKind } from './amounts.service.js';
import { createAmount, deleteAmount, listAmounts } from './amounts.service.js';
import { fixedAmountView } from './wallet.view.js';
import { idParams } from './wallet.shared.js';

/**
 * The refer amount (page games) and the Telegram subscription amount (page telegram): one of
 * each. Lists are bare arrays because that is what the original client reads; the Telegram
 * amount is public because the subscription screen shows it.
 */
export async function amountsRoutes(app: App): Promise<void> {
  const resources: { path: string; kind: FixedAmountKind; page: AccessPage; publicList: boolean; label: string }[] = [
    { path: '/refer-amount', kind: 'refer', page: 'games', publicList: false, label: 'Refer amount' },
    { path: '/telegram-amount', kind: 'telegram', page: 'telegram', publicList: true, label: 'Telegram amount' },
  ];
  for (const r of resources) {
    app.get(r.path, {
      onRequest: r.publicList ? [] : [requireAdmin(r.page)],
      schema: { tags: ['amounts'], summary: `${r.label} (a bare array)`, response: { 200: fixedAmountListSchema } },
      handler: async () => (await listAmounts(app.db, r.kind)).map(fixedAmountView),
    });

    app.post(r.path, {
      onRequest: [requireAdmin(r.page)],
      schema: { tags: ['amounts'], summary: `Set the ${r.label.toLowerCase()}`, body: fixedAmountRequestSchema, response: { 201: fixedAmountAnswerSchema } },
      handler: async (request, reply) => {
        const data = fixedAmountView(await createAmount(app.db, request.user!.id, r.kind, request.body.amount));
        return reply.status(201).send({ success: true as const, message: `${r.label} saved.`, data });
      },
    });

    app.delete(`${r.path}/:id`, {
      onRequest: [requireAdmin(r.page)],
      schema: { tags: ['amounts'], summary: `Delete the ${r.label.toLowerCase()}`, params: idParams, response: { 200: fixedAmountAnswerSchema } },
      handler: async (request) => {
        const data = fixedAmountView(await deleteAmount(app.db, request.user!.id, r.kind, request.params.id));
        return { success: true as const, message: 'Deleted successfully', data };
      },
    });
  }
}
