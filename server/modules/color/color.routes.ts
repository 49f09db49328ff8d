import {
  colorBetAnswerSchema,
  colorBetBodySchema,
  colorBetsPageSchema,
  colorPageQuerySchema,
  colorStateSchema,
  historyPageSchema,
  nextPeriodsAnswerSchema,
} from '../../../contracts/color.js';
import { ok } from '../../../contracts/envelope.js';
import { requireUser } from '../../plugins/auth.js';
import type { App } from '../../types.js';
import { colorGame, colorState, history, nextPeriods, placeBet, userBets } from './color.service.js';
import { betsPageView, historyView, placedView, stateView } from './color.view.js';

const tags = ['colour game'];
const security = [{ bearer: [] }];

/** The colour game's calls; its engine is a job of the scheduler (server/modules/jobs.ts). */
export async function colorRoutes(app: App): Promise<void> {
  const game = () => colorGame(app.db, app.config, app.clock.now());

  app.get(
    '/color/next-periods',
    { schema: { tags, summary: 'The current period and the next 20, with their times', response: { 200: nextPeriodsAnswerSchema } } },
    async () => ({ success: true as const, message: 'Periods', data: nextPeriods(await game(), app.clock.now()) }),
  );

  app.get(
    '/color/state',
    { schema: { tags, summary: 'The period open for bets, the last result and the chain’s commitment', response: { 200: ok(colorStateSchema) } } },
    async () => {
      const g = await game();
      const { current, last } = await colorState(app.db, g, app.clock.now());
      return { success: true as const, message: 'Colour game', data: stateView(g, current, last) };
    },
  );

  app.get(
    '/color/history',
    {
      schema: {
        tags,
        summary: 'Ended periods, newest first, 10 a page, each with its chain hash',
        querystring: colorPageQuerySchema,
        response: { 200: ok(historyPageSchema) },
      },
    },
    async (request) => ({ success: true as const, message: 'History', data: historyView(await history(app.db, request.query.page)) }),
  );

  app.get(
    '/color/bets',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: 'The caller’s colour bets, newest first, 10 a page',
        querystring: colorPageQuerySchema,
        response: { 200: ok(colorBetsPageSchema) },
      },
    },
    async (request) => ({ success: true as const, message: 'Bets', data: betsPageView(await userBets(app.db, request.user!.id, request.query.page)) }),
  );

  app.post(
    '/color/bet',
    {
      onRequest: requireUser,
      config: { idempotent: true },
      schema: {
        tags,
        security,
        summary: 'Bet on the open period: a colour, a number or big/small; bets close 5 s before the end',
        body: colorBetBodySchema,
        response: { 200: ok(colorBetAnswerSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Bet placed.',
      data: placedView(await placeBet(app.db, app.config, await game(), request.user!.id, request.body, app.clock.now())),
    }),
  );
}
