import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seedPaymentTargets } from '../../tests/helpers/app.js';
import { createPlayer } from '../../tests/helpers/factories.js';
import { loadConfig } from '../config.js';
import type { App } from '../types.js';

describe('input the database cannot store, malformed addresses and the web app', () => {
  let app: App;
  beforeAll(async () => {
    const web = mkdtempSync(join(tmpdir(), 'web-'));
    mkdirSync(join(web, 'assets'));
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>app</title>');
    writeFileSync(join(web, 'assets', 'app-abc123.js'), 'console.log(1)');
    mkdirSync(join(web, 'pages'));
    writeFileSync(join(web, 'pages', 'color.html'), '<!doctype html><title>colour</title>');
    writeFileSync(join(web, 'pages', 'chicken-road__demo.html'), '<!doctype html><title>demo</title>');
    app = await createTestApp({}, { WEB_DIR: web });
    await seedPaymentTargets(app);
  });
  afterAll(() => app.close());

  it.each([
    ['a NUL character', 'a\u0000b'],
    ['a lone surrogate', 'a\ud800b'],
  ])('refuses %s in a body with 400, never 500', async (_name, text) => {
    const p = await createPlayer(app, { balance: 500 });
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/wallet/deposit',
      headers: p.headers,
      payload: { userId: p.id, amount: 200, method: 'UPI', details: { payNumber: 'UTR12345678' }, remarks: text },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'INVALID_TEXT' });
  });

  it('refuses a NUL character in a query string', async () => {
    const res = await app.inject({ url: '/api/v1/dev/outbox?to=%00' });
    expect(res.statusCode).toBe(400);
  });

  it('answers a malformed address with the error envelope', async () => {
    const res = await app.inject({ url: '/api/v1/users/balance/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'BAD_URL' });
  });

  it('serves the app at /, at client routes, and hashed assets with a long cache', async () => {
    const root = await app.inject({ url: '/' });
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain('<title>app</title>');
    const route = await app.inject({ url: '/chicken-road' });
    expect(route.statusCode).toBe(200);
    expect(route.headers['cache-control']).toBe('no-cache');
    const asset = await app.inject({ url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await app.inject({ url: '/assets/missing.js' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/v1/nothing' })).json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('answers a screen with its own page where the build wrote one, and index.html elsewhere', async () => {
    const page = async (url: string, cookies?: Record<string, string>) => {
      const res = await app.inject({ url, cookies });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.vary).toMatch(/cookie/i);
      return /<title>(.*)<\/title>/.exec(res.body)?.[1];
    };
    // A signed-in screen's page only with a session cookie (either); without, the app sends the visitor to sign in.
    expect(await page('/color', { accessToken: 'a' })).toBe('colour');
    expect(await page('/color?tab=history', { refreshToken: 'r' })).toBe('colour');
    expect(await page('/color', { refreshSecret: 's' })).toBe('colour');
    expect(await page('/color')).toBe('app');
    expect(await page('/color', { demo: 'd' })).toBe('app');
    expect(await page('/chicken-road/demo')).toBe('demo');
    expect(await page('/chicken-road')).toBe('app');
    expect(await page('/color/')).toBe('app');
    expect(await page('/telegram-subscription/Colour%20Game')).toBe('app');
    expect(await page('/..%2Fpages%2Fcolor')).toBe('app');
  });

  it('answers unknown server paths with a JSON 404, never the page', async () => {
    for (const url of [
      '/api/v1/nope',
      '/api',
      '/socket.io/',
      '/socket.io/?EIO=4&transport=polling',
      '/my-channels/unknown',
      '/uploads/qr/none.png',
      '/uploads/x',
      '/healthz/deep',
    ]) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await app.inject({ method, url });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.headers['content-type'], `${method} ${url}`).toMatch(/^application\/json/);
        expect(res.json(), `${method} ${url}`).toMatchObject({ success: false, code: 'NOT_FOUND' });
      }
    }
    // Page paths that merely start like a server path still reach the web app.
    expect((await app.inject({ url: '/apis-and-more' })).statusCode).toBe(200);
  });
});

describe('configuration', () => {
  it('refuses to start in production without a way to deliver codes, naming the key', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: mkdtempSync(join(tmpdir(), 'cfg-')), APP_SECRET: 'x'.repeat(40) })).toThrow(/SMTP_URL/);
  });

  it('names every bad key', () => {
    expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'not a url', OTP_CHANNELS: 'pigeon' })).toThrow(/PORT[\s\S]*DATABASE_URL[\s\S]*OTP_CHANNELS/);
  });
});
