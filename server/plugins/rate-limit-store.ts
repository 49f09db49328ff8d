import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { createRequire } from 'node:module';
import type { Redis } from 'ioredis';

type Counted = { current: number; ttl: number };
type Callback = (err: Error | null, res: Counted | null) => void;
interface Store {
  incr(key: string, cb: Callback, timeWindow: number, max: number): void;
  read?(key: string, cb: Callback, timeWindow: number, max: number): void;
  child(routeOptions: unknown): Store;
}
type StoreClass = new (...args: unknown[]) => Store;
// The plugin's own stores: CommonJS files of @fastify/rate-limit, without types of their own.
const require = createRequire(import.meta.url);
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as StoreClass;
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as StoreClass;

/**
 * Rate-limit counts shared through Redis, and this server's own counts while Redis cannot be
 * reached: a limit always holds (per server, during an outage), never "no limit", never an error
 * for the caller. Asked nothing of Redis while it is known to be down, so no call waits on it.
 */
/**
 * (The outage itself is logged once by the client's own watcher, lib/readiness.ts reportOutages;
 * `fellBack` counts each switch to this server's own counts: rupee_rate_limit_fallbacks_total.)
 */
export function sharedOrLocalStore(redis: Redis, fellBack: () => void, nameSpace: string): FastifyRateLimitStoreCtor {
  let local = false;
  const useLocal = () => {
    if (local) return;
    local = true;
    fellBack();
  };
  redis.on('ready', () => {
    local = false;
  });

  class SharedOrLocal implements Store {
    constructor(
      private readonly shared: Store,
      private readonly own: Store,
    ) {}

    private pick(method: 'incr' | 'read', key: string, cb: Callback, timeWindow: number, max: number): void {
      const own = () => (method === 'read' && this.own.read ? this.own.read(key, cb, timeWindow, max) : this.own.incr(key, cb, timeWindow, max));
      if (redis.status !== 'ready') {
        useLocal();
        return own();
      }
      const shared = method === 'read' && this.shared.read ? this.shared.read.bind(this.shared) : this.shared.incr.bind(this.shared);
      shared(
        key,
        (err, res) => {
          if (!err) return cb(null, res);
          useLocal();
          own();
        },
        timeWindow,
        max,
      );
    }

    incr(key: string, cb: Callback, timeWindow: number, max: number) {
      this.pick('incr', key, cb, timeWindow, max);
    }

    read(key: string, cb: Callback, timeWindow: number, max: number) {
      this.pick('read', key, cb, timeWindow, max);
    }

    child(routeOptions: unknown): Store {
      return new SharedOrLocal(this.shared.child(routeOptions), this.own.child(routeOptions));
    }
  }

  /** The class @fastify/rate-limit constructs with its settings (`store`). */
  const Ctor = class extends SharedOrLocal {
    constructor(params: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
      super(
        new RedisStore(params.continueExceeding, params.exponentialBackoff, redis, nameSpace),
        new LocalStore(params.continueExceeding, params.exponentialBackoff),
      );
    }
  };
  return Ctor as unknown as FastifyRateLimitStoreCtor;
}
