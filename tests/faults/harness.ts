/*
 * What the fault and failover suites share: the run's servers, sockets and load, each outage (or
 * calm) as it happened with what its calls got, and the report per kind of outage with the rules
 * every outage must keep.
 */
import { io, type Socket } from 'socket.io-client';
import type { RunningNginx } from '../../scripts/lib/nginx.mjs';
import { startServer, type ServerProcess } from '../helpers/server-process.js';
import { Load, OUTCOMES, rand, sleep, Span, type Outcome } from './load.js';

export const SOCKETS = 6;

/**
 * The settings of the servers a run starts: the run's own database, Redis and data folder, behind
 * its nginx, with logs quiet and rate limits out of the way. One admin decides everything here:
 * what the fault and failover suites prove is that answered calls survive outages, so the two-admin
 * rules of deposits and of withdrawals funded by the same admin (tested in
 * tests/server/makers-and-checkers.test.ts) are set out of the way.
 */
export const serverEnv = (o: {
  databaseUrl: string;
  redisUrl: string;
  dataDir: string;
  appSecret: string;
  admin: { email: string; password: string };
  roundSeconds: number;
}): Record<string, string> => ({
  NODE_ENV: 'development',
  DATABASE_URL: o.databaseUrl,
  REDIS_URL: o.redisUrl,
  TRUST_PROXY: '1',
  DATA_DIR: o.dataDir,
  APP_SECRET: o.appSecret,
  DEV_OUTBOX: '1',
  LOG_LEVEL: 'error',
  RATE_LIMIT_MAX: '1000000',
  ADMIN_EMAIL: o.admin.email,
  ADMIN_PASSWORD: o.admin.password,
  ADMIN_2FA: '0',
  DEPOSIT_SECOND_APPROVAL_ABOVE: '10000000',
  FUNDING_APPROVER_DAYS: '0',
  ROUND_SECONDS: String(o.roundSeconds),
  COLOR_CHAIN_LENGTH: '20000',
});
/** The longest a server may take to serve again once the part it needs is back. */
export const SERVE_AGAIN_WITHIN_MS = 15_000;

let tag = 'faults';
/** The suite's name before each line it prints. */
export const setLogTag = (name: string) => {
  tag = name;
};
export const log = (line: string) => console.log(`[${tag}] ${line}`);

/** An outage (or the calm between outages) as it happened: its calls, sockets and recovery. */
export interface Occurrence {
  span: Span;
  /** Outcomes its calls may have besides ok, refused and 503: a server dying under them cuts them off. */
  mayCutOff: boolean;
  /** Whether the sockets must all stay connected throughout. */
  keepsSockets: boolean;
  /** Milliseconds from the part being back to every server serving again. */
  serveAgainMs?: number;
  /** The figure is a killed server's restart (its start-up), not a recovery. */
  restarted?: boolean;
  /** Sockets dropped, and which sockets ticked (a countdown) during it. */
  drops: number;
  ticked: Set<number>;
  startedAt: number;
  endedAt?: number;
}

export class Run {
  servers: (ServerProcess | null)[] = [];
  readonly occurrences: Occurrence[] = [];
  current!: Occurrence;
  readonly sockets: Socket[] = [];
  readonly load: Load;

  constructor(
    readonly env: Record<string, string>,
    readonly ports: number[],
    readonly proxy: RunningNginx,
  ) {
    this.load = new Load(
      () => proxy.url,
      () => {
        const up = this.serverUrls();
        return up.length ? up[rand(up.length)] : `http://127.0.0.1:${ports[0]}`;
      },
    );
    this.begin('calm', { mayCutOff: false, keepsSockets: true });
  }

  /** From now on, calls and socket events count against a new occurrence of `kind`. */
  begin(kind: string, rules: { mayCutOff: boolean; keepsSockets: boolean }): Occurrence {
    if (this.current) this.current.endedAt = Date.now();
    const span = new Span(kind);
    this.current = { span, ...rules, drops: 0, ticked: new Set(), startedAt: Date.now() };
    this.occurrences.push(this.current);
    this.load.span = span;
    return this.current;
  }

  calm() {
    this.begin('calm', { mayCutOff: false, keepsSockets: true });
  }

  async start(i: number) {
    const server = await startServer(this.env, this.ports[i]);
    this.servers[i] = server;
    // A server that ends on its own (not killed or stopped by the run) is a failure: say why.
    server.child.once('exit', (code, signal) => {
      if (this.servers[i] !== server) return;
      this.servers[i] = null;
      this.current.span.wrong.push(`server ${i + 1} exited by itself (${signal ?? code}): ${server.logs().slice(-3000)}`);
      log(`server ${i + 1} exited by itself (${signal ?? code})`);
    });
  }

  serverUrls(): string[] {
    return this.servers.filter((s): s is ServerProcess => s !== null).map((s) => s.url);
  }

  connectSockets() {
    for (let i = 0; i < SOCKETS; i++) {
      const socket = io(this.proxy.url, { transports: ['websocket'], reconnectionDelay: 200, reconnectionDelayMax: 1000 });
      socket.on('disconnect', () => this.current.drops++);
      socket.on('countdown', () => this.current.ticked.add(i));
      this.sockets.push(socket);
    }
  }

  /** Waits until every server's /readyz answers 200 (and, with `redisToo`, reports Redis up on every connection); the time it took. */
  async serveAgain(since: number, redisToo = false): Promise<number> {
    const waits = this.serverUrls().map(async (url) => {
      for (;;) {
        const ready = await get(`${url}/readyz`);
        if (ready.status === 200 && (!redisToo || (await redisBack(url)))) return Date.now() - since;
        if (Date.now() - since > SERVE_AGAIN_WITHIN_MS * 2) return Date.now() - since;
        await sleep(50);
      }
    });
    return Math.max(...(await Promise.all(waits)));
  }

  /** While PostgreSQL is down: each server alive (/healthz 200) and not ready (/readyz 503 with Retry-After). */
  async checkDownState(occurrence: Occurrence) {
    for (const url of this.serverUrls()) {
      const [health, ready] = await Promise.all([get(`${url}/healthz`), get(`${url}/readyz`)]);
      if (health.status !== 200) occurrence.span.wrong.push(`${url}/healthz answered ${health.status} while PostgreSQL was down`);
      if (ready.status !== 503 || ready.retryAfter !== '5')
        occurrence.span.wrong.push(`${url}/readyz answered ${ready.status} (Retry-After ${ready.retryAfter}) while PostgreSQL was down`);
    }
  }
}

export async function get(url: string): Promise<{ status: number; retryAfter: string | null; body: string }> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(3000) });
    return { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.text() };
  } catch {
    return { status: 0, retryAfter: null, body: '' };
  }
}

export const series = (text: string, name: string) => Number(new RegExp(`^${name} (\\d+(?:\\.\\d+)?)$`, 'm').exec(text)?.[1] ?? NaN);

/** Every Redis connection of the server is back: as many reconnects as outages. */
async function redisBack(url: string): Promise<boolean> {
  const text = (await get(`${url}/metrics`)).body;
  return series(text, 'rupee_redis_up') === 1 && series(text, 'rupee_redis_outages_total') === series(text, 'rupee_redis_reconnects_total');
}

export async function printServerCounters(run: Run) {
  for (const [i, url] of run.serverUrls().entries()) {
    const text = (await get(`${url}/metrics`)).body;
    const c = (name: string) => series(text, name);
    log(
      `server ${i + 1} since its last start: database outages ${c('rupee_database_outages_total')}, reconnects ${c('rupee_database_reconnects_total')}, failovers ${c('rupee_database_failovers_total')}, ${c('rupee_database_unavailable_seconds_total').toFixed(1)} s without it; Redis outages ${c('rupee_redis_outages_total')}, reconnects ${c('rupee_redis_reconnects_total')}; rate-limit fallbacks ${c('rupee_rate_limit_fallbacks_total')}`,
    );
  }
}

/** Prints the figures per kind of outage and says whether every rule held. */
export function report(run: Run): boolean {
  run.current.endedAt = Date.now();
  const problems: string[] = [];
  const kinds = new Map<string, Occurrence[]>();
  for (const o of run.occurrences) kinds.set(o.span.kind, [...(kinds.get(o.span.kind) ?? []), o]);
  log('per kind: how many; calls sent during them: ok / refused (4xx) / 503 try again / cut off / timed out; longest to serve again; sockets dropped');
  for (const [kind, list] of kinds) {
    const sum = Object.fromEntries(OUTCOMES.map((k) => [k, list.reduce((n, o) => n + o.span.tally[k], 0)])) as Record<Outcome, number>;
    const longest = Math.max(...list.map((o) => o.serveAgainMs ?? 0));
    const drops = list.reduce((n, o) => n + o.drops, 0);
    const why = new Map<string, number>();
    for (const o of list) for (const [w, n] of o.span.cutOffs) why.set(w, (why.get(w) ?? 0) + n);
    log(
      `  ${kind}: ${list.length}×; ${OUTCOMES.map((k) => sum[k]).join(' / ')}; ${list.some((o) => o.serveAgainMs !== undefined) ? `${(longest / 1000).toFixed(2)} s` : '-'}; ${drops} dropped${why.size ? `; cut off by ${[...why].map(([w, n]) => `${w} ${n}`).join(', ')}` : ''}`,
    );
    for (const o of list) {
      const at = `${kind} at +${Math.round((o.startedAt - run.occurrences[0].startedAt) / 1000)} s`;
      for (const w of o.span.wrong) problems.push(`${at}: ${w}`);
      if (o.span.tally['timed out']) problems.push(`${at}: ${o.span.tally['timed out']} calls hung past their timeout`);
      if (!o.mayCutOff && o.span.tally['cut off']) problems.push(`${at}: ${o.span.tally['cut off']} calls cut off with no server dying`);
      if (kind === 'calm' && o.span.tally.unavailable) problems.push(`${at}: ${o.span.tally.unavailable} calls answered 503 with every part up`);
      if (o.keepsSockets && o.drops) problems.push(`${at}: ${o.drops} sockets dropped`);
      if (o.keepsSockets && kind !== 'calm' && o.ticked.size < SOCKETS) problems.push(`${at}: only ${o.ticked.size} of ${SOCKETS} sockets got the countdown`);
      // (A killed server's figure is its own start-up, which depends on the machine, not a recovery.)
      if (o.restarted !== true && (o.serveAgainMs ?? 0) > SERVE_AGAIN_WITHIN_MS) problems.push(`${at}: serving again took ${o.serveAgainMs} ms`);
    }
  }
  for (const p of problems) log(`PROBLEM ${p}`);
  return problems.length === 0;
}
