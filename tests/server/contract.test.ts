import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorSchema } from '../../contracts/envelope.js';
import type { App } from '../../server/types.js';
import { createTestApp } from '../helpers/app.js';

// Every call declares its answer from contracts/ (success and errors); the server's serializer
// checks each answer against it, so an answer that drifts from its contract fails with a 500
// instead of reaching a screen.
describe('the API contract', () => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp({}, {}, (a) => {
      // A route that breaks its own contract, to show the check bites.
      a.get(
        '/api/v1/test/drifted',
        { schema: { hide: true, response: { 200: z.object({ success: z.literal(true), balance: z.number() }) } } },
        async () => ({ success: true, balance: 'lots' }) as never,
      );
    });
  });
  afterAll(() => app.close());

  it('lists every call in the OpenAPI document with its answer and its error envelope', async () => {
    const doc = (await app.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, { responses?: Record<string, unknown> }>> };
    const calls = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ call: `${method.toUpperCase()} ${path}`, responses: op.responses ?? {} })),
    );
    expect(calls.length).toBeGreaterThan(30);
    const missing = calls.filter(({ responses }) => !Object.keys(responses).some((code) => /^2\d\d$/.test(code)) || !responses['4XX']).map(({ call }) => call);
    expect(missing).toEqual([]);
  });

  it('refuses to send an answer that does not match its declared shape', async () => {
    const res = await app.inject({ url: '/api/v1/test/drifted' });
    expect(res.statusCode).toBe(500);
    expect(errorSchema.parse(res.json())).toMatchObject({ success: false, code: 'INTERNAL' });
  });

  it('answers errors in the envelope the contract declares', async () => {
    for (const [method, url, payload] of [
      ['GET', '/api/v1/users/me', undefined],
      ['POST', '/api/v1/users/login', { email: 'not-an-email' }],
      ['POST', '/api/v1/wallet/deposit', {}],
      ['GET', '/api/v1/wallet/history/deposit', undefined],
      ['DELETE', '/api/v1/qrcode/delete-qr/abc', undefined],
    ] as const) {
      const res = await app.inject({ method, url, payload });
      expect(res.statusCode, `${method} ${url}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${method} ${url}`).toBeLessThan(500);
      expect(errorSchema.safeParse(res.json()).success, `${method} ${url}: ${res.body}`).toBe(true);
    }
  });
});
