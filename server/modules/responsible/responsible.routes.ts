import { z } from 'zod';
import {
  exclusionBodySchema,
  exclusionViewSchema,
  limitViewSchema,
  putLimitsBodySchema,
  realityCheckBodySchema,
  realityCheckSchema,
  responsibleStateSchema,
  sessionQuerySchema,
  sessionSummarySchema,
} from '../../../contracts/responsible.js';
import { routes } from '../../http/route.js';
import type { App } from '../../types.js';
import { exclude, limitsOf, sessionSummary, setLimits, setRealityCheck, stateOf } from './responsible.service.js';
import { limitsView, sessionSummaryView, stateView } from './responsible.view.js';

/** The player's own controls: limits, a time-out or self-exclusion, the reality check. */
export async function responsibleRoutes(app: App): Promise<void> {
  const r = routes(app, { tags: ['responsible play'], guard: 'user' });

  r.get('/responsible', {
    summary: 'Limits, any time-out or self-exclusion, and the reality check',
    data: responsibleStateSchema,
    message: 'Responsible play',
    handler: async (_input, ctx) => stateView(await stateOf(ctx), ctx.now),
  });

  r.get('/responsible/limits', {
    summary: 'Every limit with what is used of it now',
    data: z.array(limitViewSchema),
    message: 'Limits',
    handler: async (_input, ctx) => limitsView(await limitsOf(ctx), ctx.now),
  });

  r.put('/responsible/limits', {
    summary: 'Set limits: lower ones apply at once, higher ones and removals after 24 hours',
    idempotent: true,
    body: putLimitsBodySchema,
    data: z.array(limitViewSchema),
    message: 'Limits saved.',
    handler: async ({ body }, ctx) => {
      await setLimits(ctx, { limits: body.limits });
      return limitsView(await limitsOf(ctx), ctx.now);
    },
  });

  r.post('/responsible/exclusion', {
    summary: 'Take a time-out (1–42 days) or exclude yourself (182–1826 days): at once, and not undone before the end',
    idempotent: true,
    body: exclusionBodySchema,
    data: exclusionViewSchema,
    message: (data) => (data.kind === 'timeout' ? 'Your time-out has started.' : 'Your self-exclusion has started.'),
    handler: async ({ body }, ctx) => exclude(ctx, { kind: body.kind, days: body.days }),
  });

  r.put('/responsible/reality-check', {
    summary: 'Minutes between reality-check reminders (0: off)',
    body: realityCheckBodySchema,
    data: realityCheckSchema,
    message: 'Reality check saved.',
    handler: async ({ body }, ctx) => ({ realityCheckMinutes: await setRealityCheck(ctx, { minutes: body.minutes }) }),
  });

  r.get('/responsible/session', {
    summary: 'Staked, won back and net since a moment (at most a day back)',
    query: sessionQuerySchema,
    data: sessionSummarySchema,
    message: 'Session',
    handler: async ({ query }, ctx) => sessionSummaryView(await sessionSummary(ctx, { since: new Date(query.since) })),
  });
}
