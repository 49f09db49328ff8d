import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/helpers/app.js';
import { createPlayer, type TestUser } from '../../../tests/helpers/factories.js';
import type { App } from '../../types.js';
import { cookie, login, outboxOf, REFRESH_SECRET, refresh } from './accounts.test-support.js';

// The original client decides it can refresh by finding `refreshToken` in document.cookie; the
// refresh token itself stays in the httpOnly `refreshSecret` (docs/decisions/0031-original-client-refresh.md).
const HINT = 'refreshToken';

/** The cookies an answer sets that a page script could read. */
const readable = (res: LightMyRequestResponse) => res.cookies.filter((c) => !c.httpOnly);

/** The hint and the secret were set together, alike but for httpOnly, and the hint holds no secret. */
function expectSetTogether(res: LightMyRequestResponse) {
  const secret = cookie(res, REFRESH_SECRET)!;
  const hint = cookie(res, HINT)!;
  expect(secret).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
  expect(secret.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(hint).toEqual({ name: HINT, value: '1', sameSite: 'Strict', path: '/', maxAge: secret.maxAge, expires: secret.expires });
  expect(readable(res)).toEqual([hint]);
  expect(res.body).not.toContain(secret.value);
  return secret.value;
}

/** The access cookie, the secret and the hint were all cleared, with the attributes they were set with. */
function expectAllCleared(res: LightMyRequestResponse) {
  for (const name of ['accessToken', REFRESH_SECRET, HINT]) {
    const c = cookie(res, name)!;
    expect(c, name).toMatchObject({ value: '', sameSite: 'Strict', path: '/' });
    expect(c.expires!.getTime(), name).toBeLessThanOrEqual(Date.now());
  }
}

describe('the readable refresh hint beside the httpOnly refresh cookie', () => {
  let app: App;
  useTestApp((a) => (app = a));
  let p: TestUser;
  const signIn = async (who = p) => {
    const res = await login(app, { email: who.email, password: who.password });
    expect(res.statusCode).toBe(200);
    return res;
  };

  it('is set with the refresh cookie at sign-in and at each rotation, and the secret goes nowhere a script reads', async () => {
    p = await createPlayer(app);
    const first = await signIn();
    const secret = expectSetTogether(first);
    expect(first.json().data).not.toHaveProperty('refreshToken');

    const rotated = await refresh(app, secret);
    expect(rotated.statusCode).toBe(200);
    const next = expectSetTogether(rotated);
    expect(next).not.toBe(secret);
    expect(rotated.body).not.toContain(secret);

    // A second tab inside the grace window gets an access token only: the browser keeps both cookies.
    const secondTab = await refresh(app, secret);
    expect(secondTab.statusCode).toBe(200);
    expect(secondTab.cookies.map((c) => c.name)).toEqual(['accessToken']);
    expect(readable(secondTab)).toEqual([]);
  });

  it('is cleared with the refresh cookie at sign-out, at a refused refresh and at a password reset', async () => {
    p = await createPlayer(app);
    const secret = cookie(await signIn(), REFRESH_SECRET)!.value;
    const out = await app.inject({ method: 'POST', url: '/api/v1/users/logout', cookies: { [REFRESH_SECRET]: secret, [HINT]: '1' } });
    expect(out.statusCode).toBe(200);
    expectAllCleared(out);

    // The session was revoked (here by that sign-out): its next refresh is refused and clears them all.
    const refused = await refresh(app, secret);
    expect(refused.statusCode).toBe(401);
    expectAllCleared(refused);

    // A session closed elsewhere: the same.
    const again = cookie(await signIn(), REFRESH_SECRET)!.value;
    await app.db.execute(sql`UPDATE refresh_tokens SET revoked_at = now() WHERE user_id = ${p.id}`);
    const revoked = await refresh(app, again);
    expect(revoked.statusCode).toBe(401);
    expectAllCleared(revoked);

    const before = (await outboxOf(app, p.email, 0)).length;
    expect((await app.inject({ method: 'POST', url: '/api/v1/users/request-reset-otp', payload: { email: p.email } })).statusCode).toBe(200);
    const [mail] = await outboxOf(app, p.email, before + 1);
    const reset = await app.inject({
      method: 'POST',
      url: '/api/v1/users/reset-password',
      payload: { email: p.email, otp: mail.code, newPassword: 'Better#456' },
    });
    expect(reset.statusCode).toBe(200);
    expectAllCleared(reset);
  });

  it('alone neither refreshes nor signs in, and never ends a session it does not hold', async () => {
    p = await createPlayer(app);
    const signedIn = await signIn();
    const secret = cookie(signedIn, REFRESH_SECRET)!.value;
    const access = cookie(signedIn, 'accessToken')!.value;

    const attempts: Record<string, string>[] = [{ [HINT]: '1' }, { [HINT]: '1', [REFRESH_SECRET]: 'not-the-secret' }, { [HINT]: '1', [REFRESH_SECRET]: '' }];
    for (const cookies of attempts) {
      const res = await app.inject({ method: 'POST', url: '/api/v1/users/refresh-token', cookies });
      expect(res.statusCode, JSON.stringify(cookies)).toBe(401);
      expect(res.cookies.find((c) => c.value !== '')).toBeUndefined();
    }
    expect((await app.inject({ url: '/api/v1/users/me', cookies: { [HINT]: '1' } })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/v1/users/me', headers: { authorization: '1' } })).statusCode).toBe(401);
    // A sign-out carrying only the hint ends nothing.
    await app.inject({ method: 'POST', url: '/api/v1/users/logout', cookies: { [HINT]: '1' } });
    expect((await app.inject({ url: '/api/v1/users/me', cookies: { accessToken: access } })).statusCode).toBe(200);

    // With the secret beside it (as a browser sends both), the refresh works.
    const both = await app.inject({ method: 'POST', url: '/api/v1/users/refresh-token', cookies: { [HINT]: '1', [REFRESH_SECRET]: secret } });
    expect(both.statusCode).toBe(200);
    // Whatever the page wrote into the hint (the original client may write its own) changes nothing.
    const next = cookie(both, REFRESH_SECRET)!.value;
    const overwritten = await app.inject({ method: 'POST', url: '/api/v1/users/refresh-token', cookies: { [HINT]: 'undefined', [REFRESH_SECRET]: next } });
    expect(overwritten.statusCode).toBe(200);
    expectSetTogether(overwritten);
  });

  it('takes over from a refresh cookie of the earlier name once, at its first refresh', async () => {
    p = await createPlayer(app);
    const secret = cookie(await signIn(), REFRESH_SECRET)!.value;
    // A browser signed in before the token moved holds it, httpOnly, as `refreshToken`.
    const earlier = await app.inject({ method: 'POST', url: '/api/v1/users/refresh-token', cookies: { [HINT]: secret } });
    expect(earlier.statusCode).toBe(200);
    const next = expectSetTogether(earlier);
    expect(cookie(earlier, HINT)!.value).toBe('1');
    expect((await refresh(app, next)).statusCode).toBe(200);
  });
});
