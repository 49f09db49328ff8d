import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../server/db/client.js';
import { isDatabaseUnreachable } from '../../server/lib/errors.js';
import { requiredOnCi } from '../helpers/ci.js';
import { postgresBinaries, privatePostgres, type PrivatePostgres } from '../helpers/private-postgres.js';
import { startServer, type ServerProcess } from '../helpers/server-process.js';

// PostgreSQL stopped under a running server: the server stays alive (/healthz), says it is not
// ready (/readyz 503 with Retry-After, rupee_database_up 0), and serves again by itself once the
// database is back, without a restart. On a private PostgreSQL the test may stop; on CI the binaries must be there.
const binaries = postgresBinaries() !== null;
requiredOnCi(binaries, "PostgreSQL's server binaries (pg_ctl, initdb), for a private PostgreSQL");

describe.skipIf(!binaries || Boolean(process.env.TEST_DATABASE_URL))('readiness through a PostgreSQL outage', () => {
  let pg: PrivatePostgres | undefined;
  let server: ServerProcess | undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'readiness-'));
  afterAll(async () => {
    await server?.stop();
    pg?.remove();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const status = async (path: string) =>
    fetch(`${server!.url}${path}`, { signal: AbortSignal.timeout(5000) }).then(
      async (r) => ({ code: r.status, retryAfter: r.headers.get('retry-after'), body: await r.text() }),
      () => ({ code: 0, retryAfter: null, body: '' }),
    );

  async function until(check: () => Promise<boolean>, ms: number): Promise<number> {
    const started = Date.now();
    while (Date.now() - started < ms) {
      if (await check()) return Date.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`not within ${ms} ms`);
  }

  it('answers /readyz 503 while PostgreSQL is down and 200 within 10 s after it is back, /healthz 200 throughout; colour periods that end meanwhile are settled once on its return', async () => {
    pg = await privatePostgres();
    server = await startServer({
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      DATABASE_URL: pg.url,
      LOG_LEVEL: 'silent',
      ADMIN_PASSWORD: 'Ready#Admin12345',
      ROUND_SECONDS: '10',
      COLOR_CHAIN_LENGTH: '2000',
    });
    expect((await status('/readyz')).code).toBe(200);
    const login = await fetch(`${server.url}/api/v1/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', password: 'Ready#Admin12345' }),
    });
    const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
    const me = () =>
      fetch(`${server!.url}/api/v1/users/me`, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(8000) }).then(async (r) => ({
        code: r.status,
        retryAfter: r.headers.get('retry-after'),
        body: (await r.json()) as { code?: string; message?: string },
      }));
    expect((await me()).code).toBe(200);

    const counter = async (name: string) => Number(new RegExp(`^${name} (\\d+)$`, 'm').exec((await status('/metrics')).body)?.[1]);
    expect(await counter('rupee_database_outages_total')).toBe(0);
    for (const [n, mode] of (['fast', 'immediate'] as const).entries()) {
      await pg.stop(mode);
      await until(async () => (await status('/readyz')).code === 503, 10_000);
      const down = await status('/readyz');
      expect(down.retryAfter).toBe('5');
      expect(JSON.parse(down.body)).toMatchObject({ code: 'NOT_READY', database: 'down' });
      expect((await status('/healthz')).code).toBe(200);
      expect((await status('/metrics')).body).toMatch(/^rupee_database_up 0$/m);
      expect(await counter('rupee_database_outages_total')).toBe(n + 1);
      // A call that needs the database: a clear 503 to retry, neither a 500 nor a hang.
      const refused = await me();
      expect(refused).toMatchObject({ code: 503, retryAfter: '5', body: { code: 'UNAVAILABLE' } });
      expect(refused.body.message).toBe('The service is briefly unavailable. Please try again in a few seconds.');

      await pg.start();
      const back = await until(async () => (await status('/readyz')).code === 200, 10_000);
      console.log(`PostgreSQL stopped (${mode}) and started again: /readyz 200 after ${back} ms`);
      expect((await status('/metrics')).body).toMatch(/^rupee_database_up 1$/m);
      expect(await counter('rupee_database_reconnects_total')).toBe(n + 1);
      // It serves calls that need the database again, without a restart.
      expect((await status('/api/v1/color/state')).code).toBe(200);
      expect((await me()).code).toBe(200);
    }

    // A longer outage, across colour periods: the periods that ended meanwhile get their results
    // when the database is back (drawn from the chain as always), each once, none skipped.
    await until(async () => JSON.parse((await status('/api/v1/color/history')).body).data.periods.length > 0, 40_000);
    await pg.stop('immediate');
    await new Promise((resolve) => setTimeout(resolve, 25_000));
    await pg.start();
    await until(async () => (await status('/readyz')).code === 200, 10_000);
    await new Promise((resolve) => setTimeout(resolve, 12_000));
    const history = JSON.parse((await status('/api/v1/color/history?size=500')).body).data.periods as { seq: number; endTime: string }[];
    const seqs = history.map((p) => p.seq).sort((a, b) => a - b);
    // Up to the period that ended last: the 25 s of outage are in the middle of the run.
    expect(Date.now() - Date.parse(history[0].endTime)).toBeLessThan(15_000);
    expect(seqs.length).toBeGreaterThanOrEqual(4);
    expect(new Set(seqs).size).toBe(seqs.length);
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => seqs[0] + i));
  }, 180_000);

  it('fails the next statement of a transaction whose connection PostgreSQL dropped, instead of ending the process', async () => {
    pg ??= await privatePostgres();
    const database = await openDatabase({ url: pg.url, poolSize: 2 });
    try {
      const cut = database.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT 1`);
        // Between two statements, with no query running on the connection: PostgreSQL goes away.
        await pg!.stop('immediate');
        await new Promise((resolve) => setTimeout(resolve, 300));
        await tx.execute(sql`SELECT 1`);
      });
      const err = await cut.then(
        () => null,
        (e: unknown) => e,
      );
      expect(isDatabaseUnreachable(err), String(err)).toBe(true);
      await pg!.start();
      // The pool dropped the broken connection and serves with a new one.
      await expect(database.exec('SELECT 1')).resolves.toBeUndefined();
    } finally {
      await database.close();
    }
  }, 60_000);
});
