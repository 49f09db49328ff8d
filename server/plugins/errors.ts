import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, pgError, PG } from '../lib/errors.js';
import type { App } from '../types.js';

/** The answer to a call that could not be served now but may be retried shortly (with Retry-After). */
export const UNAVAILABLE = { success: false, code: 'UNAVAILABLE', message: 'The service is briefly unavailable. Please try again in a few seconds.' } as const;

/** One envelope for every error: `{ success: false, message, code }`, plus `errors[]` for validation. */
export function registerErrorHandler(app: App): void {
  app.setErrorHandler((err: FastifyError | AppError | Error, request, reply) => {
    if (err instanceof AppError) {
      const retryAfter = (err.extra.data as { retryAfter?: unknown } | undefined)?.retryAfter;
      if (err.status === 429 && typeof retryAfter === 'number' && retryAfter > 0) reply.header('Retry-After', String(retryAfter));
      return reply.status(err.status).send({ success: false, code: err.code, message: err.message, ...err.extra });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors = err.validation.map((v) => {
        const path = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
        return {
          field: path || (v.params as { issue?: { path?: PropertyKey[] } } | undefined)?.issue?.path?.join('.') || null,
          message: v.message ?? 'is invalid',
        };
      });
      const first = errors[0];
      if (err.validationContext === 'body' && (request.body === undefined || request.body === null)) {
        return reply.status(400).send({ success: false, code: 'VALIDATION_ERROR', message: 'This request needs a JSON body with its fields.', errors });
      }
      const where = err.validationContext === 'body' ? '' : `${err.validationContext} `;
      const message = first?.field ? `${first.field}: ${first.message}` : `Invalid ${where}request: ${first?.message ?? 'check the fields'}`;
      return reply.status(400).send({ success: false, code: 'VALIDATION_ERROR', message, errors });
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err }, 'response did not match its schema');
      return reply.status(500).send({ success: false, code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' });
    }
    if (app.outages.database.noticed(err)) {
      // PostgreSQL is restarting, failing over or cannot be reached (logged once per outage): a
      // retry repeats nothing (an idempotent call's effect carries its key, decision 29), so the
      // caller is asked to try again shortly.
      return reply.status(503).header('Retry-After', '5').send(UNAVAILABLE);
    }
    const pg = pgError(err);
    if (pg.code === PG.uniqueViolation) {
      return reply.status(409).send({ success: false, code: 'CONFLICT', message: 'That record already exists.' });
    }
    if (pg.code?.startsWith('22') || pg.code === PG.checkViolation) {
      // Data exceptions (text PostgreSQL cannot store, numbers out of range): the input was bad.
      return reply.status(400).send({ success: false, code: 'INVALID_INPUT', message: 'Some of the input cannot be stored. Check the fields and try again.' });
    }
    if (pg.code === PG.serializationFailure || pg.code === PG.deadlockDetected) {
      return reply.status(409).send({ success: false, code: 'RETRY', message: 'The request collided with another one. Please try again.' });
    }
    const status = (err as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      const message = friendly(err as FastifyError);
      return reply.status(status).send({ success: false, code: (err as FastifyError).code ?? 'BAD_REQUEST', message });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ success: false, code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' });
  });
}

function friendly(err: FastifyError): string {
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request is too large.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Send the request as JSON.';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is empty.';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case undefined:
      return err.message?.startsWith('Unexpected') || err.message?.includes('JSON') ? 'The request body is not valid JSON.' : err.message;
    default:
      return err.message;
  }
}

/**
 * While the server closes (SIGTERM: a restart or a deploy), a call that still reaches it on a
 * kept-alive connection is not started: it gets the same "try again" answer as during an outage,
 * with Retry-After, and its connection is closed so the client's next call goes elsewhere.
 * (Fastify's own answer, a bare 503 without Retry-After, is turned off: return503OnClosing.)
 */
export function refuseWhileClosing(app: App): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (closing) return reply.status(503).header('Retry-After', '1').header('Connection', 'close').send(UNAVAILABLE);
  });
}
