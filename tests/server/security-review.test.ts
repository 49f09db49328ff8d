import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import {
  cookie,
  latestCodes,
  login,
  newPerson,
  refresh,
  register,
  registerVerified,
  rows,
  signIn,
} from '../../server/modules/accounts/accounts.test-support.js';
import type { App } from '../../server/types.js';
import { createTestApp, useTestApp } from '../helpers/app.js';
import { createPlayer } from '../helpers/factories.js';

// Each gap an outside review found, tried again as it was found. Every test here must fail to exploit it.
describe('security review: the gaps stay closed', () => {
  let app: App;
  useTestApp((a) => (app = a));

  it('1. a second registration of an unverified e-mail and phone cannot take the account over', async () => {
    const victim = newPerson({ fullName: 'Real Owner' });
    const first = await register(app, victim);
    expect(first.res.statusCode).toBe(201);
    const victimCodes = await latestCodes(app, victim);

    // The attacker knows the e-mail and phone and registers them again within the cooldown.
    const attack = await register(app, { ...victim, fullName: 'Mallory', password: 'Mallory#Pass1' });
    expect(attack.res.statusCode).toBe(409);
    expect(attack.body.code).toBe('PENDING_VERIFICATION');

    // The victim verifies with the code they received: the account is theirs.
    const verified = await app.inject({ method: 'POST', url: '/api/v1/otp/verify', payload: { userId: first.userId, ...victimCodes } });
    expect(verified.statusCode).toBe(200);
    expect((await login(app, { email: victim.email, password: 'Mallory#Pass1' })).statusCode).toBe(401);
    const mine = await login(app, { email: victim.email, password: victim.password });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.user.fullName).toBe('Real Owner');

    // Registering the e-mail with another phone (or the phone with another e-mail) changes nothing either.
    const other = newPerson();
    const pending = newPerson();
    const pendingId = (await register(app, pending)).userId;
    expect((await register(app, { ...other, email: pending.email })).res.statusCode).toBe(409);
    expect((await register(app, { ...other, phoneNumber: pending.phoneNumber })).res.statusCode).toBe(409);
    const [row] = await rows<{ email: string; phone_number: string; full_name: string }>(
      app,
      sql`SELECT email, phone_number, full_name FROM users WHERE id = ${pendingId}`,
    );
    expect(row).toEqual({ email: pending.email, phone_number: pending.phoneNumber, full_name: pending.fullName });
  });

  it('1. an unverified registration abandoned for a day gives way to a new one, under a new id', async () => {
    const abandoned = newPerson();
    const old = await register(app, abandoned);
    await app.db.execute(sql`UPDATE users SET created_at = now() - interval '25 hours' WHERE id = ${old.userId}`);
    const fresh = await register(app, { ...abandoned, fullName: 'New Owner' });
    expect(fresh.res.statusCode).toBe(201);
    expect(fresh.userId).not.toBe(old.userId);
    // The old id (and any code sent for it) is gone.
    const stale = await app.inject({ method: 'POST', url: '/api/v1/otp/verify', payload: { userId: old.userId, emailOTP: '123456', smsOTP: '123456' } });
    expect(stale.statusCode).toBe(400);
  });

  it('2. wrong passwords from ever-new X-Forwarded-For addresses are limited per account', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: 1 });
    try {
      const p = await createPlayer(proxied);
      const statuses: number[] = [];
      for (let i = 0; i < 25; i++) {
        const res = await proxied.inject({
          method: 'POST',
          url: '/api/v1/users/login',
          headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
          payload: { email: p.email, password: `Wrong#${i}pass` },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
      expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
      // Now even the right password waits, with a message that says how long.
      const right = await proxied.inject({ method: 'POST', url: '/api/v1/users/login', payload: { email: p.email, password: p.password } });
      expect(right.statusCode).toBe(429);
      expect(right.json()).toMatchObject({
        code: 'TOO_MANY_ATTEMPTS',
        message: expect.stringMatching(/^Too many failed sign-in attempts for this account\. Please wait \d+ seconds and try again\.$/),
      });
      expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
      // An unknown e-mail is held back the same way, so the limit does not tell which accounts exist.
      const unknown: number[] = [];
      for (let i = 0; i < 6; i++) unknown.push((await login(proxied, { email: 'nobody.here@example.com', password: 'Wrong#pass1' })).statusCode);
      expect(unknown).toEqual([401, 401, 401, 401, 401, 429]);
    } finally {
      await proxied.close();
    }
  });

  it('2. behind one proxy the per-address limit counts the address the proxy saw, not the one the client wrote', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: 1, RATE_LIMIT_MAX: 3 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await proxied.inject({
          method: 'POST',
          url: '/api/v1/users/login',
          // The client forged the first entry; our proxy appended the address it really saw.
          headers: { 'x-forwarded-for': `198.51.100.${i + 1}, 192.0.2.7` },
          payload: { email: `someone${i}@example.com`, password: 'Wrong#pass1' },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
    } finally {
      await proxied.close();
    }
    const env = { DATA_DIR: mkdtempSync(join(tmpdir(), 'cfg-')), APP_SECRET: 'cfg-secret-cfg-secret-cfg-secret-0123456789' };
    expect(() => loadConfig({ ...env, TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: give the number of proxies/);
    expect(loadConfig({ ...env, TRUST_PROXY: '10.0.0.5, 10.1.0.0/16' }).TRUST_PROXY).toEqual(['10.0.0.5', '10.1.0.0/16']);
    expect(loadConfig({ ...env, TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
  });

  it('2. wrong codes are limited per account across new codes', async () => {
    const person = newPerson();
    const { userId } = await register(app, person);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await app.inject({ method: 'POST', url: '/api/v1/otp/verify', payload: { userId, emailOTP: '000000', smsOTP: '000000' } });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('3. ten concurrent rotates and client-seed changes answer 200 or 409, never 5xx', async () => {
    const p = await createPlayer(app);
    await app.inject({ url: '/api/v1/fairness', headers: p.headers });
    const calls = Array.from({ length: 10 }, (_, i) =>
      app.inject({
        method: 'POST',
        url: i % 2 ? '/api/v1/fairness/rotate' : '/api/v1/fairness/client-seed',
        headers: p.headers,
        payload: i % 2 ? {} : { clientSeed: `seed-${i}` },
      }),
    );
    const answers = await Promise.all(calls);
    for (const a of answers) {
      expect([200, 409]).toContain(a.statusCode);
      if (a.statusCode === 409)
        expect(a.json()).toMatchObject({ success: false, code: 'SEEDS_CHANGED', message: expect.stringMatching(/changed by another request/) });
    }
    const [{ active }] = await rows<{ active: number }>(app, sql`SELECT count(*)::int AS active FROM seed_pairs WHERE user_id = ${p.id} AND active`);
    expect(active).toBe(1);
  });

  it('4. an access token stops working the moment its session signs out', async () => {
    const person = await registerVerified(app);
    const s = await signIn(app, { email: person.email, password: person.password });
    const other = await signIn(app, { email: person.email, password: person.password });
    expect((await app.inject({ url: '/api/v1/users/me', headers: { authorization: s.accessToken } })).statusCode).toBe(200);
    const out = await app.inject({
      method: 'POST',
      url: '/api/v1/users/logout',
      headers: { authorization: s.accessToken },
      cookies: { refreshSecret: s.refreshToken },
    });
    expect(out.statusCode).toBe(200);
    expect((await app.inject({ url: '/api/v1/users/me', headers: { authorization: s.accessToken } })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/v1/users/me', cookies: { accessToken: s.accessToken } })).statusCode).toBe(401);
    // Signing out one device leaves the others alone.
    expect((await app.inject({ url: '/api/v1/users/me', headers: { authorization: other.accessToken } })).statusCode).toBe(200);
    // A sign-out with only the access token (the original client keeps no refresh token) ends that session too.
    await app.inject({ method: 'POST', url: '/api/v1/users/logout', headers: { authorization: other.accessToken } });
    expect((await app.inject({ url: '/api/v1/users/me', headers: { authorization: other.accessToken } })).statusCode).toBe(401);
    expect((await refresh(app, other.refreshToken)).statusCode).toBe(401);
  });

  it('4. the login answer carries no refresh token; the cookie does', async () => {
    const person = await registerVerified(app);
    const res = await login(app, { email: person.email, password: person.password });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).not.toHaveProperty('refreshToken');
    expect(res.body).not.toContain(cookie(res, 'refreshSecret')!.value);
    expect(cookie(res, 'refreshSecret')!.httpOnly).toBe(true);
  });

  it('4. two refreshes at once from one browser both stay signed in; a replay after the grace window closes the session', async () => {
    const person = await registerVerified(app);
    const { refreshToken } = await signIn(app, { email: person.email, password: person.password });
    const [a, b] = await Promise.all([refresh(app, refreshToken), refresh(app, refreshToken)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    for (const r of [a, b]) expect((await app.inject({ url: '/api/v1/users/me', headers: { authorization: r.json().data.accessToken } })).statusCode).toBe(200);
    const next = (cookie(a, 'refreshSecret') ?? cookie(b, 'refreshSecret'))!.value;

    await app.db.execute(sql`UPDATE refresh_tokens SET rotated_at = now() - interval '11 seconds' WHERE user_id = ${person.id} AND rotated_at IS NOT NULL`);
    const replay = await refresh(app, refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('TOKEN_REUSED');
    expect((await refresh(app, next)).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/v1/users/me', headers: { authorization: a.json().data.accessToken } })).statusCode).toBe(401);
  });

  it('4. personal answers are never stored, and the browser gets a Permissions-Policy', async () => {
    const p = await createPlayer(app);
    for (const url of ['/api/v1/users/me', `/api/v1/users/balance/${p.id}`, '/api/v1/wallet/history?page=1']) {
      const res = await app.inject({ url, headers: p.headers });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const res = await app.inject({ url: '/healthz' });
    expect(res.headers['permissions-policy']).toMatch(/camera=\(\)/);
    expect(res.headers['permissions-policy']).toMatch(/geolocation=\(\)/);
    expect(res.headers['permissions-policy']).toMatch(/clipboard-write=\(self\)/);
  });

  it('4. a token without exp, without a session or with alg none is refused', async () => {
    const p = await createPlayer(app);
    const key = new TextEncoder().encode(app.config.keys.accessToken);
    const [{ tv, sid }] = await rows<{ tv: number; sid: string }>(
      app,
      sql`SELECT u.token_version AS tv, r.family_id AS sid FROM users u JOIN refresh_tokens r ON r.user_id = u.id WHERE u.id = ${p.id}`,
    );
    const noExp = await new SignJWT({ role: 'user', tv, sid }).setProtectedHeader({ alg: 'HS256' }).setSubject(p.id).setIssuedAt().sign(key);
    const noSid = await new SignJWT({ role: 'user', tv }).setProtectedHeader({ alg: 'HS256' }).setSubject(p.id).setExpirationTime('1h').sign(key);
    const good = await new SignJWT({ role: 'user', tv, sid }).setProtectedHeader({ alg: 'HS256' }).setSubject(p.id).setExpirationTime('1h').sign(key);
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${good.split('.')[1]}.`;
    // The key that hashes one-time codes does not sign tokens.
    const otpSigned = await new SignJWT({ role: 'user', tv, sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(p.id)
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(app.config.keys.otp));
    expect(app.config.keys.otp).not.toBe(app.config.keys.accessToken);
    const status = async (token: string) => (await app.inject({ url: '/api/v1/users/me', headers: { authorization: token } })).statusCode;
    expect(await status(good)).toBe(200);
    expect(await status(noExp)).toBe(401);
    expect(await status(noSid)).toBe(401);
    expect(await status(none)).toBe(401);
    expect(await status(otpSigned)).toBe(401);
  });

  it('5. the dev outbox answers only this machine, and does not exist in production', async () => {
    const person = newPerson();
    await register(app, person);
    const url = `/api/v1/dev/outbox?to=${encodeURIComponent(person.email)}`;
    expect((await app.inject({ url })).statusCode).toBe(200);
    const remote = await app.inject({ url, remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(403);
    expect(remote.json().message).toBe('The development outbox answers only on this machine.');
    // A proxy on this machine forwarding a remote caller is not this machine either.
    expect((await app.inject({ url, headers: { 'x-forwarded-for': '203.0.113.9' } })).statusCode).toBe(403);

    const production = await createTestApp({}, { NODE_ENV: 'production', DEV_OUTBOX: '1', SMTP_URL: 'smtp://127.0.0.1:1', SMS_URL: 'http://127.0.0.1:1/sms' });
    try {
      const res = await production.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/json/);
    } finally {
      await production.close();
    }
  });

  it('5. cookies are Secure whenever the site is reached over https, with or without TRUST_PROXY', async () => {
    const p = await createPlayer(app);
    const viaProxy = await app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      headers: { 'x-forwarded-proto': 'https' },
      payload: { email: p.email, password: p.password },
    });
    expect(viaProxy.cookies.map((c) => [c.name, c.secure])).toEqual([
      ['accessToken', true],
      ['refreshSecret', true],
      ['refreshToken', true],
    ]);
    const https = await createTestApp({ PUBLIC_URL: 'https://play.example.com' });
    try {
      const q = await createPlayer(https);
      const res = await https.inject({ method: 'POST', url: '/api/v1/users/login', payload: { email: q.email, password: q.password } });
      expect(res.cookies.every((c) => c.secure)).toBe(true);
    } finally {
      await https.close();
    }
  });

  it('5. a configured first-admin password needs at least 12 characters', () => {
    const env = { DATA_DIR: mkdtempSync(join(tmpdir(), 'cfg-')), APP_SECRET: 'cfg-secret-cfg-secret-cfg-secret-0123456789' };
    expect(() => loadConfig({ ...env, ADMIN_PASSWORD: 'Short#Pass1' })).toThrow(/ADMIN_PASSWORD: must be at least 12 characters/);
    expect(loadConfig({ ...env, ADMIN_PASSWORD: 'Long#Enough12' }).ADMIN_PASSWORD).toBe('Long#Enough12');
  });
});
