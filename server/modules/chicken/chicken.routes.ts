import {
  goAnswerSchema,
  goBodySchema,
  roundViewSchema,
  startAnswerSchema,
  startBodySchema,
  stopAnswerSchema,
  stopBodySchema,
} from '../../../contracts/chicken.js';
import { assertSelf } from '../../lib/ownership.js';
import { routes } from '../../http/route.js';
import type { App, AuthUser } from '../../types.js';
import { activeRound, LastSeen, startRound, stepRound, stopRound } from './chicken.service.js';
import { playedView, roundView, showRound, stepMessage, stopMessage } from './chicken.view.js';

/**
 * Chicken Road, played step by step on the server (docs/fairness.md, docs/architecture.md): start debits the
 * bet and answers the ladder, go reveals one lane, stop pays what the server computes (the bet
 * itself when no lane was crossed, so start then stop, all the original client calls, ends a round).
 * No rate limit here: a round is a quick run of calls; every amount is the server's own. A refusal
 * that names a round (ROUND_OPEN, ROUND_ENDED) answers that round as the player may see it.
 */
/** The session the route's statement must check, when the sign-in plugin left it (config.sessionInStatement). */
const uncheckedSession = (user: AuthUser) => (user.sessionUnchecked ? { id: user.sessionId, tokenVersion: user.tokenVersion } : undefined);

export async function chickenRoutes(app: App): Promise<void> {
  const r = routes(app, { tags: ['chicken'], guard: 'user' });
  /** What this app last saw of each player's pair and open round (chicken.service.ts LastSeen). */
  const seen = new LastSeen();

  r.post('/chicken-road/start', {
    summary: 'Start a round: debits the bet, answers the ladder (never the traps)',
    idempotent: true,
    sessionInStatement: true,
    body: startBodySchema,
    data: startAnswerSchema,
    message: 'Round started.',
    handler: async ({ body }, ctx) => {
      assertSelf(ctx.user, body.userId);
      const round = { bet: body.betAmount, difficulty: body.difficulty, autoCashout: body.autoCashout ?? null };
      return playedView(await startRound(ctx, { round, session: uncheckedSession(ctx.user), seen }).catch(showRound));
    },
  });

  r.post('/chicken-road/go', {
    summary: 'Walk one lane of the open round',
    idempotent: true,
    sessionInStatement: true,
    body: goBodySchema.nullish(),
    data: goAnswerSchema,
    message: stepMessage,
    handler: async ({ body }, ctx) => {
      const played = await stepRound(ctx, { roundId: body?.roundId, session: uncheckedSession(ctx.user), seen }).catch(showRound);
      return { ...playedView(played), safe: played.safe ?? false };
    },
  });

  r.post('/chicken-road/stop', {
    summary: 'Cash out: pays the bet times the last safe lane’s multiplier, or returns the bet before the first step (amounts sent are ignored)',
    idempotent: true,
    sessionInStatement: true,
    body: stopBodySchema.nullish(),
    data: stopAnswerSchema,
    message: stopMessage,
    handler: async ({ body }, ctx) => {
      assertSelf(ctx.user, body?.userId);
      return playedView(await stopRound(ctx, { roundId: body?.roundId, session: uncheckedSession(ctx.user), seen }).catch(showRound));
    },
  });

  r.get('/chicken-road/active', {
    summary: 'The open round, or null',
    data: roundViewSchema.nullable(),
    message: (data) => (data ? 'Round in play.' : 'No open round.'),
    handler: async (_input, ctx) => {
      const open = await activeRound(ctx);
      return open ? roundView(open) : null;
    },
  });
}
