import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { openDatabase, type Database } from '../../server/db/client.js';
import { isConnectionSpoilt, isDatabaseUnreachable } from '../../server/lib/errors.js';
import type { App } from '../../server/types.js';
import { createTestApp } from '../helpers/app.js';
import { testDatabase, testDatabaseUrl } from '../helpers/db.js';

// What a failover of the PostgreSQL behind DATABASE_URL looks like to a call, and that each is a
// 503 to retry, not a 500 or a hang (docs/decisions/0029-unknown-commits.md).

const pgError = (code: string, message: string) => Object.assign(new Error(message), { code, severity: 'ERROR' });
/** As Drizzle hands a driver's error on: wrapped, the driver's error its cause. */
const wrapped = (err: Error) => new DrizzleQueryError('insert into "color_bets" … returning …', [], err);

describe('the errors a failover produces', () => {
  it('counts a write refused by a demoted primary, the shutdown and start-up codes, too many connections and the client’s query timeout as unreachable', () => {
    const unreachable = [
      pgError('25006', 'cannot execute INSERT in a read-only transaction'),
      pgError('57P01', 'terminating connection due to administrator command'),
      pgError('57P02', 'terminating connection because of crash of another server process'),
      pgError('57P03', 'the database system is in recovery mode'),
      pgError('53300', 'sorry, too many clients already'),
      new Error('Query read timeout'),
    ];
    for (const err of unreachable) {
      expect(isDatabaseUnreachable(err), err.message).toBe(true);
      expect(isDatabaseUnreachable(wrapped(err)), err.message).toBe(true);
    }
    // A collision or a constraint is the caller's to hear (409, 400), not an outage.
    for (const err of [
      pgError('40001', 'could not serialize access due to concurrent update'),
      pgError('23505', 'duplicate key value violates unique constraint'),
    ]) {
      expect(isDatabaseUnreachable(wrapped(err)), err.message).toBe(false);
    }
  });

  it('closes the connection after a query timeout or a read-only refusal, and only then', () => {
    expect(isConnectionSpoilt(wrapped(new Error('Query read timeout')))).toBe(true);
    expect(isConnectionSpoilt(wrapped(pgError('25006', 'cannot execute UPDATE in a read-only transaction')))).toBe(true);
    expect(isConnectionSpoilt(wrapped(pgError('23505', 'duplicate key value violates unique constraint')))).toBe(false);
    expect(isConnectionSpoilt(wrapped(pgError('40001', 'could not serialize access due to concurrent update')))).toBe(false);
  });

  it('answers a write that reached a node no longer primary 503 with Retry-After, as any outage', async () => {
    const app = await createTestApp({}, {}, (a) => {
      a.post('/test/write-on-a-standby', async () => {
        throw wrapped(pgError('25006', 'cannot execute INSERT in a read-only transaction'));
      });
    });
    try {
      const res = await app.inject({ method: 'POST', url: '/test/write-on-a-standby' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toMatchObject({ success: false, code: 'UNAVAILABLE' });
    } finally {
      await app.close();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('a statement without an answer, on PostgreSQL', () => {
  let app: App;
  beforeAll(async () => {
    await testDatabase(); // the worker's database, made and migrated
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'rupee-test-')),
      APP_SECRET: 'test-secret-test-secret-test-secret-0123456789',
      LOG_LEVEL: 'silent',
      DATABASE_URL: testDatabaseUrl()!,
      DATABASE_QUERY_TIMEOUT_MS: '300',
    });
    app = await buildApp({ config, logger: false });
    app.get('/test/slow', async () => {
      await app.db.execute(sql`SELECT pg_sleep(3)`);
      return { ok: true };
    });
    await app.ready();
  });
  afterAll(() => app?.close());

  it('fails its call within DATABASE_QUERY_TIMEOUT_MS: 503 with Retry-After, not a hang', async () => {
    const started = Date.now();
    const res = await app.inject({ url: '/test/slow' });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toMatchObject({ code: 'UNAVAILABLE' });
  });

  it('does not hand the connection of a timed-out transaction to the next call', async () => {
    // One connection, so the next statement would get that one if the pool kept it.
    let database: Database | undefined;
    try {
      database = await openDatabase({ url: testDatabaseUrl()!, poolSize: 1, queryTimeoutMs: 300 });
      const pid = async () => ((await database!.db.execute(sql`SELECT pg_backend_pid() AS pid`)) as unknown as { rows: { pid: number }[] }).rows[0].pid;
      const first = await pid();
      const slow = database.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_sleep(3)`);
      });
      const err = await slow.then(
        () => null,
        (e: unknown) => e,
      );
      expect(isDatabaseUnreachable(err), String(err)).toBe(true);
      // Answered at once on a new connection, not after the sleep (nor timed out behind it), and
      // outside any transaction: the old one was closed with its open transaction.
      const started = Date.now();
      expect(await pid()).not.toBe(first);
      expect(Date.now() - started).toBeLessThan(250);
      const inTransaction = (await database.db.execute(sql`SELECT now() = statement_timestamp() AS fresh`)) as unknown as { rows: { fresh: boolean }[] };
      expect(inTransaction.rows[0].fresh).toBe(true);
    } finally {
      await database?.close();
    }
  });

  it('does not use a connection again once its server said it is read-only (a demoted primary)', async () => {
    let database: Database | undefined;
    try {
      database = await openDatabase({ url: testDatabaseUrl()!, poolSize: 1, queryTimeoutMs: 300 });
      const pid = async () => ((await database!.db.execute(sql`SELECT pg_backend_pid() AS pid`)) as unknown as { rows: { pid: number }[] }).rows[0].pid;
      const first = await pid();
      const write = database.db.transaction(async (tx) => {
        await tx.execute(sql`SET TRANSACTION READ ONLY`);
        await tx.execute(sql`UPDATE ledger_accounts SET balance = balance WHERE false`);
      });
      const err = await write.then(
        () => null,
        (e: unknown) => e,
      );
      expect(isDatabaseUnreachable(err), String(err)).toBe(true);
      expect(await pid()).not.toBe(first);
    } finally {
      await database?.close();
    }
  });
});
