import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../tests/helpers/app.js';
import { startFakeSmtp, type FakeSmtp } from '../../../tests/fakes/smtp.js';
import { startFakeSmsGateway, type FakeSmsGateway } from '../../../tests/fakes/sms.js';
import type { App } from '../../types.js';
import { newPerson, register, signIn } from './accounts.test-support.js';

const API_KEY = 'sms-test-key';

describe('code delivery over SMTP and the SMS gateway', () => {
  let smtp: FakeSmtp;
  let sms: FakeSmsGateway;
  let app: App;
  beforeAll(async () => {
    [smtp, sms] = await Promise.all([startFakeSmtp(), startFakeSmsGateway({ apiKey: API_KEY })]);
    // No dev outbox: the codes can only be read where they were delivered.
    app = await createTestApp(
      { SMTP_URL: smtp.url, SMTP_FROM: 'Rupee Arcade <codes@rupee.test>', SMS_URL: sms.url, SMS_API_KEY: API_KEY, SMS_SENDER: 'RUPEE' },
      { DEV_OUTBOX: '0' },
    );
  });
  afterAll(async () => {
    await app.close();
    await Promise.all([smtp.close(), sms.close()]);
  });

  it('sends the e-mail code by SMTP and the SMS code to the gateway, and those codes verify', async () => {
    const person = newPerson();
    const { res, userId } = await register(app, person);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Registration successful! Please verify your email and phone number.');

    const mail = await smtp.waitFor(person.email);
    expect(mail.from).toBe('codes@rupee.test');
    const emailOTP = /verification code is (\d{6})/.exec(mail.raw)?.[1];
    expect(emailOTP).toMatch(/^\d{6}$/);
    expect(mail.subject).toContain(emailOTP);

    const text = await sms.waitFor(person.phoneNumber);
    expect(text.authorization).toBe(`Bearer ${API_KEY}`);
    expect(text.sender).toBe('RUPEE');
    const smsOTP = /^(\d{6}) is your/.exec(text.text)?.[1];
    expect(smsOTP).toMatch(/^\d{6}$/);

    expect((await app.inject({ url: `/api/v1/dev/outbox?to=${encodeURIComponent(person.email)}` })).statusCode).toBe(404);
    const ok = await app.inject({ method: 'POST', url: '/api/v1/otp/verify', payload: { userId, emailOTP, smsOTP } });
    expect(ok.statusCode).toBe(200);
  });

  it('keeps the account when a code cannot be sent, says so, and lets resend work at once', async () => {
    sms.failWith(500);
    const person = newPerson();
    const { res, userId } = await register(app, person);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Registration successful, but we could not send your SMS code. Please use Resend OTP.');
    expect(res.json().userId).toBe(userId);

    // Still failing: the resend says so, with no cooldown.
    const failing = await app.inject({ method: 'POST', url: '/api/v1/otp/resend', payload: { userId } });
    expect(failing.statusCode).toBe(200);
    expect(failing.json()).toMatchObject({ success: true, data: { retryAfter: 0 }, message: expect.stringMatching(/SMS code could not be sent/) });

    sms.failWith(null);
    const resent = await app.inject({ method: 'POST', url: '/api/v1/otp/resend', payload: { userId } });
    expect(resent.statusCode).toBe(200);
    expect(resent.json().data.retryAfter).toBe(60);
    const smsOTP = /^(\d{6})/.exec((await sms.waitFor(person.phoneNumber)).text)![1];
    const emailOTP = /verification code is (\d{6})/.exec((await smtp.waitFor(person.email)).raw)![1];
    expect((await app.inject({ method: 'POST', url: '/api/v1/otp/verify', payload: { userId, emailOTP, smsOTP } })).statusCode).toBe(200);
  });

  it('answers 503 on resend when no code could be sent at all', async () => {
    const dead = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9', OTP_CHANNELS: ['email'] }, { DEV_OUTBOX: '0' });
    try {
      const { res, userId } = await register(dead, newPerson());
      expect(res.statusCode).toBe(201);
      expect(res.json().message).toMatch(/could not send your email code/);
      const again = await dead.inject({ method: 'POST', url: '/api/v1/otp/resend', payload: { userId } });
      expect(again.statusCode).toBe(503);
      expect(again.json()).toMatchObject({ success: false, code: 'DELIVERY_FAILED', message: expect.stringMatching(/could not send/) });
    } finally {
      await dead.close();
    }
  });

  it('sends the codes in the language the player registered in, and later in the one they choose', async () => {
    const person = newPerson();
    const { res, userId } = await register(app, { ...person, language: 'hi' } as typeof person);
    expect(res.statusCode).toBe(201);
    const smsText = (await sms.waitFor(person.phoneNumber)).text;
    const smsOTP = /^(\d{6}) Rupee Arcade का OTP है। 10 मिनट तक मान्य। किसी को न बताएं।$/.exec(smsText)?.[1];
    expect(smsOTP, smsText).toMatch(/^\d{6}$/);
    const mail = await smtp.waitFor(person.email);
    const subject = mail.subject;
    const emailOTP = /^आपका Rupee Arcade वेरिफ़िकेशन कोड: (\d{6})$/.exec(subject)?.[1];
    expect(emailOTP ?? mail.subject).toMatch(/^\d{6}$/);
    expect((await app.inject({ method: 'POST', url: '/api/v1/otp/verify', payload: { userId, emailOTP, smsOTP } })).statusCode).toBe(200);

    const { accessToken, user } = await signIn(app, { email: person.email, password: person.password });
    expect(user.language).toBe('hi');
    const bad = await app.inject({
      method: 'PUT',
      url: '/api/v1/users/language',
      headers: { authorization: `Bearer ${accessToken}` },
      payload: { language: 'fr' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Choose English or Hindi/);
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/v1/users/language',
      headers: { authorization: `Bearer ${accessToken}` },
      payload: { language: 'en' },
    });
    expect(saved.json()).toMatchObject({ success: true, data: { language: 'en' } });
    expect((await app.inject({ method: 'PUT', url: '/api/v1/users/language', payload: { language: 'hi' } })).statusCode).toBe(401);

    await app.inject({ method: 'POST', url: '/api/v1/users/request-reset-otp', payload: { phoneNumber: person.phoneNumber } });
    let latest = '';
    for (const deadline = Date.now() + 5000; Date.now() < deadline && !/reset/.test(latest); await new Promise((r) => setTimeout(r, 25))) {
      latest = (await sms.waitFor(person.phoneNumber)).text;
    }
    expect(latest).toMatch(/^\d{6} is your Rupee Arcade password reset code\./);
  });
});
