import { execFileSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { isConnectionSpoilt } from '../lib/errors.js';
import * as schema from './schema/index.js';
import { migrate } from './migrate.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or an open transaction: repositories accept both. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs raw SQL with several statements (migrations, test clean-up). */
  exec(sql: string): Promise<void>;
  /**
   * The server that answers: its address and port as it sees them (`10.0.0.5:5432`), which differ
   * between the nodes of a replication cluster, so a new one after an outage is a failover; null
   * on PGlite (and over a Unix socket). Read at start and at the end of an outage only.
   */
  serverAddress(): Promise<string | null>;
  /**
   * Calls `listener` with the server's address whenever the pool has opened new connections, so a
   * server that is idle during a failover still sees its pool reach the new primary. Never on PGlite.
   */
  onNewConnection(listener: (address: string) => void): void;
  /** One job that a single server at a time may run (the colour engine), elected by the database. */
  leadership(job: string): Leadership;
  close(): Promise<void>;
}

export interface Leadership {
  /** Answers whether this process holds the job now, trying to take it when it does not. */
  tryLead(): Promise<boolean>;
  release(): Promise<void>;
}

/**
 * A PostgreSQL session-level advisory lock on a connection of its own: the holder keeps the job
 * for as long as its connection lives, so a server that dies (or loses the database) frees it at
 * once for another to take.
 */
function advisoryLeadership(url: string, job: string, queryTimeoutMs: number): Leadership {
  let client: pg.Client | null = null;
  let leading = false;
  const drop = () => {
    leading = false;
    const old = client;
    client = null;
    old?.end().catch(() => undefined);
  };
  return {
    async tryLead() {
      if (leading && client) return true;
      try {
        if (!client) {
          const c = new pg.Client({ connectionString: url, ...connectionSettings(queryTimeoutMs) });
          c.on('error', drop);
          c.on('end', () => {
            if (client === c) drop();
          });
          client = c;
          await c.connect();
        }
        const res = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS ok', [job]);
        leading = res.rows[0]?.ok === true;
      } catch {
        drop();
      }
      return leading;
    },
    async release() {
      const c = client;
      client = null;
      leading = false;
      await c?.end().catch(() => undefined);
    },
  };
}

/** The embedded database has one process: it always leads. */
const soleLeadership: Leadership = { tryLead: async () => true, release: async () => undefined };

/**
 * TCP keepalive's first probe after this long idle: a connection whose peer machine vanished
 * without a word (no RST) is found dead within seconds (Node probes every second, ten times)
 * instead of when TCP gives up, minutes later.
 */
const KEEPALIVE_AFTER_MS = 5000;

/** What every long-lived connection to PostgreSQL is opened with: keepalive, and the client's query timeout (0: none). */
const connectionSettings = (queryTimeoutMs: number): pg.ClientConfig => ({
  keepAlive: true,
  keepAliveInitialDelayMillis: KEEPALIVE_AFTER_MS,
  ...(queryTimeoutMs > 0 ? { query_timeout: queryTimeoutMs } : {}),
});

/**
 * A connection that met a spoiling error (lib/errors.ts isConnectionSpoilt: no answer within the
 * query timeout, or a server that has become read-only) is closed at once. node-postgres answers a
 * timed-out query but keeps waiting for its answer on the connection, and a transaction's ROLLBACK
 * would queue behind it; Drizzle then hands the connection back to the pool without an error, so
 * the next call would get it, still inside the old transaction. Destroyed, its queued statements
 * fail at once ("Connection terminated"), and the pool drops it on release.
 */
function closeWhenSpoilt(client: pg.Client): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const close = (err: unknown) => {
    if (isConnectionSpoilt(err)) client.connection.stream.destroy();
  };
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const last = args.length - 1;
    if (typeof args[last] === 'function') {
      const callback = args[last] as (err: unknown, result: unknown) => void;
      args[last] = (err: unknown, result: unknown) => {
        if (err) close(err);
        callback(err, result);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result instanceof Promise) result.catch(close);
    return result;
  };
}

/** The address and port of the server a connection reached (null over a Unix socket). */
const SERVER_ADDRESS_SQL = `SELECT inet_server_addr()::text || ':' || inet_server_port() AS address`;

/** PostgreSQL when a URL is given; otherwise PGlite in `dir` (or in memory when dir is null). */
export async function openDatabase(opts: { url?: string; dir?: string | null; poolSize?: number; queryTimeoutMs?: number }): Promise<Database> {
  if (opts.url) {
    // Migrations need one session for the advisory lock, so they run on a client of their own.
    const client = new pg.Client({ connectionString: opts.url });
    await client.connect();
    try {
      await migrate(
        async (sql) => {
          const res = (await client.query(sql)) as unknown as pg.QueryResult | pg.QueryResult[];
          return (Array.isArray(res) ? res[res.length - 1] : res).rows;
        },
        { lock: true },
      );
    } finally {
      await client.end();
    }
    return openPostgres(opts.url, opts.poolSize, opts.queryTimeoutMs);
  }
  return openPglite(opts.dir ?? null);
}

function openPostgres(url: string, poolSize = 20, queryTimeoutMs = 0): Database {
  // A connection that cannot be made within 5 s fails the call (503) instead of holding it, and a
  // statement without an answer within the query timeout (DATABASE_QUERY_TIMEOUT_MS) fails it too.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5000, ...connectionSettings(queryTimeoutMs) });
  // Amounts are bigint paise; pg returns int8 as text by default, which we convert in repositories.
  pool.on('error', () => {
    /* idle client errors surface on the next query */
  });
  // A connection lost while checked out between two statements (PostgreSQL restarting in the middle
  // of a transaction) would otherwise throw an unhandled 'error' and end the process: its next
  // statement fails instead (503), and the pool drops it when it is released.
  const listeners: ((address: string) => void)[] = [];
  // Which server the pool reaches, asked again whenever it opens connections: one query per burst
  // of new connections (never two at once), on whichever connection is free. After a failover every
  // connection is a new one to the new primary.
  let asking = false;
  let askAgain = false;
  const askServer = () => {
    if (asking) {
      askAgain = true;
      return;
    }
    asking = true;
    pool
      .query<{ address: string | null }>(SERVER_ADDRESS_SQL)
      .then(
        (res) => {
          const address = res.rows[0]?.address;
          if (address) for (const listener of listeners) listener(address);
        },
        () => undefined,
      )
      .finally(() => {
        asking = false;
        if (askAgain) {
          askAgain = false;
          askServer();
        }
      });
  };
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
    closeWhenSpoilt(client);
    if (listeners.length) setImmediate(askServer);
  });
  return {
    db: drizzlePg(pool, { schema }) as unknown as Db,
    kind: 'postgres',
    exec: async (sql) => {
      await pool.query(sql);
    },
    serverAddress: async () => {
      const res = await pool.query<{ address: string | null }>(SERVER_ADDRESS_SQL);
      return res.rows[0]?.address ?? null;
    },
    onNewConnection: (listener) => {
      listeners.push(listener);
    },
    leadership: (job) => advisoryLeadership(url, job, queryTimeoutMs),
    close: () => pool.end(),
  };
}

/**
 * The embedded PostgreSQL's memory settings: one server process on a small machine, a few tens of
 * connections' worth of work, not a database server's defaults (128 MB of shared buffers, 64 MB
 * for maintenance). Measured in bench/RESULTS.md ("Memory").
 */
const PGLITE_SETTINGS = ['shared_buffers=16MB', 'wal_buffers=512kB', 'temp_buffers=1MB', 'maintenance_work_mem=16MB'];

/** The embedded PostgreSQL with this server's settings, in `dir` (in memory when undefined). */
export const createPglite = (dir: string | undefined) =>
  PGlite.create(dir, { startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((s) => ['-c', s])] });

/** Applies the migrations not yet applied to an embedded database (one process: no lock needed). */
export async function migratePglite(client: PGlite): Promise<void> {
  await migrate(
    async (sql) => {
      const results = await client.exec(sql);
      return (results[results.length - 1]?.rows ?? []) as Record<string, unknown>[];
    },
    { lock: false },
  );
}

/**
 * A new data folder is created and migrated by a process of its own (pglite-init.ts): the memory
 * initdb (a second WebAssembly module) and the first migrations touch in the database's
 * WebAssembly heap would otherwise stay with the server for its whole life (WebAssembly memory
 * never shrinks).
 */
function initialiseFolder(dir: string): void {
  if (existsSync(join(dir, 'PG_VERSION'))) return;
  execFileSync(process.execPath, ['--import', import.meta.resolve('tsx'), fileURLToPath(new URL('./pglite-init.ts', import.meta.url)), dir], {
    stdio: 'inherit',
  });
}

async function openPglite(dir: string | null): Promise<Database> {
  let releaseLock = () => {};
  if (dir) {
    mkdirSync(dir, { recursive: true });
    releaseLock = lockFolder(dir);
  }
  let client: PGlite;
  try {
    if (dir) initialiseFolder(dir);
    client = await createPglite(dir ?? undefined);
  } catch (err) {
    releaseLock();
    throw err;
  }
  try {
    await migratePglite(client);
  } catch (err) {
    await client.close();
    releaseLock();
    throw err;
  }
  // One session for the life of the server: plan each prepared or PL/pgSQL statement once, instead of
  // re-planning it for its values (PGlite plans slowly; the hot statements are all key look-ups).
  await client.exec('SET plan_cache_mode = force_generic_plan');
  return {
    db: drizzlePglite(client, { schema }) as unknown as Db,
    kind: 'pglite',
    exec: async (sql) => {
      await client.exec(sql);
    },
    // One embedded database, no other server to fail over to.
    serverAddress: async () => null,
    onNewConnection: () => undefined,
    leadership: () => soleLeadership,
    close: async () => {
      try {
        await client.close();
      } finally {
        releaseLock();
      }
    },
  };
}

/** Two processes on one PGlite folder corrupt it, so the folder is held by a pid lock file. */
function lockFolder(dir: string): () => void {
  const lockFile = join(dir, '..', `${dir.split(/[\\/]/).pop()}.lock`);
  if (existsSync(lockFile)) {
    const pid = Number(readFileSync(lockFile, 'utf8'));
    if (pid && pid !== process.pid && isAlive(pid)) {
      throw new Error(`The database folder ${dir} is in use by process ${pid}. Stop it first, or set DATABASE_URL.`);
    }
    unlinkSync(lockFile);
  }
  const fd = openSync(lockFile, 'wx');
  writeSync(fd, String(process.pid));
  closeSync(fd);
  return () => {
    try {
      unlinkSync(lockFile);
    } catch {
      /* already gone */
    }
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
