import type { FastifyReply, FastifyRequest } from 'fastify';
import { demoStartBodySchema, demoStateSchema, goAnswerSchema, startAnswerSchema, stopAnswerSchema } from '../../../contracts/chicken.js';
import { isUuid } from '../../../contracts/ids.js';
import { ok } from '../../../contracts/envelope.js';
import { overHttps } from '../../lib/https.js';
import type { App } from '../../types.js';
import { demoPlayer, demoState, resetDemo, startDemo, stepDemo, stopDemo } from './demo.service.js';
import { demoStateView, playedView } from './chicken.view.js';

const DEMO_COOKIE = 'demoPlayer';
const PATH = '/api/v1/demo';
const tags = ['demo'];

/**
 * Demo Chicken Road, for anyone, signed in or not: a cookie names the visitor's demo player.
 * Play money only, never the wallet or the ledger.
 */
export async function demoRoutes(app: App): Promise<void> {
  const cookieOf = (request: FastifyRequest): string | undefined => {
    const id = request.cookies?.[DEMO_COOKIE];
    return id && isUuid(id) ? id : undefined;
  };
  /** The caller's demo player id; without a cookie, they have not opened the demo yet. */
  const demoId = (request: FastifyRequest): string => cookieOf(request) ?? '00000000-0000-0000-0000-000000000000';
  const remember = (request: FastifyRequest, reply: FastifyReply, id: string) =>
    reply.setCookie(DEMO_COOKIE, id, { httpOnly: true, sameSite: 'strict', path: PATH, secure: overHttps(request, app.config), maxAge: 30 * 86_400 });

  app.get(
    '/demo/chicken-road',
    {
      schema: {
        tags,
        summary: 'The visitor’s play money and open demo round; starts a demo session when there is none',
        response: { 200: ok(demoStateSchema) },
      },
    },
    async (request, reply) => {
      const player = await demoPlayer(app.db, cookieOf(request), app.clock.now());
      remember(request, reply, player.id);
      return { success: true as const, message: 'Demo', data: demoStateView(demoState(player)) };
    },
  );

  app.post(
    '/demo/chicken-road/start',
    { schema: { tags, summary: 'Start a demo round with play money', body: demoStartBodySchema, response: { 200: ok(startAnswerSchema) } } },
    async (request) => {
      const body = request.body;
      const data = playedView(
        await startDemo(
          app.db,
          app.config,
          demoId(request),
          {
            bet: body.betAmount,
            difficulty: body.difficulty,
            autoCashout: body.autoCashout ?? null,
          },
          app.clock.now(),
        ),
      );
      return { success: true as const, message: 'Demo round started.', data };
    },
  );

  app.post(
    '/demo/chicken-road/go',
    { schema: { tags, summary: 'Walk one lane of the demo round', response: { 200: ok(goAnswerSchema) } } },
    async (request) => {
      const played = await stepDemo(app.db, demoId(request), app.clock.now());
      const data = { ...playedView(played), safe: played.safe ?? false };
      return { success: true as const, message: data.state === 'lost' ? 'Hit by a car.' : data.state === 'won' ? 'Cashed out.' : 'Safe.', data };
    },
  );

  app.post('/demo/chicken-road/stop', { schema: { tags, summary: 'Cash out the demo round', response: { 200: ok(stopAnswerSchema) } } }, async (request) => {
    const data = playedView(await stopDemo(app.db, demoId(request), app.clock.now()));
    return { success: true as const, message: data.lanesCrossed === 0 ? 'Bet returned.' : 'Cashed out.', data };
  });

  app.post(
    '/demo/chicken-road/reset',
    { schema: { tags, summary: 'Reset the play money to its start', response: { 200: ok(demoStateSchema) } } },
    async (request) => {
      const data = demoStateView(await resetDemo(app.db, demoId(request), app.clock.now()));
      return { success: true as const, message: 'Play money reset.', data };
    },
  );
}
