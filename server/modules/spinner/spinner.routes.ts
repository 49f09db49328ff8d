import { z } from 'zod';
import {
  prizeBodySchema,
  prizeSetAnswerSchema,
  prizeSetBodySchema,
  prizeSetListSchema,
  spinAnswerSchema,
  spinStatusAnswerSchema,
  spinsPageAnswerSchema,
  spinsQuerySchema,
} from '../../../contracts/spinner.js';
import { requireAdmin, requireUser } from '../../plugins/auth.js';
import { requestKey } from '../../plugins/idempotency.js';
import type { App } from '../../types.js';
import { addPrize, createPrizeSet, deletePrizeSet, listPrizeSets, removePrize, replacePrizes } from './prizes.service.js';
import { listSpins, spin, spinStatus } from './spin.service.js';
import { spinsPageView, spinView } from './spinner.view.js';

const tags = ['spinner'];
const security = [{ bearer: [] }];
const idParams = z.object({ id: z.string().min(1).max(64) });
const games = requireAdmin('games');

/** The prize wheel: its prizes (public), the back office's edits (page games), and the spin itself. */
export async function spinnerRoutes(app: App): Promise<void> {
  app.get(
    '/spinner/prizes',
    { schema: { tags, summary: 'The prize sets, a bare array; the first is the wheel', response: { 200: prizeSetListSchema } } },
    async () => listPrizeSets(app.db),
  );

  app.post(
    '/spinner/spin',
    {
      onRequest: requireUser,
      config: { idempotent: true },
      schema: {
        tags,
        security,
        summary: 'Spin once an hour: the server draws the segment from the seed pair and credits the prize',
        response: { 200: spinAnswerSchema },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Spun',
      data: spinView(await spin(app.db, app.clock, app.config.keys.seeds, request.user!.id, requestKey(request))),
    }),
  );

  app.get(
    '/spinner/status',
    { onRequest: requireUser, schema: { tags, security, summary: 'When the caller may spin next', response: { 200: spinStatusAnswerSchema } } },
    async (request) => ({ success: true as const, message: 'Spinner status', data: await spinStatus(app.db, request.user!.id, app.clock.now()) }),
  );

  app.get(
    '/spinner/spins',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: "The caller's spins, newest first, 10 a page, with their seeds",
        querystring: spinsQuerySchema,
        response: { 200: spinsPageAnswerSchema },
      },
    },
    async (request) => ({ success: true as const, message: 'Spins', data: spinsPageView(await listSpins(app.db, request.user!.id, request.query.page)) }),
  );

  app.post(
    '/spinner/prize',
    {
      onRequest: games,
      schema: { tags, security, summary: 'Add the prize set (when there is none)', body: prizeSetBodySchema, response: { 201: prizeSetAnswerSchema } },
    },
    async (request, reply) =>
      reply.status(201).send({ success: true as const, message: 'Prizes saved.', data: await createPrizeSet(app.db, request.user!.id, request.body.prizes) }),
  );

  app.put(
    '/spinner/prize/:id',
    {
      onRequest: games,
      schema: { tags, security, summary: 'Replace the prizes of a set', params: idParams, body: prizeSetBodySchema, response: { 200: prizeSetAnswerSchema } },
    },
    async (request) => ({
      success: true as const,
      message: 'Prizes saved.',
      data: await replacePrizes(app.db, request.user!.id, request.params.id, request.body.prizes, app.clock.now()),
    }),
  );

  app.post(
    '/spinner/prize/:id/add',
    {
      onRequest: games,
      schema: { tags, security, summary: 'Add one prize to a set', params: idParams, body: prizeBodySchema, response: { 200: prizeSetAnswerSchema } },
    },
    async (request) => ({
      success: true as const,
      message: 'Prize added.',
      data: await addPrize(app.db, request.user!.id, request.params.id, request.body.prize, app.clock.now()),
    }),
  );

  app.post(
    '/spinner/prize/:id/remove',
    {
      onRequest: games,
      schema: { tags, security, summary: 'Remove one prize from a set', params: idParams, body: prizeBodySchema, response: { 200: prizeSetAnswerSchema } },
    },
    async (request) => ({
      success: true as const,
      message: 'Prize removed.',
      data: await removePrize(app.db, request.user!.id, request.params.id, request.body.prize, app.clock.now()),
    }),
  );

  app.delete(
    '/spinner/prize/:id',
    { onRequest: games, schema: { tags, security, summary: 'Delete a prize set', params: idParams, response: { 200: prizeSetAnswerSchema } } },
    async (request) => ({ success: true as const, message: 'Deleted successfully', data: await deletePrizeSet(app.db, request.user!.id, request.params.id) }),
  );
}
