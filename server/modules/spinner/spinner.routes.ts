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
import { routes } from '../../http/route.js';
import type { App } from '../../types.js';
import { addPrize, createPrizeSet, deletePrizeSet, listPrizeSets, removePrize, replacePrizes } from './prizes.service.js';
import { listSpins, spin, spinStatus } from './spin.service.js';
import { prizeSetView, spinsPageView, spinStatusView, spinView } from './spinner.view.js';

const idParams = z.object({ id: z.string().min(1).max(64) });
const prizeSet = prizeSetAnswerSchema.shape.data;

/** The prize wheel: its prizes (public), the back office's edits (page games), and the spin itself. */
export async function spinnerRoutes(app: App): Promise<void> {
  const r = routes(app, { tags: ['spinner'], guard: { admin: 'games' } });

  r.get('/spinner/prizes', {
    summary: 'The prize sets, a bare array; the first is the wheel',
    guard: 'public',
    answer: prizeSetListSchema,
    handler: async (_input, ctx) => (await listPrizeSets(ctx)).map(prizeSetView),
  });

  r.post('/spinner/spin', {
    summary: 'Spin once an hour: the server draws the segment from the seed pair and credits the prize',
    guard: 'user',
    idempotent: true,
    data: spinAnswerSchema.shape.data,
    message: 'Spun',
    handler: async (_input, ctx) => spinView(await spin(ctx)),
  });

  r.get('/spinner/status', {
    summary: 'When the caller may spin next',
    guard: 'user',
    data: spinStatusAnswerSchema.shape.data,
    message: 'Spinner status',
    handler: async (_input, ctx) => spinStatusView(await spinStatus(ctx)),
  });

  r.get('/spinner/spins', {
    summary: "The caller's spins, newest first, 10 a page, with their seeds",
    guard: 'user',
    query: spinsQuerySchema,
    data: spinsPageAnswerSchema.shape.data,
    message: 'Spins',
    handler: async ({ query }, ctx) => spinsPageView(await listSpins(ctx, { page: query.page })),
  });

  r.post('/spinner/prize', {
    summary: 'Add the prize set (when there is none)',
    status: 201,
    body: prizeSetBodySchema,
    data: prizeSet,
    message: 'Prizes saved.',
    handler: async ({ body }, ctx) => prizeSetView(await createPrizeSet(ctx, { prizes: body.prizes })),
  });

  r.put('/spinner/prize/:id', {
    summary: 'Replace the prizes of a set',
    params: idParams,
    body: prizeSetBodySchema,
    data: prizeSet,
    message: 'Prizes saved.',
    handler: async ({ params, body }, ctx) => prizeSetView(await replacePrizes(ctx, { id: params.id, prizes: body.prizes })),
  });

  r.post('/spinner/prize/:id/add', {
    summary: 'Add one prize to a set',
    params: idParams,
    body: prizeBodySchema,
    data: prizeSet,
    message: 'Prize added.',
    handler: async ({ params, body }, ctx) => prizeSetView(await addPrize(ctx, { id: params.id, prize: body.prize })),
  });

  r.post('/spinner/prize/:id/remove', {
    summary: 'Remove one prize from a set',
    params: idParams,
    body: prizeBodySchema,
    data: prizeSet,
    message: 'Prize removed.',
    handler: async ({ params, body }, ctx) => prizeSetView(await removePrize(ctx, { id: params.id, prize: body.prize })),
  });

  r.delete('/spinner/prize/:id', {
    summary: 'Delete a prize set',
    params: idParams,
    data: prizeSet,
    message: 'Deleted successfully',
    handler: async ({ params }, ctx) => prizeSetView(await deletePrizeSet(ctx, { id: params.id })),
  });
}
