import { and, eq, isNull, lt } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { idempotencyKeys } from '../db/schema/index.js';
import { AppError } from '../lib/errors.js';
import { sha256 } from '../lib/tokens.js';
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
const STALE_CLAIM_MS = 60_000;

/**
 * Makes money calls safe to retry. The first request with a key claims it (a primary key on
 * caller + key, so concurrent duplicates cannot both run); its answer is stored and sent again
 * for every later request with that key. A duplicate that arrives while the first is still
 * running gets 409; the same key on a different request gets 422. Server errors release the
 * key so the call can be retried.
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
    const claimed = await app.db
      .insert(idempotencyKeys)
      .values({ userId, key, fingerprint })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length) {
      request.idempotency = { userId, key };
      return;
    }
    const [seen] = await app.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    if (!seen) throw new AppError('RETRY', 409, 'The request collided with another one. Please try again.');
    if (seen.fingerprint !== fingerprint) {
      throw new AppError('IDEMPOTENCY_KEY_REUSED', 422, 'This Idempotency-Key was already used for a different request.');
    }
    if (seen.statusCode === null) {
      // A claim left by a process that died mid-request would block the key for ever; after a
      // minute it is taken over. The money itself is safe: every transfer has its own unique key.
      const stale = await app.db
        .update(idempotencyKeys)
        .set({ createdAt: new Date() })
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key), isNull(idempotencyKeys.statusCode), lt(idempotencyKeys.createdAt, new Date(Date.now() - STALE_CLAIM_MS))))
        .returning({ key: idempotencyKeys.key });
      if (stale.length) {
        request.idempotency = { userId, key };
        return;
      }
      throw new AppError('IDEMPOTENCY_IN_PROGRESS', 409, 'The same request is still being processed. Please wait a moment.');
    }
    reply.header('idempotent-replayed', 'true');
    return reply.status(seen.statusCode).send(seen.response);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotency;
    if (!claim) return payload;
    request.idempotency = null;
    const where = and(eq(idempotencyKeys.userId, claim.userId), eq(idempotencyKeys.key, claim.key), isNull(idempotencyKeys.statusCode));
    if (reply.statusCode >= 500) {
      await app.db.delete(idempotencyKeys).where(where);
      return payload;
    }
    await app.db.update(idempotencyKeys).set({ statusCode: reply.statusCode, response: parseJson(payload) }).where(where);
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
