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
 * second whether it is back, and its return is logged once with how long it was away.
 */
export class DatabaseWatch {
  readonly count = new OutageCount();
  private probing: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Whether `err` says the database cannot be reached (then counted, logged once, and watched). */
  noticed(err: unknown): boolean {
    if (!isDatabaseUnreachable(err)) return false;
    if (this.count.lose('database')) {
      this.log.warn({ err: (err as Error).message }, 'PostgreSQL is unreachable: calls that need it answer 503 until it is back');
      this.probe();
    }
    return true;
  }

  /** A check that found the database answering (readiness) ends an outage at once. */
  answered(): void {
    const since = this.count.since;
    if (this.count.regain('database')) this.log.info({ awaySeconds: Math.round((Date.now() - since) / 100) / 10 }, 'PostgreSQL is back');
  }

  private probe(): void {
    if (this.probing || this.closed) return;
    this.probing = setTimeout(() => {
      this.probing = null;
      if (this.count.up || this.closed) return;
      within(this.database.exec('SELECT 1'), ANSWER_WITHIN_MS).then(
        () => this.answered(),
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
          watch?.answered();
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
