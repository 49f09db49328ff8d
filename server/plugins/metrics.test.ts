import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seedPaymentTargets } from '../../tests/helpers/app.js';
import { createPlayer } from '../../tests/helpers/factories.js';
import type { App } from '../types.js';

/** The value of one series in Prometheus's text format, or undefined when it is not there. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp();
    await seedPaymentTargets(app);
  });
  afterAll(() => app.close());

  it('shows requests by route, bets, money moved, pending requests, the ledger check and sockets', async () => {
    const before = await app.inject({ url: '/metrics' });
    expect(before.statusCode).toBe(200);
    expect(before.headers['content-type']).toMatch(/^text\/plain/);
    const betsBefore = sample(before.body, 'rupee_bets_placed{game="chicken"}') ?? 0;

    const p = await createPlayer(app, { balance: 500 });
    const start = await app.inject({ method: 'POST', url: '/api/v1/chicken-road/start', headers: p.headers, payload: { betAmount: 10, difficulty: 'Easy' } });
    expect(start.statusCode).toBe(200);
    const deposit = await app.inject({
      method: 'POST',
      url: '/api/v1/wallet/deposit',
      headers: p.headers,
      payload: { userId: p.id, amount: 200, method: 'UPI', details: { payNumber: `UTR${Date.now()}` } },
    });
    expect(deposit.statusCode).toBeLessThan(300);

    // A new app reads the database afresh (the figures are cached per server for 15 s).
    const fresh = await createTestApp();
    try {
      await fresh.inject({ method: 'POST', url: '/api/v1/chicken-road/start', headers: p.headers, payload: { betAmount: 10, difficulty: 'Easy' } });
      const text = (await fresh.inject({ url: '/metrics' })).body;
      expect(sample(text, 'http_requests_total{method="POST",route="/api/v1/chicken-road/start",status="409"}')).toBe(1);
      expect(text).toMatch(/^http_request_duration_seconds_bucket\{le="0\.005",method="POST",route="\/api\/v1\/chicken-road\/start"\} \d+$/m);
      expect(sample(text, 'rupee_bets_placed{game="chicken"}')).toBe(betsBefore + 1);
      expect(sample(text, 'rupee_money_moved_rupees{kind="bet"}')).toBeGreaterThanOrEqual(10);
      expect(sample(text, 'rupee_pending_requests{kind="deposit"}')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'rupee_ledger_violations')).toBe(0);
      expect(sample(text, 'rupee_sockets_connected')).toBe(0);
      expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    } finally {
      await fresh.close();
    }
  });

  it('shows the seconds this server was without the database, and no failover when it answers from the same server', async () => {
    const before = (await app.inject({ url: '/metrics' })).body;
    expect(before).toMatch(/^# HELP rupee_database_unavailable_seconds_total /m);
    expect(before).toMatch(/^# HELP rupee_database_failovers_total /m);
    const away = sample(before, 'rupee_database_unavailable_seconds_total')!;
    // An outage of 0.3 s as a call meets one, ended as the readiness check ends it.
    expect(app.outages.database.noticed(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await app.outages.database.answered();
    const text = (await app.inject({ url: '/metrics' })).body;
    expect(sample(text, 'rupee_database_unavailable_seconds_total')).toBeGreaterThanOrEqual(away + 0.29);
    expect(sample(text, 'rupee_database_unavailable_seconds_total')).toBeLessThan(away + 5);
    expect(sample(text, 'rupee_database_reconnects_total')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'rupee_database_failovers_total')).toBe(0);
  });

  it('groups unknown paths under one label, so a scan cannot grow the series', async () => {
    for (const path of ['/api/v1/nope-1', '/api/v1/nope-2', '/api/v1/nope-3']) await app.inject({ url: path });
    const text = (await app.inject({ url: '/metrics' })).body;
    expect(text).not.toContain('nope');
    expect(sample(text, 'http_requests_total{method="GET",route="unmatched",status="404"}')).toBeGreaterThanOrEqual(3);
  });

  it('is not shown through a proxy without the token', async () => {
    const res = await app.inject({ url: '/metrics', headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('http_requests_total');
  });

  it('with METRICS_TOKEN, answers only the bearer of that token', async () => {
    const guarded = await createTestApp({}, { METRICS_TOKEN: 'metrics-token-0123456789' });
    try {
      expect((await guarded.inject({ url: '/metrics' })).statusCode).toBe(404);
      expect((await guarded.inject({ url: '/metrics', headers: { authorization: 'Bearer wrong-token-0123456789' } })).statusCode).toBe(404);
      const ok = await guarded.inject({ url: '/metrics', headers: { authorization: 'Bearer metrics-token-0123456789', 'x-forwarded-for': '203.0.113.9' } });
      expect(ok.statusCode).toBe(200);
      expect(ok.body).toContain('rupee_ledger_violations');
    } finally {
      await guarded.close();
    }
  });
});
