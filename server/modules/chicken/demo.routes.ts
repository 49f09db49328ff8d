import type { FastifyRequest } from 'fastify';
import { demoStartBodySchema, demoStateSchema, goAnswerSchema, startAnswerSchema, stopAnswerSchema } from '../../../contracts/chicken.js';
import { isUuid } from '../../../contracts/ids.js';
import { routes, type Http } from '../../http/route.js';
import { overHttps } from '../../lib/https.js';
import type { App } from '../../types.js';
import { demoPlayer, demoState, resetDemo, startDemo, stepDemo, stopDemo } from './demo.service.js';
import { demoStateView, playedView, showRound, stepMessage, stopMessage } from './chicken.view.js';

const DEMO_COOKIE = 'demoPlayer';
const PATH = '/api/v1/demo';

/**
 * Demo Chicken Road, for anyone, signed in or not: a cookie names the visitor's demo player.
 * Play money only, never the wallet or the ledger.
 */
export async function demoRoutes(app: App): Promise<void> {
  const r = routes(app, { tags: ['demo'], guard: 'public' });

  const cookieOf = (request: FastifyRequest): string | undefined => {
    const id = request.cookies?.[DEMO_COOKIE];
    return id && isUuid(id) ? id : undefined;
  };
  /** The caller's demo player id; without a cookie, they have not opened the demo yet. */
  const demoId = ({ request }: Http) => ({ id: cookieOf(request) ?? '00000000-0000-0000-0000-000000000000' });
  const remember = ({ request, reply }: Http, id: string) =>
    reply.setCookie(DEMO_COOKIE, id, { httpOnly: true, sameSite: 'strict', path: PATH, secure: overHttps(request, app.config), maxAge: 30 * 86_400 });

  r.get('/demo/chicken-road', {
    summary: 'The visitor’s play money and open demo round; starts a demo session when there is none',
    data: demoStateSchema,
    message: 'Demo',
    handler: async (_input, ctx, http) => {
      const player = await demoPlayer(ctx, { id: cookieOf(http.request) });
      remember(http, player.id);
      return demoStateView(demoState(player));
    },
  });

  r.post('/demo/chicken-road/start', {
    summary: 'Start a demo round with play money',
    body: demoStartBodySchema,
    data: startAnswerSchema,
    message: 'Demo round started.',
    handler: async ({ body }, ctx, http) => {
      const round = { bet: body.betAmount, difficulty: body.difficulty, autoCashout: body.autoCashout ?? null };
      return playedView(await startDemo(ctx, { ...demoId(http), round }).catch(showRound));
    },
  });

  r.post('/demo/chicken-road/go', {
    summary: 'Walk one lane of the demo round',
    data: goAnswerSchema,
    message: stepMessage,
    handler: async (_input, ctx, http) => {
      const played = await stepDemo(ctx, demoId(http));
      return { ...playedView(played), safe: played.safe ?? false };
    },
  });

  r.post('/demo/chicken-road/stop', {
    summary: 'Cash out the demo round',
    data: stopAnswerSchema,
    message: stopMessage,
    handler: async (_input, ctx, http) => playedView(await stopDemo(ctx, demoId(http))),
  });

  r.post('/demo/chicken-road/reset', {
    summary: 'Reset the play money to its start',
    data: demoStateSchema,
    message: 'Play money reset.',
    handler: async (_input, ctx, http) => demoStateView(await resetDemo(ctx, demoId(http))),
  });
}
