import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { requiredOnCi } from '../helpers/ci.js';
import { privateRedis, redisBinary, type PrivateRedis } from '../helpers/private-redis.js';
import { startServer, type ServerProcess } from '../helpers/server-process.js';

// Redis killed under a running server, then back: HTTP keeps being served; the rate limits fall back
// to this server's own counts with a warning (a limit still holds: never "no limit", never a 500);
// /readyz and /metrics say Redis is down, then up. A Redis of the test's own, so it may kill it.
const redisServer = redisBinary();
requiredOnCi(Boolean(redisServer), 'redis-server, for a private Redis');

describe.skipIf(!redisServer || Boolean(process.env.TEST_DATABASE_URL))('a Redis outage', () => {
  let redis: PrivateRedis | undefined;
  let server: ServerProcess | undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'redis-outage-'));
  afterAll(async () => {
    await server?.stop();
    await redis?.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });

  let n = 0;
  /** A failed sign-in, each for another address (the per-account limit stays out of it); the per-address rate limit counts them all. */
  const attempt = () =>
    fetch(`${server!.url}/api/v1/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `nobody${n++}@example.com`, password: 'Wrong#Password1' }),
      signal: AbortSignal.timeout(8000),
    }).then(async (r) => ({ status: r.status, code: ((await r.json()) as { code?: string }).code }));
  const readyz = async () => (await (await fetch(`${server!.url}/readyz`)).json()) as { redis: string };
  const metrics = async () => (await fetch(`${server!.url}/metrics`)).text();

  it('keeps serving with a per-server rate limit while Redis is gone, and shares again once it is back', async () => {
    redis = await privateRedis();
    await redis.start();
    server = await startServer({
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      REDIS_URL: redis.url,
      RATE_LIMIT_MAX: '3',
      RATE_LIMIT_WINDOW_SECONDS: '60',
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: 'Redis#Admin12345',
    });
    expect((await readyz()).redis).toBe('up');
    const shared = [await attempt(), await attempt(), await attempt(), await attempt()];
    expect(shared.map((r) => r.status)).toEqual([401, 401, 401, 429]);

    await redis!.kill();
    // While it is gone: answers, never a 5xx, and this server's own limit of 3 holds.
    const during = [];
    for (let i = 0; i < 5; i++) during.push(await attempt());
    expect(during.every((r) => r.status === 401 || r.status === 429)).toBe(true);
    expect(during.filter((r) => r.status === 401).length).toBeLessThanOrEqual(3);
    expect(during.at(-1)).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    expect((await readyz()).redis).toBe('down');
    expect(await metrics()).toMatch(/^rupee_redis_up 0$/m);
    expect(await metrics()).toMatch(/^rupee_redis_outages_total 1$/m);
    expect(await metrics()).toMatch(/^rupee_rate_limit_fallbacks_total [1-9]/m);
    expect(server.logs()).toContain('Redis is unreachable: rate limits count on this server alone until it is back');

    await redis!.start();
    const started = Date.now();
    while ((await readyz()).redis !== 'up') {
      expect(Date.now() - started, 'Redis is seen again within 10 s').toBeLessThan(10_000);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(await metrics()).toMatch(/^rupee_redis_up 1$/m);
    // Every Redis connection of the server is back (each waits its own reconnection delay).
    while (!/^rupee_redis_reconnects_total 1$/m.test(await metrics())) {
      expect(Date.now() - started, 'every Redis connection is back within 10 s').toBeLessThan(10_000);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    console.log(`Redis back: every connection of the server within ${Date.now() - started} ms`);
  }, 90_000);

  it('starts and keeps serving when Redis is unreachable from the start, and uses it once it appears', async () => {
    await server?.stop();
    await redis?.kill();
    // Another port: nothing there has ever answered.
    redis = await privateRedis();
    server = await startServer({
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      REDIS_URL: redis.url,
      RATE_LIMIT_MAX: '3',
      RATE_LIMIT_WINDOW_SECONDS: '60',
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: 'Redis#Admin12345',
    });
    // Long enough for every Redis command queued at start-up to have given up (2 retries).
    await new Promise((resolve) => setTimeout(resolve, 25_000));
    expect(server.child.exitCode, server.logs()).toBeNull();
    expect((await readyz()).redis).toBe('down');
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await attempt());
    expect(answers.map((r) => r.status)).toEqual([401, 401, 401, 429, 429]);
    expect(server.logs()).not.toMatch(/Unhandled error event|MaxRetriesPerRequestError/);

    await redis.start();
    const started = Date.now();
    while ((await readyz()).redis !== 'up') {
      expect(Date.now() - started, 'Redis is seen within 10 s').toBeLessThan(10_000);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(server.child.exitCode).toBeNull();
  }, 90_000);
});
