import { z } from 'zod';
import { ok } from '../../../contracts/envelope.js';
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
import { requireUser } from '../../plugins/auth.js';
import { requestKey } from '../../plugins/idempotency.js';
import type { App } from '../../types.js';
import { exclude, limitsOf, sessionSummary, setLimits, setRealityCheck, stateOf } from './responsible.service.js';
import { limitsView, sessionSummaryView, stateView } from './responsible.view.js';

const tags = ['responsible play'];
const security = [{ bearer: [] }];

/** The player's own controls: limits, a time-out or self-exclusion, the reality check. */
export async function responsibleRoutes(app: App): Promise<void> {
  app.get(
    '/responsible',
    {
      onRequest: requireUser,
      schema: { tags, security, summary: 'Limits, any time-out or self-exclusion, and the reality check', response: { 200: ok(responsibleStateSchema) } },
    },
    async (request) => ({
      success: true as const,
      message: 'Responsible play',
      data: stateView(await stateOf(app.db, request.user!.id, app.clock.now()), app.clock.now()),
    }),
  );

  app.get(
    '/responsible/limits',
    { onRequest: requireUser, schema: { tags, security, summary: 'Every limit with what is used of it now', response: { 200: ok(z.array(limitViewSchema)) } } },
    async (request) => ({
      success: true as const,
      message: 'Limits',
      data: limitsView(await limitsOf(app.db, request.user!.id, app.clock.now()), app.clock.now()),
    }),
  );

  app.put(
    '/responsible/limits',
    {
      onRequest: requireUser,
      config: { idempotent: true },
      schema: {
        tags,
        security,
        summary: 'Set limits: lower ones apply at once, higher ones and removals after 24 hours',
        body: putLimitsBodySchema,
        response: { 200: ok(z.array(limitViewSchema)) },
      },
    },
    async (request) => {
      const userId = request.user!.id;
      const now = app.clock.now();
      await setLimits(app.db, userId, now, request.body.limits);
      return { success: true as const, message: 'Limits saved.', data: limitsView(await limitsOf(app.db, userId, now), now) };
    },
  );

  app.post(
    '/responsible/exclusion',
    {
      onRequest: requireUser,
      config: { idempotent: true },
      schema: {
        tags,
        security,
        summary: 'Take a time-out (1–42 days) or exclude yourself (182–1826 days): at once, and not undone before the end',
        body: exclusionBodySchema,
        response: { 200: ok(exclusionViewSchema) },
      },
    },
    async (request) => {
      const data = await exclude(app.db, request.user!.id, app.clock.now(), request.body.kind, request.body.days, requestKey(request));
      return { success: true as const, message: data.kind === 'timeout' ? 'Your time-out has started.' : 'Your self-exclusion has started.', data };
    },
  );

  app.put(
    '/responsible/reality-check',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: 'Minutes between reality-check reminders (0: off)',
        body: realityCheckBodySchema,
        response: { 200: ok(realityCheckSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Reality check saved.',
      data: { realityCheckMinutes: await setRealityCheck(app.db, request.user!.id, request.body.minutes) },
    }),
  );

  app.get(
    '/responsible/session',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: 'Staked, won back and net since a moment (at most a day back)',
        querystring: sessionQuerySchema,
        response: { 200: ok(sessionSummarySchema) },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Session',
      data: sessionSummaryView(await sessionSummary(app.db, request.user!.id, app.clock.now(), new Date(request.query.since))),
    }),
  );
}
