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
import { requireUser } from '../../plugins/auth.js';
import { requestKey } from '../../plugins/idempotency.js';
import type { App, AuthUser } from '../../types.js';
import { betsRoutes } from './bets.routes.js';
import { ok as envelope } from '../../../contracts/envelope.js';
import { activeRound, startRound, stepRound, stopRound } from './chicken.service.js';
import { playedView, roundView } from './chicken.view.js';
import { demoRoutes } from './demo.routes.js';

/**
 * Chicken Road, played step by step on the server (docs/fairness.md, docs/architecture.md): start debits the
 * bet and answers the ladder, go reveals one lane, stop pays what the server computes (the bet
 * itself when no lane was crossed, so start then stop, all the original client calls, ends a round).
 * No rate limit here: a round is a quick run of calls; every amount is the server's own.
 */
/** The session the route's statement must check, when the sign-in plugin left it (config.sessionInStatement). */
const uncheckedSession = (user: AuthUser) => (user.sessionUnchecked ? { id: user.sessionId, tokenVersion: user.tokenVersion } : undefined);

export async function chickenRoutes(app: App): Promise<void> {
  const tags = ['chicken'];

  app.post('/chicken-road/start', {
    onRequest: [requireUser],
    config: { idempotent: true, sessionInStatement: true },
    schema: {
      tags,
      summary: 'Start a round: debits the bet, answers the ladder (never the traps)',
      body: startBodySchema,
      response: { 200: envelope(startAnswerSchema) },
    },
    handler: async (request) => {
      const body = request.body;
      assertSelf(request.user, body.userId);
      const data = playedView(
        await startRound(
          app.db,
          app.config,
          request.user!.id,
          {
            bet: body.betAmount,
            difficulty: body.difficulty,
            autoCashout: body.autoCashout ?? null,
          },
          app.clock.now(),
          uncheckedSession(request.user!),
          requestKey(request),
        ),
      );
      return { success: true as const, message: 'Round started.', data };
    },
  });

  app.post('/chicken-road/go', {
    onRequest: [requireUser],
    config: { idempotent: true, sessionInStatement: true },
    schema: { tags, summary: 'Walk one lane of the open round', body: goBodySchema.nullish(), response: { 200: envelope(goAnswerSchema) } },
    handler: async (request) => {
      const played = await stepRound(app.db, request.user!.id, app.clock.now(), request.body?.roundId, uncheckedSession(request.user!), requestKey(request));
      const data = { ...playedView(played), safe: played.safe ?? false };
      const message = data.state === 'lost' ? 'Hit by a car.' : data.state === 'won' ? 'Cashed out.' : 'Safe.';
      return { success: true as const, message, data };
    },
  });

  app.post('/chicken-road/stop', {
    onRequest: [requireUser],
    config: { idempotent: true, sessionInStatement: true },
    schema: {
      tags,
      summary: 'Cash out: pays the bet times the last safe lane’s multiplier, or returns the bet before the first step (amounts sent are ignored)',
      body: stopBodySchema.nullish(),
      response: { 200: envelope(stopAnswerSchema) },
    },
    handler: async (request) => {
      assertSelf(request.user, request.body?.userId);
      const data = playedView(
        await stopRound(app.db, request.user!.id, app.clock.now(), request.body?.roundId, uncheckedSession(request.user!), requestKey(request)),
      );
      return { success: true as const, message: data.lanesCrossed === 0 ? 'Bet returned.' : 'Cashed out.', data };
    },
  });

  app.get('/chicken-road/active', {
    onRequest: [requireUser],
    schema: { tags, summary: 'The open round, or null', response: { 200: envelope(roundViewSchema.nullable()) } },
    handler: async (request) => {
      const open = await activeRound(app.db, request.user!.id);
      const data = open ? roundView(open) : null;
      return { success: true as const, message: data ? 'Round in play.' : 'No open round.', data };
    },
  });

  await betsRoutes(app);
  await demoRoutes(app);
}
