import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { App, AuthUser } from '../types.js';
import type { Messenger } from '../modules/messaging/index.js';
import type { Background } from './background.js';

/**
 * What a service needs to do its work, built once per request (server/lib/route.ts), per job run
 * and per start-up task (plugins/scheduler.ts): the database, the settings, one `now` read once
 * so that every rule of one call sees the same instant, the log, the work that goes on after the
 * answer, and the messenger.
 */
export interface Ctx {
  db: Db;
  config: Config;
  now: Date;
  log: FastifyBaseLogger;
  background: Background;
  /** E-mail and SMS, sent through the outbox. */
  messenger: Messenger;
}

/** A request's context: the caller (signed in, on a guarded route) and the call's idempotency key. */
export interface RequestCtx<U extends AuthUser | null = AuthUser | null> extends Ctx {
  user: U;
  /** The Idempotency-Key the caller sent, on a route declared idempotent. */
  key: string | undefined;
}

/** The context at the app's current time (its clock: the system's, or a test's). */
export function contextOf(app: App, log: FastifyBaseLogger = app.log): Ctx {
  return { db: app.db, config: app.config, now: app.clock.now(), log, background: app.background, messenger: app.messenger };
}
