import { createHash, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { toRupees } from '../../contracts/money.js';
import { fromThisMachine } from '../lib/this-machine.js';
import { watchUnprovenSeeds } from '../modules/play/index.js';
import { ledgerViolationCount, operationsFigures, type OperationsFigures } from '../modules/reports/index.js';
import type { App } from '../types.js';

/** The database's figures are read at most this often, however often /metrics is scraped. */
const FIGURES_MS = 15_000;
/** The ledger check reads every transfer: at most this often. */
const LEDGER_CHECK_MS = 5 * 60_000;

/** A value recomputed when older than `ms`; callers arriving meanwhile share one computation. */
function cached<T>(ms: number, compute: () => Promise<T>): () => Promise<T> {
  let value: { at: number; result: Promise<T> } | null = null;
  return () => {
    const now = Date.now();
    if (!value || now - value.at > ms) {
      const result = compute();
      value = { at: now, result };
      result.catch(() => (value = null));
    }
    return value.result;
  };
}

const sameSecret = (a: string, b: string) => timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());

/**
 * Who may read /metrics: with METRICS_TOKEN, whoever sends it as a bearer token; without it, only
 * a direct connection from this machine (not one forwarded by a proxy), so a public address
 * never shows the figures by accident.
 */
function mayRead(app: App, request: FastifyRequest): boolean {
  const token = app.config.METRICS_TOKEN;
  if (token) {
    const sent = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    return sent !== undefined && sameSecret(sent, token);
  }
  return fromThisMachine(request);
}

/**
 * GET /metrics in Prometheus's text format: requests and their latency by route, the process
 * (memory, CPU, event loop), open sockets, the seeds refused for not matching their published
 * hash, and from the database bets, money moved, requests waiting for an admin and the ledger
 * check. Counting a request costs a label look-up and an addition, nothing on the database.
 */
export const metricsPlugin = fp(async (app: App) => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route and status code',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being sent, by method and route',
    labelNames: ['method', 'route'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    // Unmatched paths share one label, so a scan of random URLs cannot grow the series.
    const route = request.routeOptions.url ?? 'unmatched';
    requests.inc({ method: request.method, route, status: reply.statusCode });
    latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });

  new Gauge({
    name: 'rupee_sockets_connected',
    help: 'Realtime (socket.io) connections open on this server',
    registers: [registry],
    collect() {
      this.set(app.io.engine.clientsCount);
    },
  });

  // Whether the shared parts answer: 1 up, 0 down (Redis: absent when none is configured). The two
  // gauges are collected at once and share the check in flight, never an older one.
  let checking: ReturnType<App['readiness']> | null = null;
  const readiness = () => (checking ??= app.readiness().finally(() => (checking = null)));
  new Gauge({
    name: 'rupee_database_up',
    help: 'Whether the database answered SELECT 1 within 2 s (1) or not (0)',
    registers: [registry],
    async collect() {
      this.set((await readiness()).database ? 1 : 0);
    },
  });
  new Counter({
    name: 'rupee_rate_limit_fallbacks_total',
    help: 'Times the rate limits fell back to this server’s own counts because Redis was unreachable',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(app.rateLimitFallbacks);
    },
  });
  new Gauge({
    name: 'rupee_redis_up',
    help: 'Whether Redis answered PING within 2 s (1) or not (0); absent without REDIS_URL',
    registers: [registry],
    async collect() {
      const { redis } = await readiness();
      if (redis !== null) this.set(redis ? 1 : 0);
    },
  });

  // Outages as this server saw them: one starts when a call, a job or a check cannot reach the
  // part, and ends (a reconnect) when it answers again.
  const outageSeries = (part: 'database' | 'redis', what: string) => {
    const count = part === 'database' ? app.outages.database.count : app.outages.redis;
    new Counter({
      name: `rupee_${part}_outages_total`,
      help: `Outages of ${what} this server met since it started`,
      registers: [registry],
      collect() {
        this.reset();
        this.inc(count.outages);
      },
    });
    new Counter({
      name: `rupee_${part}_reconnects_total`,
      help: `Times ${what} answered this server again after an outage`,
      registers: [registry],
      collect() {
        this.reset();
        this.inc(count.reconnects);
      },
    });
    new Counter({
      name: `rupee_${part}_unavailable_seconds_total`,
      help: `Seconds this server spent without ${what}, its outages added up (the current one included while it lasts)`,
      registers: [registry],
      collect() {
        this.reset();
        this.inc(count.unavailableSeconds());
      },
    });
  };
  outageSeries('database', 'the database');
  if (app.config.REDIS_URL) outageSeries('redis', 'Redis');
  new Counter({
    name: 'rupee_database_failovers_total',
    help: 'Times the database answered this server from another server than before (address and port), after an outage or on a new connection: failovers (never on the embedded database)',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(app.outages.database.failovers);
    },
  });

  // Seeds that did not prove themselves against their published hash (play/seed-proof.ts): an alert, never a figure.
  const unproven = new Set<string>();
  const unwatch = watchUnprovenSeeds(({ subject }) => unproven.add(subject));
  app.addHook('onClose', async () => {
    unwatch();
  });
  new Gauge({
    name: 'rupee_seed_integrity_failures',
    help: 'Colour chains and seed pairs this server refused to draw from since it started, their seed not matching its published hash (0: none)',
    registers: [registry],
    collect() {
      this.set(unproven.size);
    },
  });

  // While the database does not answer, these keep their last values and /metrics still answers (rupee_database_up says why).
  const cachedFigures = cached<OperationsFigures>(FIGURES_MS, () => operationsFigures(app.db));
  let ledgerCheckedAt = 0;
  const cachedViolations = cached<number>(LEDGER_CHECK_MS, async () => {
    const count = await ledgerViolationCount(app.db);
    ledgerCheckedAt = Date.now();
    return count;
  });
  let lastFigures: OperationsFigures | undefined;
  let lastViolations: number | undefined;
  const figures = () =>
    cachedFigures().then(
      (f) => (lastFigures = f),
      () => lastFigures,
    );
  const violations = () =>
    cachedViolations().then(
      (v) => (lastViolations = v),
      () => lastViolations,
    );
  new Gauge({
    name: 'rupee_bets_placed',
    help: 'Bets placed since the start, by game (database-wide: every server reports the same)',
    labelNames: ['game'],
    registers: [registry],
    async collect() {
      const f = await figures();
      if (!f) return;
      this.set({ game: 'chicken' }, f.bets.chicken);
      this.set({ game: 'color' }, f.bets.color);
    },
  });
  new Gauge({
    name: 'rupee_money_moved_rupees',
    help: 'Rupees moved through the ledger since the start, by kind of transfer (database-wide)',
    labelNames: ['kind'],
    registers: [registry],
    async collect() {
      for (const m of (await figures())?.money ?? []) this.set({ kind: m.kind }, toRupees(m.paise));
    },
  });
  new Gauge({
    name: 'rupee_ledger_transfers',
    help: 'Ledger transfers since the start, by kind (database-wide)',
    labelNames: ['kind'],
    registers: [registry],
    async collect() {
      for (const m of (await figures())?.money ?? []) this.set({ kind: m.kind }, m.transfers);
    },
  });
  new Gauge({
    name: 'rupee_pending_requests',
    help: 'Deposits and withdrawals waiting for an admin’s decision (database-wide)',
    labelNames: ['kind'],
    registers: [registry],
    async collect() {
      const f = await figures();
      if (!f) return;
      this.set({ kind: 'deposit' }, f.pending.deposits);
      this.set({ kind: 'withdrawal' }, f.pending.withdrawals);
    },
  });
  new Gauge({
    name: 'rupee_ledger_violations',
    help: 'Ledger rules broken at the last check, run at most every five minutes (0: the books balance)',
    registers: [registry],
    async collect() {
      const v = await violations();
      if (v !== undefined) this.set(v);
    },
  });

  new Gauge({
    name: 'rupee_ledger_check_timestamp_seconds',
    help: 'When the last ledger check finished (Unix time; 0 before the first, which the first scrape starts)',
    registers: [registry],
    async collect() {
      await violations();
      this.set(Math.floor(ledgerCheckedAt / 1000));
    },
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!mayRead(app, request)) return reply.status(404).send({ success: false, code: 'NOT_FOUND', message: `No such call: GET /metrics` });
    return reply
      .type(registry.contentType)
      .header('Cache-Control', 'no-store')
      .send(await registry.metrics());
  });
});
