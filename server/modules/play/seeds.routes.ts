import { clientSeedBodySchema, fairnessSchema, rotateAnswerSchema, rotateBodySchema } from '../../../contracts/chicken.js';
import { routes } from '../../http/route.js';
import type { App } from '../../types.js';
import { watchUnprovenSeeds } from './seed-proof.js';
import { changeClientSeed, currentPair, rotate } from './seeds.service.js';
import { fairnessView, rotateView } from './seeds.view.js';

/** The player's seed pair: its public parts, a new client seed, and rotation (which reveals the server seed). */
export async function seedsRoutes(app: App): Promise<void> {
  // A seed that does not prove itself (any game's: a pair's or a colour chain's) is named in the log once.
  const named = new Set<string>();
  const unwatch = watchUnprovenSeeds(({ subject, reason }) => {
    if (named.has(subject)) return;
    named.add(subject);
    app.log.error({ seed: subject }, `seed integrity: ${subject} is refused, ${reason}; its game draws nothing from it`);
  });
  app.addHook('onClose', async () => {
    unwatch();
  });

  const r = routes(app, { tags: ['fairness'], guard: 'user' });

  r.get('/fairness', {
    summary: 'The active seed pair: server seed hash, client seed, next nonce',
    data: fairnessSchema,
    message: 'Active seed pair.',
    handler: async (_input, ctx) => fairnessView(await currentPair(ctx)),
  });

  r.post('/fairness/client-seed', {
    summary: 'Set the client seed (refused while a round is open)',
    rateLimit: true,
    body: clientSeedBodySchema,
    data: fairnessSchema,
    message: 'Client seed changed.',
    handler: async ({ body }, ctx) => fairnessView(await changeClientSeed(ctx, { clientSeed: body.clientSeed })),
  });

  r.post('/fairness/rotate', {
    summary: 'Reveal the server seed and start a new pair (refused while a round is open)',
    rateLimit: true,
    body: rotateBodySchema.nullish(),
    data: rotateAnswerSchema,
    message: 'Seed pair rotated.',
    handler: async ({ body }, ctx) => rotateView(await rotate(ctx, { clientSeed: body?.clientSeed })),
  });
}
