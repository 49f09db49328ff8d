import { clientSeedBodySchema, fairnessSchema, rotateAnswerSchema, rotateBodySchema } from '../../../contracts/chicken.js';
import { requireUser } from '../../plugins/auth.js';
import type { App } from '../../types.js';
import { rateLimited } from '../../plugins/rate-limit.js';
import { ok as envelope } from '../../../contracts/envelope.js';
import { watchUnprovenSeeds } from './seed-proof.js';
import { changeClientSeed, currentPair, rotate } from './seeds.service.js';

/** The player's seed pair: its public parts, a new client seed, and rotation (which reveals the server seed). */
export async function seedsRoutes(app: App): Promise<void> {
  const tags = ['fairness'];
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

  app.get('/fairness', {
    onRequest: [requireUser],
    schema: { tags, summary: 'The active seed pair: server seed hash, client seed, next nonce', response: { 200: envelope(fairnessSchema) } },
    handler: async (request) => ({
      success: true as const,
      message: 'Active seed pair.',
      data: await currentPair(app.db, app.config.keys.seeds, request.user!.id),
    }),
  });

  app.post('/fairness/client-seed', {
    onRequest: [requireUser],
    config: rateLimited(app),
    schema: { tags, summary: 'Set the client seed (refused while a round is open)', body: clientSeedBodySchema, response: { 200: envelope(fairnessSchema) } },
    handler: async (request) => ({
      success: true as const,
      message: 'Client seed changed.',
      data: await changeClientSeed(app.db, app.config.keys.seeds, request.user!.id, request.body.clientSeed),
    }),
  });

  app.post('/fairness/rotate', {
    onRequest: [requireUser],
    config: rateLimited(app),
    schema: {
      tags,
      summary: 'Reveal the server seed and start a new pair (refused while a round is open)',
      body: rotateBodySchema.nullish(),
      response: { 200: envelope(rotateAnswerSchema) },
    },
    handler: async (request) => ({
      success: true as const,
      message: 'Seed pair rotated.',
      data: await rotate(app.db, app.config.keys.seeds, request.user!.id, app.clock.now(), request.body?.clientSeed),
    }),
  });
}
