import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findNginx, startNginx, type RunningNginx } from '../../scripts/lib/nginx.mjs';
import type { App } from '../../server/types.js';
import { createTestApp } from '../helpers/app.js';
import { requiredOnCi } from '../helpers/ci.js';
import { createPlayer } from '../helpers/factories.js';
import { freePort } from '../helpers/server-process.js';

// Client addresses through a real nginx (Debian's, as a deployment runs it): each player keeps
// their own rate-limit bucket and socket allowance, whatever they write in X-Forwarded-For.
// Every client here connects from its own loopback address (127.0.0.x), as different machines would.
const nginx = findNginx();
if (!nginx) console.warn('proxy tests skipped: nginx is not installed (./run test installs Debian’s nginx-light)');
requiredOnCi(Boolean(nginx), 'nginx (./run test installs Debian’s nginx-light; NGINX_PATH names another)');

/** One HTTP request through nginx from the local address `from`. */
function request(url: string, from: string, o: { method?: string; body?: object; headers?: Record<string, string> } = {}) {
  return new Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    const payload = o.body ? JSON.stringify(o.body) : undefined;
    const req = http.request(
      url,
      {
        method: o.method ?? 'GET',
        localAddress: from,
        headers: { ...(payload ? { 'content-type': 'application/json' } : {}), ...o.headers },
      },
      (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString('utf8')));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

describe.skipIf(!nginx)('behind a real nginx (TRUST_PROXY=1)', () => {
  let app: App;
  let proxy: RunningNginx;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    app = await createTestApp({}, { TRUST_PROXY: '1', RATE_LIMIT_MAX: '10', SOCKET_MAX_PER_ADDRESS: '2', PUBLIC_URL: 'https://play.example.com' });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    proxy = await startNginx({ port: await freePort(), backends: [`127.0.0.1:${port}`] });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await proxy?.stop();
    await app?.close();
  });

  const signIn = (from: string, body: object, headers: Record<string, string> = {}) =>
    request(`${proxy.url}/api/v1/users/login`, from, { method: 'POST', body, headers });

  it('2. ten players behind nginx each mistype once; an honest sign-in from another still succeeds (200)', async () => {
    for (let i = 0; i < 10; i++) {
      const typo = await signIn(`127.0.0.${20 + i}`, { email: `typo${i}@example.com`, password: 'Wrong#pass1' });
      expect(typo.status).toBe(401);
    }
    const honest = await createPlayer(app, { password: 'Honest#Pass123' });
    const ok = await signIn('127.0.0.40', { email: honest.email, password: 'Honest#Pass123' });
    expect(ok.status, ok.body).toBe(200);
  });

  it('2. one address is still limited, and writing other addresses in X-Forwarded-For does not reset it', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await signIn('127.0.0.50', { email: `guess${i}@example.com`, password: 'Wrong#pass1' }, { 'x-forwarded-for': `203.0.113.${i}` });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
    expect((await signIn('127.0.0.51', { email: 'other@example.com', password: 'Wrong#pass1' })).status).toBe(401);
  });

  const open = (from: string, origin?: string) =>
    new Promise<Socket | string>((resolve) => {
      const socket = connect(proxy.url, {
        transports: ['websocket'],
        reconnection: false,
        localAddress: from,
        extraHeaders: origin ? { origin } : {},
      } as Parameters<typeof connect>[1]);
      sockets.push(socket);
      socket.on('connect', () => resolve(socket));
      socket.on('connect_error', (err) => resolve(err.message));
    });

  it('a Host the client writes in X-Forwarded-Host is not believed: a cookie-signed change from another site is refused', async () => {
    const p = await createPlayer(app);
    const change = (headers: Record<string, string>) =>
      request(`${proxy.url}/api/v1/users/language`, '127.0.0.70', {
        method: 'PUT',
        body: { language: 'en' },
        headers: { cookie: `accessToken=${p.token}`, ...headers },
      });
    expect((await change({ origin: proxy.url })).status).toBe(200);
    expect((await change({ origin: 'https://evil.example.net', 'x-forwarded-host': 'evil.example.net' })).status).toBe(401);
  });

  it('11. the socket goes through nginx, refuses a foreign page, and caps connections per client address', async () => {
    expect(typeof (await open('127.0.0.60'))).toBe('object');
    expect(typeof (await open('127.0.0.60', 'https://play.example.com'))).toBe('object');
    expect(await open('127.0.0.61', 'https://evil.example.net')).toEqual(expect.any(String));
    // The address already holds two (SOCKET_MAX_PER_ADDRESS=2); another address does not.
    expect(await open('127.0.0.60')).toEqual(expect.any(String));
    expect(typeof (await open('127.0.0.62'))).toBe('object');
  });
});

describe.skipIf(!nginx)("nginx's own headers, and the srv cookie that keeps a browser on one server", () => {
  const apps: App[] = [];
  let proxy: RunningNginx;
  const web = mkdtempSync(join(tmpdir(), 'rupee-proxy-web-'));
  beforeAll(async () => {
    mkdirSync(join(web, 'assets'));
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>Rupee Arcade</title>');
    writeFileSync(join(web, 'assets', 'app-1a2b3c.js'), 'export {};');
    const backends: string[] = [];
    for (const name of ['s1', 's2']) {
      const app = await createTestApp({}, { TRUST_PROXY: '1', WEB_DIR: web }, (a) => a.get('/whoami', async () => ({ name })));
      await app.listen({ host: '127.0.0.1', port: 0 });
      apps.push(app);
      backends.push(`127.0.0.1:${(app.server.address() as AddressInfo).port}`);
    }
    proxy = await startNginx({ port: await freePort(), backends });
  });
  afterAll(async () => {
    await proxy?.stop();
    for (const app of apps) await app.close();
    rmSync(web, { recursive: true, force: true });
  });

  const get = (path: string, headers: Record<string, string> = {}) => request(`${proxy.url}${path}`, '127.0.0.80', { headers });
  const srvSet = (res: { headers: http.IncomingHttpHeaders }) =>
    (res.headers['set-cookie'] ?? []).map((c) => /^srv=([^;]*)/.exec(c)?.[1]).find((v) => v !== undefined);
  const servedBy = (res: { body: string }) => (JSON.parse(res.body) as { name: string }).name;

  it('does not say its version', async () => {
    const res = await get('/healthz');
    expect(res.status).toBe(200);
    expect(res.headers.server).toBe('nginx');
  });

  it('gives a new browser the name of the server that answered, and keeps it there', async () => {
    const first = await get('/whoami');
    const name = srvSet(first);
    expect(name).toBe(servedBy(first));
    for (let i = 0; i < 6; i++) {
      const next = await get('/whoami', { cookie: `srv=${name}` });
      expect(servedBy(next)).toBe(name);
      expect(next.headers['set-cookie']).toBeUndefined();
    }
    // Without the cookie, requests spread over both servers.
    const spread = new Set<string>();
    for (let i = 0; i < 4; i++) spread.add(servedBy(await get('/whoami')));
    expect(spread).toEqual(new Set(['s1', 's2']));
  });

  it('never sends back a value the client made up, and sets no cookie on the immutable files', async () => {
    for (const made of ['attacker', 's3', 'S1x', 'rupee']) {
      const res = await get('/whoami', { cookie: `srv=${made}` });
      expect(res.status).toBe(200);
      expect(srvSet(res)).toBe(servedBy(res));
      expect(res.headers['set-cookie']?.join()).not.toContain(made);
    }
    const asset = await get('/assets/app-1a2b3c.js');
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect(asset.headers['set-cookie']).toBeUndefined();
    expect((await get('/assets/app-1a2b3c.js', { cookie: 'srv=attacker' })).headers['set-cookie']).toBeUndefined();
  });

  it('builds links from the Host the browser asked for, not from an X-Forwarded-Host it wrote', async () => {
    const p = await createPlayer(apps[0]);
    const res = await get(`/api/v1/users/referral-link/${p.id}`, { authorization: p.token, 'x-forwarded-host': 'evil.example.net' });
    expect(res.status, res.body).toBe(200);
    expect(JSON.parse(res.body).referralLink).toMatch(new RegExp(`^${proxy.url}/signup\\?ref=`));
  });

  it('sends a browser to the other server while its own is out, and keeps its cookie', async () => {
    await apps[1].close();
    const res = await get('/whoami', { cookie: 'srv=s2' });
    expect(res.status).toBe(200);
    expect(servedBy(res)).toBe('s1');
    expect(res.headers['set-cookie']).toBeUndefined();
    // A browser without a cookie is answered by the server that is up.
    for (let i = 0; i < 4; i++) {
      const any = await get('/whoami');
      expect(any.status).toBe(200);
      expect(servedBy(any)).toBe('s1');
    }
  });
});
