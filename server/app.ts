import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Fastify, { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import { errorSchema } from '../contracts/envelope.js';
import { isSignedInScreen, screenPageFile } from '../contracts/screen-pages.js';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { DatabaseWatch, OutageCount, readinessCheck, reportOutages } from './lib/readiness.js';
import { sharedOrLocalStore } from './plugins/rate-limit-store.js';
import { systemClock, type Clock } from './lib/clock.js';
import { AppError } from './lib/errors.js';
import { proxyTrust } from './lib/proxy.js';
import { metricsPlugin } from './plugins/metrics.js';
import { realtimePlugin } from './plugins/realtime.js';
import { ACCESS_COOKIE, accessPageOf, authPlugin, REFRESH_COOKIE, REFRESH_HINT_COOKIE } from './plugins/auth.js';
import { idempotencyPlugin } from './plugins/idempotency.js';
import { lingeringClosePlugin } from './plugins/lingering-close.js';
import { refuseWhileClosing, registerErrorHandler } from './plugins/errors.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { modules } from './modules/index.js';
import { jobs, startupTasks } from './modules/jobs.js';
import { createMessenger } from './modules/messaging/index.js';
import { ColorChains } from './modules/color/index.js';
import { schedulerPlugin } from './plugins/scheduler.js';
import { assertMoneyMode } from './modules/ledger/index.js';
import type { App } from './types.js';

export interface BuildOptions {
  config: Config;
  /** An open database to use (tests share one); otherwise one is opened from the config and closed with the app. */
  database?: Database;
  logger?: FastifyServerOptions['logger'];
  /** The time rules are measured by; the system clock unless a test brings its own. */
  clock?: Clock;
}

/**
 * Two log lines per call at info cost the hot path more than much of its own work: they are at
 * debug level (LOG_LEVEL=debug shows them); a failed request is still logged at error.
 */
class QuietRequests extends LogController {
  override incomingRequest(request: FastifyRequest) {
    request.log.debug({ req: request }, 'incoming request');
  }
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error) super.requestCompleted(error, request, reply);
    else reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

export async function buildApp({ config, database, logger, clock }: BuildOptions): Promise<App> {
  const app = Fastify({
    logger: logger ?? { level: config.LOG_LEVEL },
    logController: new QuietRequests(),
    // A call arriving while the server closes gets our own answer (refuseWhileClosing).
    return503OnClosing: false,
    // A hop count or the proxies' addresses (config.ts refuses "trust any"), as one trust function:
    // Fastify itself reads a bare hop count as "trust nobody".
    trustProxy: config.TRUST_PROXY === false ? false : proxyTrust(config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    // A malformed URL (bad percent-encoding) gets the same error envelope as everything else.
    frameworkErrors: (_err, _request, reply) => {
      (reply as FastifyReply).status(400).send({ success: false, code: 'BAD_URL', message: 'The address is malformed.' });
    },
  }).withTypeProvider<ZodTypeProvider>() as unknown as App;

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  refuseWhileClosing(app);
  // Every call that declares its answer also answers errors in the one envelope (contracts/envelope.ts).
  app.decorate('accessTable', []);
  app.addHook('onRoute', (route) => {
    const page = accessPageOf(route.onRequest);
    if (page) for (const method of [route.method].flat()) if (method !== 'HEAD') app.accessTable.push({ method, url: route.url, page });
    const response = route.schema?.response as Record<string, unknown> | undefined;
    if (!response) return;
    response['4xx'] ??= errorSchema;
    response['5xx'] ??= errorSchema;
  });

  const db =
    database ?? (await openDatabase({ url: config.DATABASE_URL, dir: join(config.dataDir, 'pglite'), queryTimeoutMs: config.DATABASE_QUERY_TIMEOUT_MS }));
  // A database this app opened holds one kind of money; a server of the other kind stops here.
  // (A test harness that brings a database shared by many apps decides this itself.)
  if (!database) {
    try {
      await assertMoneyMode(db.db, config.PLAY_MONEY);
    } catch (err) {
      await db.close();
      throw err;
    }
  }
  app.decorate('config', config);
  app.decorate('database', db);
  app.decorate('db', db.db);
  app.decorate('clock', clock ?? systemClock);
  const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2, lazyConnect: false }) : null;
  const outages = { database: new DatabaseWatch(db, app.log), redis: new OutageCount() };
  app.decorate('outages', outages);
  if (redis) reportOutages(redis, app.log, 'rate limits count on this server alone', outages.redis, 'rate limits');
  app.decorate('readiness', readinessCheck(db, redis, outages.database));
  app.decorate('rateLimitFallbacks', 0);
  app.addHook('onClose', async () => {
    outages.database.close();
    redis?.disconnect();
    if (!database) await db.close();
  });

  await app.register(lingeringClosePlugin);
  await app.register(securityHeadersPlugin, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginResourcePolicy: { policy: config.CORS_ORIGINS.length ? 'cross-origin' : 'same-origin' },
  });
  await app.register(cors, { origin: config.CORS_ORIGINS.length ? config.CORS_ORIGINS : false, credentials: true });
  await app.register(cookie);
  await app.register(rateLimit, {
    global: false,
    // Shared through Redis when there is one; each server's own counts while Redis is unreachable.
    ...(redis ? { store: sharedOrLocalStore(redis, () => app.rateLimitFallbacks++, 'rl:') } : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      success: false,
      code: 'RATE_LIMITED',
      message: `Too many attempts. Please wait ${Math.max(1, Math.ceil(context.ttl / 1000))} seconds and try again.`,
    }),
  });
  await app.register(swagger, {
    openapi: { info: { title: 'Rupee Arcade API', version: '1.0.0' }, components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  app.addHook('preValidation', rejectUnstorableText);
  // An empty body sent as JSON (a client's refresh or logout with Content-Type: application/json
  // and nothing after it) is no body at all: a call that needs none goes on, one that needs one says so.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') return done(null, undefined);
    return parseJson(request, body as string, done);
  });
  await app.register(realtimePlugin);
  await app.register(metricsPlugin);
  await app.register(authPlugin);
  await app.register(idempotencyPlugin);

  // Liveness: the process answers. It asks nothing of the database, so an outage of PostgreSQL
  // does not get the servers restarted: they serve again by themselves once it is back.
  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => reply.send({ ok: true, database: db.kind }));
  // Readiness: the database (and Redis, when set) answer; a proxy or orchestrator sends no traffic while 503.
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const ready = await app.readiness();
    const redis = ready.redis === null ? 'not configured' : ready.redis ? 'up' : 'down';
    if (ready.database) return reply.send({ ok: true, database: 'up', redis });
    return reply
      .status(503)
      .header('Retry-After', '5')
      .send({ success: false, code: 'NOT_READY', message: 'The database is not answering. Please try again in a few seconds.', database: 'down', redis });
  });

  await app.register(schedulerPlugin, { jobs, tasks: startupTasks });
  app.decorate('messenger', createMessenger({ config: app.config, db: app.db, log: app.log }));
  app.decorate('colorChains', new ColorChains());
  app.addHook('onClose', async () => {
    await app.background.drain();
    app.messenger.close();
  });
  for (const mod of modules) await app.register(mod.routes, { prefix: mod.prefix ?? '/api/v1' });

  await registerWeb(app);
  return app;
}

/**
 * PostgreSQL cannot store a NUL character or half of a UTF-16 surrogate pair in text, so such
 * input is refused here, for every route, before it can reach the database.
 */
async function rejectUnstorableText(request: FastifyRequest): Promise<void> {
  const bad = (value: unknown, depth = 0): boolean => {
    if (typeof value === 'string') return value.includes('\u0000') || !value.isWellFormed();
    if (depth > 20 || value === null || typeof value !== 'object') return false;
    for (const [k, v] of Object.entries(value)) if (bad(k) || bad(v, depth + 1)) return true;
    return false;
  };
  if (bad(request.body) || bad(request.query) || bad(request.params)) {
    throw new AppError('INVALID_TEXT', 400, 'Text may not contain control characters or broken Unicode.');
  }
}

/** Paths that belong to the server, never to the web app: an unknown one is a JSON 404, not the page. */
const SERVER_PATHS = ['/api', '/uploads', '/socket.io', '/my-channels', '/healthz', '/metrics'];

/** A path the web app's router may answer: not the server's, and not a file name. */
export function isPagePath(path: string): boolean {
  if (SERVER_PATHS.some((p) => path === p || path.startsWith(`${p}/`))) return false;
  return !/\.[a-z0-9]+$/i.test(path);
}

/** Serves the built single-page app; a GET for any page path answers its index.html. */
async function registerWeb(app: App): Promise<void> {
  const root = resolve(app.config.WEB_DIR);
  const hasWeb = existsSync(join(root, 'index.html'));
  if (hasWeb) {
    // Looked up per request, so a rebuilt web app is served without a restart. Built assets
    // carry a content hash in their names and never change; everything else is revalidated.
    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      index: ['index.html'],
      // The build writes .br and .gz copies of every script, style and page (vite.config.ts).
      preCompressed: true,
      // Source maps stay on the machine in production: they would hand out our unminified code.
      allowedPath: (path) => !(app.config.isProduction && path.endsWith('.map')),
      cacheControl: false,
      setHeaders: (reply, path) => {
        reply.header('Cache-Control', /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    if (hasWeb && (request.method === 'GET' || request.method === 'HEAD') && isPagePath(path)) {
      // A screen loaded on demand has its own copy of index.html that fetches its code at once;
      // a signed-in screen's only for a browser that holds a session (the page varies by cookie).
      const signedOut = !request.cookies?.[ACCESS_COOKIE] && !request.cookies?.[REFRESH_COOKIE] && !request.cookies?.[REFRESH_HINT_COOKIE];
      const screenPage = signedOut && isSignedInScreen(path) ? null : screenPageFile(path);
      const page = screenPage && existsSync(join(root, screenPage)) ? screenPage : 'index.html';
      return reply.type('text/html').header('Cache-Control', 'no-cache').header('Vary', 'Cookie').sendFile(page);
    }
    return reply.status(404).send({ success: false, code: 'NOT_FOUND', message: `No such call: ${request.method} ${path}` });
  });
}
