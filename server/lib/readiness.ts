import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Database } from '../db/client.js';
import { isDatabaseUnreachable } from './errors.js';

/** How long a dependency may take to answer before it counts as down. */
const ANSWER_WITHIN_MS = 2000;
/** While the database is away, it is asked this often whether it is back. */
const PROBE_EVERY_MS = 1000;

export interface Readiness {
  database: boolean;
  /** null: no Redis configured (one server needs none). */
  redis: boolean | null;
}

const within = <T>(work: Promise<T>, ms: number): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err instanceof Error ? err : new Error(String(err)));
      },
    );
  });

/**
 * A shared part's outages as this server sees them, for /metrics: an outage starts when the first
 * of its connections is lost and ends (a reconnect) when the last one is back.
 */
export class OutageCount {
  outages = 0;
  reconnects = 0;
  private readonly lost = new Set<string>();
  /** Since when the current outage lasts (ms since the epoch); 0 while up. */
  since = 0;
  /** Milliseconds of the outages that have ended. */
  private endedMs = 0;

  /** Seconds without the part, every outage added up, the current one (while it lasts) included. */
  unavailableSeconds(now = Date.now()): number {
    return (this.endedMs + (this.up ? 0 : Math.max(0, now - this.since))) / 1000;
  }

  get up(): boolean {
    return this.lost.size === 0;
  }
  /** Marks one connection lost; true when it was not already. */
  lose(connection: string): boolean {
    if (this.lost.has(connection)) return false;
    if (this.up) {
      this.outages++;
      this.since = Date.now();
    }
    this.lost.add(connection);
    return true;
  }
  /** Marks one connection back; true when it was lost. */
  regain(connection: string): boolean {
    if (!this.lost.delete(connection)) return false;
    if (this.up) {
      this.reconnects++;
      this.endedMs += Math.max(0, Date.now() - this.since);
      this.since = 0;
    }
    return true;
  }
}

/**
 * Logs a Redis client's outage once, when it starts, and once when it ends, instead of an error
 * for every reconnection attempt (a client without an 'error' listener also prints each one),
 * and counts it in `count` under `name`.
 */
export function reportOutages(client: Redis, log: FastifyBaseLogger, meanwhile: string, count: OutageCount, name: string): void {
  client.on('error', (err: Error) => {
    if (count.lose(name)) log.warn({ err: err.message }, `Redis is unreachable: ${meanwhile} until it is back`);
  });
  client.on('ready', () => {
    if (count.regain(name)) log.info('Redis is back');
  });
}

/**
 * The database's outages: whoever meets an error says so with `noticed(err)`. An error that says
 * the database cannot be reached starts an outage, logged once; the database is then asked every
 * second whether it is back, and its return is logged once with how long it was away. The server
 * that answers (its address and port) is read at start and at the end of each outage, never on a
 * call's way: one that answers from another address than before is a failover (a standby promoted
 * behind the same DATABASE_URL), counted and logged.
 */
export class DatabaseWatch {
  readonly count = new OutageCount();
  /** Outages after which the database answered from another server than before. */
  failovers = 0;
  /** The server that answered last: undefined until read, null when it has none (PGlite). */
  private server: string | null | undefined;
  private probing: NodeJS.Timeout | null = null;
  private closed = false;
  /** The start's read of the server, which an outage's end waits for. */
  readonly started: Promise<void>;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
  ) {
    this.started = this.readServer().then(
      (server) => {
        this.server ??= server;
      },
      () => undefined,
    );
    // Every new connection of the pool says where it landed: a server idle through a failover
    // (no call met the outage) still counts it once its pool reaches the new primary.
    database.onNewConnection((server) => this.seen(server));
  }

  /** The server now answering; a failover when another one answered before. */
  private seen(server: string | null): void {
    const before = this.server;
    this.server = server;
    if (before && server && before !== server) {
      this.failovers++;
      this.log.warn({ from: before, to: server }, 'PostgreSQL answers from another server than before: a failover');
    }
  }

  private readServer(): Promise<string | null> {
    return within(this.database.serverAddress(), ANSWER_WITHIN_MS);
  }

  /** After an outage: the server that answers now, a failover when it is not the one before. */
  private async checkServer(): Promise<void> {
    await this.started;
    let server: string | null;
    try {
      server = await this.readServer();
    } catch {
      return; // gone again: the next return reads it
    }
    this.seen(server);
  }

  /** Whether `err` says the database cannot be reached (then counted, logged once, and watched). */
  noticed(err: unknown): boolean {
    if (!isDatabaseUnreachable(err)) return false;
    if (this.count.lose('database')) {
      this.log.warn({ err: (err as Error).message }, 'PostgreSQL is unreachable: calls that need it answer 503 until it is back');
      this.probe();
    }
    return true;
  }

  /** A check that found the database answering (readiness) ends an outage at once; settled once its server was read. */
  answered(): Promise<void> {
    const since = this.count.since;
    if (!this.count.regain('database')) return Promise.resolve();
    this.log.info({ awaySeconds: Math.round((Date.now() - since) / 100) / 10 }, 'PostgreSQL is back');
    return this.checkServer();
  }

  private probe(): void {
    if (this.probing || this.closed) return;
    this.probing = setTimeout(() => {
      this.probing = null;
      if (this.count.up || this.closed) return;
      within(this.database.exec('SELECT 1'), ANSWER_WITHIN_MS).then(
        () => void this.answered(),
        () => this.probe(),
      );
    }, PROBE_EVERY_MS);
    this.probing.unref();
  }

  close(): void {
    this.closed = true;
    if (this.probing) clearTimeout(this.probing);
  }
}

/** Whether the database and Redis answer now, each within two seconds (/readyz and /metrics). */
export function readinessCheck(database: Database, redis: Redis | null, watch?: DatabaseWatch): () => Promise<Readiness> {
  return async () => {
    const [db, cache] = await Promise.all([
      within(database.exec('SELECT 1'), ANSWER_WITHIN_MS).then(
        () => {
          void watch?.answered();
          return true;
        },
        (err: unknown) => {
          watch?.noticed(err);
          return false;
        },
      ),
      redis
        ? within(redis.ping(), ANSWER_WITHIN_MS).then(
            (answer) => answer === 'PONG',
            () => false,
          )
        : Promise.resolve(null),
    ]);
    return { database: db, redis: cache };
  };
}
