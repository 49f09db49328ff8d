import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/helpers/app.js';
import { createAdmin, createPlayer } from '../../../tests/helpers/factories.js';
import type { App } from '../../types.js';
import { login } from './accounts.test-support.js';

// Codes for fixed moments, so a test that crosses a 30-second boundary still means the same codes.
const t0 = Date.now();
const codeAt = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: t0 + offsetSteps * 30_000 });

describe('admins sign in with a second factor when ADMIN_2FA is on', () => {
  let app: App;
  useTestApp((a) => (app = a), { env: { ADMIN_2FA: '1' } });
  const post = (url: string, payload: unknown) => app.inject({ method: 'POST', url: `/api/v1${url}`, payload: payload as object });

  it('sets up an authenticator app, answers recovery codes once, then asks for a code each time; a code works once', async () => {
    const admin = await createAdmin(app, { password: 'Admin#Secret123' });
    const first = await login(app, { email: admin.email, password: 'Admin#Secret123' });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ twoFactor: 'setup', challenge: expect.any(String) });
    expect(first.json().data.accessToken).toBeUndefined();
    expect(first.cookies).toEqual([]);
    const { challenge } = first.json().data;

    const setup = await post('/users/login/2fa/setup', { challenge });
    let { secret } = setup.json().data;
    const { otpauthUrl } = setup.json().data;
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/Rupee%20Arcade:/);
    // Set-up asked again before it is confirmed draws a new secret (each is shown once), and only
    // the latest confirms; it is stored sealed.
    const drawnBefore = secret;
    const again = (await post('/users/login/2fa/setup', { challenge })).json().data.secret;
    expect(again).not.toBe(drawnBefore);
    expect((await post('/users/login/2fa', { challenge, code: codeAt(drawnBefore) })).json().code).toBe('WRONG_CODE');
    secret = again;
    const stored = ((await app.db.execute(`SELECT totp_secret FROM users WHERE id = '${admin.id}'`)) as unknown as { rows: { totp_secret: string }[] }).rows[0];
    expect(stored.totp_secret).not.toContain(secret);

    expect((await post('/users/login/2fa', { challenge, code: '000000' })).statusCode).toBe(400);
    const done = await post('/users/login/2fa', { challenge, code: codeAt(secret) });
    expect(done.statusCode).toBe(200);
    const { accessToken, user, recoveryCodes } = done.json().data;
    expect(accessToken).toEqual(expect.any(String));
    expect(user).toMatchObject({ _id: admin.id, role: 'admin' });
    expect(recoveryCodes).toHaveLength(10);
    expect(done.cookies.map((c) => c.name).sort()).toEqual(['accessToken', 'refreshSecret', 'refreshToken']);
    expect((await app.inject({ url: '/api/v1/users/me', headers: { authorization: accessToken } })).statusCode).toBe(200);

    // Next sign-in: a code, not set-up; the same code again is refused (replay).
    const next = (await login(app, { email: admin.email, password: 'Admin#Secret123' })).json().data;
    expect(next.twoFactor).toBe('code');
    expect((await post('/users/login/2fa/setup', { challenge: next.challenge })).statusCode).toBe(400);
    const replay = await post('/users/login/2fa', { challenge: next.challenge, code: codeAt(secret) });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe('CODE_USED');
    const later = await post('/users/login/2fa', { challenge: next.challenge, code: codeAt(secret, 1) });
    expect(later.statusCode).toBe(200);
    expect(later.json().data.recoveryCodes).toBeUndefined();

    // A recovery code works once.
    const third = (await login(app, { email: admin.email, password: 'Admin#Secret123' })).json().data;
    expect((await post('/users/login/2fa', { challenge: third.challenge, code: recoveryCodes[0] })).statusCode).toBe(200);
    // The challenge has signed in once: used again, even with another good code, it is refused.
    const spent = await post('/users/login/2fa', { challenge: third.challenge, code: recoveryCodes[1] });
    expect(spent.statusCode).toBe(401);
    expect(spent.json().code).toBe('CHALLENGE_EXPIRED');
    const fourth = (await login(app, { email: admin.email, password: 'Admin#Secret123' })).json().data;
    expect((await post('/users/login/2fa', { challenge: fourth.challenge, code: recoveryCodes[0] })).statusCode).toBe(400);
    expect((await post('/users/login/2fa', { challenge: 'forged.token.here', code: recoveryCodes[1] })).statusCode).toBe(401);
  });

  it('leaves players with one step, and voids a challenge once the password changes', async () => {
    const p = await createPlayer(app, { password: 'Player#Secret1' });
    const res = await login(app, { email: p.email, password: 'Player#Secret1' });
    expect(res.json().data.accessToken).toEqual(expect.any(String));

    const admin = await createAdmin(app, { password: 'Admin#Secret123' });
    const { challenge } = (await login(app, { email: admin.email, password: 'Admin#Secret123' })).json().data;
    await app.db.execute(`UPDATE users SET token_version = token_version + 1 WHERE id = '${admin.id}'`);
    const expired = await post('/users/login/2fa/setup', { challenge });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('CHALLENGE_EXPIRED');
  });
});
