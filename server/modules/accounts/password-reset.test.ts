import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../tests/helpers/app.js';
import type { App } from '../../types.js';
import { login, newPerson, outbox, refresh, registerVerified } from './accounts.test-support.js';

const requestReset = (app: App, payload: Record<string, unknown>) => app.inject({ method: 'POST', url: '/api/v1/users/request-reset-otp', payload });
const reset = (app: App, payload: Record<string, unknown>) => app.inject({ method: 'POST', url: '/api/v1/users/reset-password', payload });

describe('forgot password', () => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('answers the same for unknown accounts and sends nothing', async () => {
    const person = await registerVerified(app);
    const known = await requestReset(app, { email: person.email });
    const stranger = newPerson();
    const unknown = await requestReset(app, { email: stranger.email });
    const unknownPhone = await requestReset(app, { phoneNumber: stranger.phoneNumber });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknownPhone.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(unknownPhone.body).toBe(known.body);
    expect(await outbox(app, stranger.email)).toEqual([]);
    expect(await outbox(app, stranger.phoneNumber)).toEqual([]);
  });

  it('resets by e-mail code and signs out every session and access token', async () => {
    const person = await registerVerified(app);
    const session = (await login(app, { email: person.email, password: person.password })).json().data;
    const other = (await login(app, { phoneNumber: person.phoneNumber, password: person.password })).json().data;

    expect((await requestReset(app, { email: person.email })).statusCode).toBe(200);
    const [mail] = await outbox(app, person.email);
    expect(mail.text).toMatch(/password reset code/);

    const wrongCode = await reset(app, { email: person.email, otp: String((Number(mail.code) + 1) % 1e6).padStart(6, '0'), newPassword: 'Better#456' });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().message).toBe('Invalid or expired code');
    const weak = await reset(app, { email: person.email, otp: mail.code, newPassword: 'weakpass' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toMatch(/uppercase letter/);

    const ok = await reset(app, { email: person.email, otp: mail.code, newPassword: 'Better#456' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ success: true, message: expect.stringMatching(/password has been reset/) });

    // The code works once.
    expect((await reset(app, { email: person.email, otp: mail.code, newPassword: 'Other#7890' })).statusCode).toBe(400);
    // Old access tokens and refresh tokens are void.
    for (const s of [session, other]) {
      expect((await app.inject({ url: '/api/v1/users/me', headers: { authorization: s.accessToken } })).statusCode).toBe(401);
      expect((await refresh(app, s.refreshToken)).statusCode).toBe(401);
    }
    expect((await login(app, { email: person.email, password: person.password })).statusCode).toBe(401);
    expect((await login(app, { email: person.email, password: 'Better#456' })).statusCode).toBe(200);
  });

  it('resets by SMS code when asked by phone, and re-sends at most once a minute', async () => {
    const person = await registerVerified(app);
    const before = (await outbox(app, person.phoneNumber)).length;
    await requestReset(app, { phoneNumber: person.phoneNumber.slice(3) });
    await requestReset(app, { phoneNumber: person.phoneNumber });
    const sms = await outbox(app, person.phoneNumber);
    expect(sms.length).toBe(before + 1);
    const ok = await reset(app, { phoneNumber: person.phoneNumber, otp: sms[0].code, newPassword: 'Phone#2468' });
    expect(ok.statusCode).toBe(200);
    expect((await login(app, { phoneNumber: person.phoneNumber, password: 'Phone#2468' })).statusCode).toBe(200);
  });

  it('changes the password, keeps this session and signs out the others', async () => {
    const person = await registerVerified(app);
    const here = (await login(app, { email: person.email, password: person.password })).json().data;
    const elsewhere = (await login(app, { email: person.email, password: person.password })).json().data;
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/users/change-password',
      headers: { authorization: here.accessToken },
      cookies: { refreshToken: here.refreshToken },
      payload: { oldPassword: person.password, newPassword: 'Fresh#1357' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Password changed successfully.' });
    expect((await app.inject({ url: '/api/v1/users/me', headers: { authorization: here.accessToken } })).statusCode).toBe(200);
    expect((await refresh(app, here.refreshToken)).statusCode).toBe(200);
    expect((await refresh(app, elsewhere.refreshToken)).statusCode).toBe(401);
    expect((await login(app, { email: person.email, password: person.password })).statusCode).toBe(401);
    expect((await login(app, { email: person.email, password: 'Fresh#1357' })).statusCode).toBe(200);
  });
});
