import { describe, expect, it } from 'vitest';
import { createTestApp, useTestApp } from '../../../tests/helpers/app.js';
import { manualClock } from '../../lib/clock.js';
import type { App } from '../../types.js';
import { latestCodes, login, newPerson, outbox, register } from './accounts.test-support.js';

const verify = (app: App, payload: Record<string, unknown>) => app.inject({ method: 'POST', url: '/api/v1/otp/verify', payload });
const resend = (app: App, userId: string) => app.inject({ method: 'POST', url: '/api/v1/otp/resend', payload: { userId } });
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('one-time codes', () => {
  let app: App;
  // Time stands still unless a test moves it, so waits are exact whatever the machine's speed.
  const clock = manualClock();
  useTestApp((a) => (app = a), { clock });

  it('refuses an expired code', async () => {
    const person = newPerson();
    const { userId } = await register(app, person);
    const codes = await latestCodes(app, person);
    clock.advance(10 * 60_000); // exactly the ten minutes a code lives: no longer valid
    const res = await verify(app, { userId, ...codes });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid or expired code');
    expect((await login(app, { email: person.email, password: person.password })).statusCode).toBe(401);
  });

  it('voids a code after five wrong tries, so even the right one then fails', async () => {
    const person = newPerson();
    const { userId } = await register(app, person);
    const codes = await latestCodes(app, person);
    const bad = { userId, emailOTP: codes.emailOTP, smsOTP: wrong(codes.smsOTP!) };
    const messages: string[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await verify(app, bad);
      expect(res.statusCode).toBe(400);
      messages.push(res.json().message);
    }
    expect(messages.slice(0, 4)).toEqual(Array(4).fill('Invalid or expired SMS code'));
    expect(messages.slice(4)).toEqual(Array(2).fill('Too many wrong attempts. Request a new code.'));
    const right = await verify(app, { userId, ...codes });
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toBe('Too many wrong attempts. Request a new code.');

    // A new code starts over.
    clock.advance(60_000);
    expect((await resend(app, userId)).statusCode).toBe(200);
    expect((await verify(app, { userId, ...(await latestCodes(app, person)) })).statusCode).toBe(200);
  });

  it('re-sends fresh codes, at most once a minute', async () => {
    const person = newPerson();
    const { userId } = await register(app, person);
    const before = await latestCodes(app, person);

    const early = await resend(app, userId);
    expect(early.statusCode).toBe(429);
    expect(early.json().message).toMatch(/^Please wait \d+ seconds before asking for a new code\.$/);
    expect(early.json()).toMatchObject({ message: 'Please wait 60 seconds before asking for a new code.', data: { retryAfter: 60 } });
    clock.advance(59_000);
    expect((await resend(app, userId)).json().data.retryAfter).toBe(1);

    clock.advance(60_000);
    const ok = await resend(app, userId);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ success: true, data: { retryAfter: 60 } });
    expect((await outbox(app, person.email)).length).toBe(2);
    expect((await outbox(app, person.phoneNumber)).length).toBe(2);

    // The old codes no longer work; the new ones do.
    expect((await verify(app, { userId, ...before })).statusCode).toBe(400);
    expect((await resend(app, userId)).statusCode).toBe(429);
    expect((await verify(app, { userId, ...(await latestCodes(app, person)) })).statusCode).toBe(200);

    const done = await resend(app, userId);
    expect(done.statusCode).toBe(409);
    expect(done.json().message).toMatch(/already verified/);
    const unknown = await resend(app, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
  });

  it('needs both codes by default and says which one is missing', async () => {
    const person = newPerson();
    const { userId } = await register(app, person);
    const { emailOTP } = await latestCodes(app, person);
    const res = await verify(app, { userId, emailOTP });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('smsOTP: Please enter 6-digit OTP code');
  });

  it('needs only the e-mail code when OTP_CHANNELS=email', async () => {
    const emailOnly = await createTestApp({ OTP_CHANNELS: ['email'] });
    try {
      const person = newPerson();
      const { res, userId } = await register(emailOnly, person);
      expect(res.statusCode).toBe(201);
      expect(await outbox(emailOnly, person.phoneNumber)).toEqual([]);
      const { emailOTP } = await latestCodes(emailOnly, person);
      const ok = await verify(emailOnly, { userId, emailOTP, smsOTP: '' });
      expect(ok.statusCode).toBe(200);
      expect((await login(emailOnly, { email: person.email, password: person.password })).statusCode).toBe(200);
    } finally {
      await emailOnly.close();
    }
  });

  it('does not tell an unknown account from a wrong code', async () => {
    const res = await verify(app, { userId: '00000000-0000-4000-8000-000000000000', emailOTP: '123456', smsOTP: '123456' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid or expired code');
  });
});
