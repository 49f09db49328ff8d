import { fixedAmountRequestSchema } from '../../../contracts/wallet.js';
import { fixedAmountAnswerSchema, fixedAmountListSchema } from '../../../contracts/wallet.answers.js';
import { routes } from '../../http/route.js';
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
  for (const { path, kind, page, publicList, label } of resources) {
    const r = routes(app, { tags: ['amounts'], guard: { admin: page } });

    r.get(path, {
      summary: `${label} (a bare array)`,
      guard: publicList ? 'public' : { admin: page },
      answer: fixedAmountListSchema,
      handler: async (_input, ctx) => (await listAmounts(ctx, { kind })).map(fixedAmountView),
    });

    r.post(path, {
      summary: `Set the ${label.toLowerCase()}`,
      status: 201,
      body: fixedAmountRequestSchema,
      data: fixedAmountAnswerSchema.shape.data,
      message: `${label} saved.`,
      handler: async ({ body }, ctx) => fixedAmountView(await createAmount(ctx, { kind, amount: body.amount })),
    });

    r.delete(`${path}/:id`, {
      summary: `Delete the ${label.toLowerCase()}`,
      params: idParams,
      data: fixedAmountAnswerSchema.shape.data,
      message: 'Deleted successfully',
      handler: async ({ params }, ctx) => fixedAmountView(await deleteAmount(ctx, { kind, id: params.id })),
    });
  }
}
