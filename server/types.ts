import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import type { Clock } from './lib/clock.js';
import type { Server as SocketServer } from 'socket.io';
import type { AccessPage } from '../contracts/roles.js';

/** The signed-in caller, loaded fresh from the database on every request. */
export interface AuthUser {
  id: string;
  role: 'user' | 'admin';
  accessPages: AccessPage[];
  tokenVersion: number;
  /** The session (refresh-token family) the access token belongs to. */
  sessionId: string;
  /**
   * Set when the session was not read on the way in (a route with config.sessionInStatement):
   * the token is genuine, but whether its session is still open, and the player still verified
   * and not blocked, is checked by the route's own statement before anything moves.
   */
  sessionUnchecked?: true;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    clock: Clock;
    /** The realtime socket (socket.io) on the API host; it listens once the server does. */
    io: SocketServer;
    /** Times the rate limits fell back to this server's own counts because Redis was unreachable. */
    rateLimitFallbacks: number;
    /** The database's and Redis's outages as this server saw them (server/lib/readiness.ts). */
    outages: { database: import('./lib/readiness.js').DatabaseWatch; redis: import('./lib/readiness.js').OutageCount };
    /** Whether the database and Redis answer now (server/lib/readiness.ts). */
    readiness: () => Promise<import('./lib/readiness.js').Readiness>;
    /** Every back-office route and the access page it needs, as registered (requireAdmin). */
    accessTable: { method: string; url: string; page: AccessPage }[];
    /** E-mail and SMS through the outbox (modules/messaging), one per app, closed with it. */
    messenger: import('./modules/messaging/index.js').Messenger;
    /** The colour game's committed chains, read once and shared by its routes and its period engine. */
    colorChains: import('./modules/color/index.js').ColorChains;
  }
  interface FastifyRequest {
    user: AuthUser | null;
    /** How the caller authenticated: a cookie-only request is checked for its origin. */
    authVia: 'header' | 'cookie' | null;
  }
}

export type App = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;
