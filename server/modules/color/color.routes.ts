import {
  colorBetAnswerSchema,
  colorBetBodySchema,
  colorBetsPageSchema,
  colorCommitmentSchema,
  colorPageQuerySchema,
  colorStateSchema,
  commitmentsPageSchema,
  enterSaltBodySchema,
  historyPageSchema,
  historyQuerySchema,
  nextChainBodySchema,
  nextPeriodsAnswerSchema,
  periodParamsSchema,
  periodResultSchema,
} from '../../../contracts/color.js';
import { ok } from '../../../contracts/envelope.js';
import { requireAdmin, requireUser } from '../../plugins/auth.js';
import { requestKey } from '../../plugins/idempotency.js';
import type { App } from '../../types.js';
import {
  adminCommitNextChain,
  adminEnterSalt,
  colorGame,
  colorState,
  commitments,
  history,
  nextPeriods,
  periodNamed,
  placeBet,
  userBets,
} from './color.service.js';
import { betsPageView, commitmentsView, commitmentView, historyView, offsetsOf, placedView, resultView, stateView } from './color.view.js';

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
    {
      schema: {
        tags,
        summary: 'The period open for bets (none while the chain waits for its salt), the last result and the live chain’s commitment',
        response: { 200: ok(colorStateSchema) },
      },
    },
    async () => {
      const g = await game();
      const now = app.clock.now();
      const { current, last } = await colorState(app.db, g, now);
      return { success: true as const, message: 'Colour game', data: stateView(g, current, last, now) };
    },
  );

  app.get(
    '/color/commitments',
    {
      schema: {
        tags,
        summary: 'Every chain the game has committed to, newest first, 20 a page: terminal hash, salt and its source, periods',
        querystring: colorPageQuerySchema,
        response: { 200: ok(commitmentsPageSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Commitments',
      data: commitmentsView(await commitments(app.db, request.query.page), app.clock.now()),
    }),
  );

  app.get(
    '/color/history',
    {
      schema: {
        tags,
        summary: 'Ended periods, newest first, 10 a page (or ?size= up to 500), each with its chain and hash; ?chain=N for one chain',
        querystring: historyQuerySchema,
        response: { 200: ok(historyPageSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'History',
      data: historyView(await history(app.db, request.query.page, request.query.chain, request.query.size), (await game()).chains),
    }),
  );

  app.get(
    '/color/periods/:period',
    {
      schema: { tags, summary: 'One ended period, with its chain and hash', params: periodParamsSchema, response: { 200: ok(periodResultSchema) } },
    },
    async (request) => ({
      success: true as const,
      message: 'Period',
      data: resultView(await periodNamed(app.db, request.params.period), offsetsOf((await game()).chains)),
    }),
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
      data: placedView(await placeBet(app.db, app.config, await game(), request.user!.id, request.body, app.clock.now(), requestKey(request))),
    }),
  );

  app.post(
    '/admin/color/salt',
    {
      onRequest: requireAdmin('games'),
      schema: {
        tags,
        security,
        summary: 'Enter the hash of the Bitcoin block the waiting chain committed to; its periods start one period later (page games)',
        body: enterSaltBodySchema,
        response: { 200: ok(colorCommitmentSchema) },
      },
    },
    async (request) => {
      const now = app.clock.now();
      const chain = await adminEnterSalt(app.db, app.config, request.user!.id, request.body.block, request.body.hash, now);
      return { success: true as const, message: `Salt entered: chain ${chain.id} starts at ${chain.epoch!.toISOString()}.`, data: commitmentView(chain, now) };
    },
  );

  app.post(
    '/admin/color/next-chain',
    {
      onRequest: requireAdmin('games'),
      schema: {
        tags,
        security,
        summary: 'Make and publish the next chain now, committed to a Bitcoin block not yet mined (page games)',
        body: nextChainBodySchema,
        response: { 200: ok(colorCommitmentSchema) },
      },
    },
    async (request) => {
      const now = app.clock.now();
      const chain = await adminCommitNextChain(app.db, app.config, request.user!.id, request.body.block, now);
      return { success: true as const, message: `Chain ${chain.id} published, committed to block ${chain.saltBlock}.`, data: commitmentView(chain, now) };
    },
  );
}
