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
import { routes } from '../../http/route.js';
import type { App } from '../../types.js';
import { offsetsOf, upcomingPeriods } from './color.rules.js';
import { adminCommitNextChain, adminEnterSalt, colorState, commitments, history, periodNamed, placeBet, userBets } from './color.service.js';
import { betsPageView, commitmentsView, commitmentView, historyView, nextPeriodsView, placedView, resultView, stateView } from './color.view.js';

/** The colour game's calls; its engine is a job of the scheduler (server/modules/jobs.ts). */
export async function colorRoutes(app: App): Promise<void> {
  // The app's committed chains, shared with its period engine.
  const chains = app.colorChains;
  const r = routes(app, { tags: ['colour game'], guard: 'public' });

  r.get('/color/next-periods', {
    summary: 'The current period and the next 20, with their times',
    data: nextPeriodsAnswerSchema.shape.data,
    message: 'Periods',
    handler: async (_input, ctx) => nextPeriodsView(upcomingPeriods(await chains.game(ctx), ctx.now)),
  });

  r.get('/color/state', {
    summary: 'The period open for bets (none while the chain waits for its salt), the last result and the live chain’s commitment',
    data: colorStateSchema,
    message: 'Colour game',
    handler: async (_input, ctx) => {
      const game = await chains.game(ctx);
      return stateView(game, await colorState(ctx, { game }), ctx.now);
    },
  });

  r.get('/color/commitments', {
    summary: 'Every chain the game has committed to, newest first, 20 a page: terminal hash, salt and its source, periods',
    query: colorPageQuerySchema,
    data: commitmentsPageSchema,
    message: 'Commitments',
    handler: async ({ query }, ctx) => commitmentsView(await commitments(ctx, { page: query.page }), ctx.now),
  });

  r.get('/color/history', {
    summary: 'Ended periods, newest first, 10 a page (or ?size= up to 500), each with its chain and hash; ?chain=N for one chain',
    query: historyQuerySchema,
    data: historyPageSchema,
    message: 'History',
    handler: async ({ query }, ctx) => {
      const page = await history(ctx, { page: query.page, chain: query.chain, size: query.size });
      return historyView(page, (await chains.game(ctx)).chains);
    },
  });

  r.get('/color/periods/:period', {
    summary: 'One ended period, with its chain and hash',
    params: periodParamsSchema,
    data: periodResultSchema,
    message: 'Period',
    handler: async ({ params }, ctx) => {
      const period = await periodNamed(ctx, { period: params.period });
      return resultView(period, offsetsOf((await chains.game(ctx)).chains));
    },
  });

  r.get('/color/bets', {
    summary: 'The caller’s colour bets, newest first, 10 a page',
    guard: 'user',
    query: colorPageQuerySchema,
    data: colorBetsPageSchema,
    message: 'Bets',
    handler: async ({ query }, ctx) => betsPageView(await userBets(ctx, { page: query.page })),
  });

  r.post('/color/bet', {
    summary: 'Bet on the open period: a colour, a number or big/small; bets close 5 s before the end',
    guard: 'user',
    idempotent: true,
    body: colorBetBodySchema,
    data: colorBetAnswerSchema,
    message: 'Bet placed.',
    handler: async ({ body }, ctx) => placedView(await placeBet(ctx, { game: await chains.game(ctx), bet: body })),
  });

  r.post('/admin/color/salt', {
    summary: 'Enter the hash of the Bitcoin block the waiting chain committed to; its periods start one period later (page games)',
    guard: { admin: 'games' },
    body: enterSaltBodySchema,
    data: colorCommitmentSchema,
    message: (chain) => `Salt entered: chain ${chain.id} starts at ${chain.epoch}.`,
    handler: async ({ body }, ctx) => commitmentView(await adminEnterSalt(ctx, { chains, block: body.block, hash: body.hash }), ctx.now),
  });

  r.post('/admin/color/next-chain', {
    summary: 'Make and publish the next chain now, committed to a Bitcoin block not yet mined (page games)',
    guard: { admin: 'games' },
    body: nextChainBodySchema,
    data: colorCommitmentSchema,
    message: (chain) => `Chain ${chain.id} published, committed to block ${chain.saltBlock}.`,
    handler: async ({ body }, ctx) => commitmentView(await adminCommitNextChain(ctx, { chains, block: body.block }), ctx.now),
  });
}
