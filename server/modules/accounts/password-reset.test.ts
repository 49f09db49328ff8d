import { describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { useTestApp } from '../../../tests/helpers/app.js';
import { createPlayer } from '../../../tests/helpers/factories.js';
import type { App } from '../../types.js';
import type { Messenger, OutgoingMessage } from '../messaging/messaging.service.js';
import { createBackground } from '../../lib/background.js';
import { contextOf } from '../../lib/context.js';
import { login, newPerson, signIn, outbox, outboxOf, REFRESH_SECRET, refresh, registerVerified } from './accounts.test-support.js';
import { requestReset as requestResetCode } from './password-reset.service.js';

const requestReset = (app: App, payload: Record<string, unknown>) => app.inject({ method: 'POST', url: '/api/v1/users/request-reset-otp', payload });
const reset = (app: App, payload: Record<string, unknown>) => app.inject({ method: 'POST', url: '/api/v1/users/reset-password', payload });

describe('forgot password', () => {
  let app: App;
  useTestApp((a) => (app = a));

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
    const session = await signIn(app, { email: person.email, password: person.password });
    const other = await signIn(app, { phoneNumber: person.phoneNumber, password: person.password });

    const before = (await outbox(app, person.email)).length;
    expect((await requestReset(app, { email: person.email })).statusCode).toBe(200);
    const [mail] = await outboxOf(app, person.email, before + 1);
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
    // The second request fell in the cooldown, so it issued no code and has nothing to send.
    const sms = await outboxOf(app, person.phoneNumber, before + 1);
    expect(sms.length).toBe(before + 1);
    const ok = await reset(app, { phoneNumber: person.phoneNumber, otp: sms[0].code, newPassword: 'Phone#2468' });
    expect(ok.statusCode).toBe(200);
    expect((await login(app, { phoneNumber: person.phoneNumber, password: 'Phone#2468' })).statusCode).toBe(200);
  });

  it('changes the password, voids every access token, keeps this session refreshable and signs out the others', async () => {
    const person = await registerVerified(app);
    const here = await signIn(app, { email: person.email, password: person.password });
    const elsewhere = await signIn(app, { email: person.email, password: person.password });
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/users/change-password',
      headers: { authorization: here.accessToken },
      cookies: { [REFRESH_SECRET]: here.refreshToken },
      payload: { oldPassword: person.password, newPassword: 'Fresh#1357' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Password changed successfully.' });
    // Access tokens issued before the change, this session's too, are refused at once…
    for (const s of [here, elsewhere]) {
      expect((await app.inject({ url: '/api/v1/users/me', headers: { authorization: s.accessToken } })).statusCode).toBe(401);
    }
    // …but this session's refresh cookie still works, and the token it gives is accepted.
    const refreshed = await refresh(app, here.refreshToken);
    expect(refreshed.statusCode).toBe(200);
    const me = await app.inject({ url: '/api/v1/users/me', headers: { authorization: refreshed.json().data.accessToken } });
    expect(me.statusCode).toBe(200);
    expect(me.json().user._id).toBe(person.id);
    expect((await refresh(app, elsewhere.refreshToken)).statusCode).toBe(401);
    expect((await login(app, { email: person.email, password: person.password })).statusCode).toBe(401);
    expect((await login(app, { email: person.email, password: 'Fresh#1357' })).statusCode).toBe(200);
  });

  it('answers a reset request without waiting for the code to be delivered, and logs a failed delivery', async () => {
    const p = await createPlayer(app);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const sent: OutgoingMessage[] = [];
    const slow: Messenger = {
      async send(message) {
        sent.push(message);
        await held;
        throw new Error('mail server unreachable');
      },
      close() {},
    };
    const warn = vi.fn();
    const log = { warn, error: vi.fn(), info: vi.fn() } as unknown as FastifyBaseLogger;
    const background = createBackground(log);
    const ctx = { ...contextOf(app), messenger: slow, log, background };

    // The mail server holds the message until release(): an answer that waited for it would never come.
    await requestResetCode(ctx, { email: p.email });
    expect(sent).toHaveLength(1);
    expect(warn).not.toHaveBeenCalled();
    release();
    await background.drain();
    expect(sent).toEqual([expect.objectContaining({ channel: 'email', to: p.email, code: expect.stringMatching(/^\d{6}$/) })]);
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ channel: 'email', userId: p.id }), 'could not send the reset code');
  });
});
