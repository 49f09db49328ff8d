import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.js';
import { sha256 } from '../lib/tokens.js';
import { claim, settle } from '../modules/idempotency/index.js';
import type { App } from '../types.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route replays its first answer when the same caller sends the same Idempotency-Key again. */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotency: { userId: string; key: string } | null;
  }
}

const HEADER = 'idempotency-key';

/**
 * The Idempotency-Key this call claimed (undefined without one), for the service to write on the
 * row its effect makes, in the same transaction: the call run again with the key after an unknown
 * commit (its answer lost, the key released by a 503) finds that row and answers it instead of
 * acting twice (docs/decisions/0029-unknown-commits.md). Every idempotent route hands it down.
 */
export const requestKey = (request: FastifyRequest): string | undefined => request.idempotency?.key;

/**
 * Makes money calls safe to retry: routes with `config: { idempotent: true }` claim the caller's
 * Idempotency-Key before the handler runs, and their answer is stored and replayed for every
 * later request with that key (the rules are in modules/idempotency).
 */
export const idempotencyPlugin = fp(async (app: App) => {
  app.decorateRequest('idempotency', null);

  app.addHook('preHandler', async (request, reply) => {
    if (!request.routeOptions.config?.idempotent || !request.user) return;
    const raw = request.headers[HEADER];
    if (raw === undefined) return;
    const key = Array.isArray(raw) ? raw[0] : raw;
    if (!key || key.length > 200) throw new AppError('BAD_IDEMPOTENCY_KEY', 400, 'Idempotency-Key must be 1 to 200 characters.');
    const userId = request.user.id;
    const fingerprint = sha256(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`);
    const outcome = await claim(app.db, userId, key, fingerprint, app.clock.now());
    if (outcome.kind === 'claimed') {
      request.idempotency = { userId, key };
      return;
    }
    reply.header('idempotent-replayed', 'true');
    return reply.status(outcome.statusCode).send(outcome.response);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const held = request.idempotency;
    if (!held) return payload;
    request.idempotency = null;
    try {
      await settle(app.db, held.userId, held.key, reply.statusCode, parseJson(payload));
    } catch (err) {
      // The database went away after the call was decided: the answer still goes out as it is
      // (it is the truth), and the key stays claimed until it is taken over as stale (a minute).
      // The call's effect carries the key (requestKey), so a later retry cannot act twice.
      if (!app.outages.database.noticed(err)) request.log.error({ err }, 'could not store the answer of an idempotent call');
    }
    return payload;
  });
});

function parseJson(payload: unknown): unknown {
  if (typeof payload !== 'string') return null;
  try {
    return JSON.parse(payload);
  } catch {
    return payload;
  }
}
