import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/helpers/app.js';
import { testDatabase, testDatabaseUrl } from '../../../tests/helpers/db.js';
import { openDatabase, type Database } from '../../db/client.js';
import type { AppError } from '../../lib/errors.js';
import type { App } from '../../types.js';
import { login } from './accounts.test-support.js';
import { checkAttempt, FREE_ATTEMPTS } from './throttle.service.js';

// The embedded database has one connection: a sign-in that held it while hashing stalled every
// other call. (A PostgreSQL pool only runs out with more sign-ins at once than connections.)
describe.skipIf(Boolean(testDatabaseUrl()))('sign-ins and the rest of the site on the embedded database', () => {
  let app: App;
  useTestApp((a) => (app = a));

  /** How long a public read takes, in milliseconds. */
  const read = async () => {
    const started = performance.now();
    const res = await app.inject({ url: '/api/v1/site/settings' });
    expect(res.statusCode).toBe(200);
    return performance.now() - started;
  };

  const median = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)];

  it('answers public reads while forty wrong sign-ins are checked within ten times their idle time', async () => {
    await login(app, { email: `warm.${randomUUID()}@example.com`, password: 'Wrong#pass1' });
    for (let i = 0; i < 3; i++) await read();
    const idle: number[] = [];
    for (let i = 0; i < 7; i++) idle.push(await read());

    let finished = false;
    const signIns = Promise.all(
      Array.from({ length: 40 }, (_, i) => login(app, { email: `nobody.${i}.${randomUUID()}@example.com`, password: 'Wrong#pass1' })),
    ).finally(() => (finished = true));
    // Once their passwords are being hashed. A read that waited for the sign-ins (the database held
    // while each hashes) would end after them.
    await new Promise((r) => setTimeout(r, 30));
    const busy: number[] = [];
    for (let i = 0; i < 9; i++) busy.push(await read());
    const readsDuringSignIns = !finished;
    expect((await signIns).map((r) => r.statusCode)).toEqual(Array(40).fill(401));
    expect(readsDuringSignIns, 'the reads were answered while the sign-ins were still being checked').toBe(true);
    expect(median(busy), `idle ${idle.map((t) => t.toFixed(1))} ms, busy ${busy.map((t) => t.toFixed(1))} ms`).toBeLessThan(10 * median(idle));
  });
});

// Each server takes attempts on one account in turn; across servers, the database decides them
// one at a time. Two database handles on one PostgreSQL database stand for two servers.
describe.skipIf(!testDatabaseUrl())('sign-ins to one account through two servers at once', () => {
  let first: Database;
  let second: Database;
  beforeAll(async () => {
    first = await testDatabase();
    second = await openDatabase({ url: testDatabaseUrl()!, poolSize: 10 });
  });
  afterAll(() => second?.close());

  const attempt = (i: number, subject: string, right: boolean) =>
    checkAttempt((i % 2 ? first : second).db, 'login', subject, new Date(), async () => {
      await new Promise((r) => setTimeout(r, 20)); // as long as a hash, so that the attempts overlap
      return right;
    }).then(
      (ok) => (ok ? 'passed' : 'failed'),
      (err: AppError) => (err.status === 429 ? 'held back' : String(err)),
    );

  it('lets every right one pass, and no more wrong ones than the free attempts', async () => {
    const subject = randomUUID();
    const right = await Promise.all(Array.from({ length: 20 }, (_, i) => attempt(i, subject, true)));
    expect(right).toEqual(Array(20).fill('passed'));
    const wrong = await Promise.all(Array.from({ length: 12 }, (_, i) => attempt(i, subject, false)));
    expect(wrong.filter((w) => w === 'failed')).toHaveLength(FREE_ATTEMPTS.login);
    expect(wrong.filter((w) => w === 'held back')).toHaveLength(12 - FREE_ATTEMPTS.login);
  });
});
