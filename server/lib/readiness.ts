import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/**
 * Logs a Redis client's outage once, when it starts, and once when it ends, instead of an error
 * for every reconnection attempt (a client without an 'error' listener also prints each one).
 */
export function reportOutages(client: Redis, log: FastifyBaseLogger, meanwhile: string): void {
  let down = false;
  client.on('error', (err: Error) => {
    if (down) return;
    down = true;
    log.warn({ err: err.message }, `Redis is unreachable: ${meanwhile} until it is back`);
  });
  client.on('ready', () => {
    if (!down) return;
    down = false;
    log.info('Redis is back');
  });
}
import type { Database } from '../db/client.js';

/** How long a dependency may take to answer before it counts as down. */
const ANSWER_WITHIN_MS = 2000;

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

/** Whether the database and Redis answer now, each within two seconds (/readyz and /metrics). */
export function readinessCheck(database: Database, redis: Redis | null): () => Promise<Readiness> {
  return async () => {
    const [db, cache] = await Promise.all([
      within(database.exec('SELECT 1'), ANSWER_WITHIN_MS).then(
        () => true,
        () => false,
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
