import { describe, expect, it } from 'vitest';
import { createTestApp, useTestApp } from '../../../tests/helpers/app.js';
import { createPlayer, type TestUser } from '../../../tests/helpers/factories.js';
import type { App } from '../../types.js';
import { login, newPerson, PASSWORD } from './accounts.test-support.js';

const BIG = 'x'.repeat(10 * 1024);
const UUID = '00000000-0000-4000-8000-000000000000';

type Case = [name: string, method: 'POST' | 'GET', url: string, payload: unknown, expected: RegExp | string];

const person = newPerson();
const cases: Case[] = [
  // register
  ['register: no body fields', 'POST', '/users/register', {}, 'fullName: Name is required'],
  ['register: missing email', 'POST', '/users/register', { ...person, email: undefined }, 'email: Email is required'],
  ['register: missing phone', 'POST', '/users/register', { ...person, phoneNumber: undefined }, 'phoneNumber: Phone number is required'],
  ['register: missing password', 'POST', '/users/register', { ...person, password: undefined }, 'password: Password is required'],
  ['register: name of one letter', 'POST', '/users/register', { ...person, fullName: 'A' }, 'fullName: Name must be at least 2 characters long'],
  ['register: name with digits', 'POST', '/users/register', { ...person, fullName: 'R2D2' }, 'fullName: Name can only contain letters and spaces'],
  ['register: name is a number', 'POST', '/users/register', { ...person, fullName: 42 }, 'fullName: Name must be text'],
  ['register: 10 KB name', 'POST', '/users/register', { ...person, fullName: BIG }, /fullName: Name must be at most 100/],
  ['register: bad e-mail', 'POST', '/users/register', { ...person, email: 'asha@' }, 'email: Please enter a valid email address'],
  ['register: 10 KB e-mail', 'POST', '/users/register', { ...person, email: `${BIG}@example.com` }, /email: Email must be at most 254/],
  [
    'register: phone too short for India',
    'POST',
    '/users/register',
    { ...person, phoneNumber: '+91123' },
    'phoneNumber: Invalid phone number format for India',
  ],
  ['register: unknown country code', 'POST', '/users/register', { ...person, phoneNumber: '+999123456' }, 'phoneNumber: Invalid country code'],
  ['register: phone without +', 'POST', '/users/register', { ...person, phoneNumber: '9876543210' }, /phoneNumber: Phone number must start with \+/],
  ['register: phone is a number', 'POST', '/users/register', { ...person, phoneNumber: 919876543210 }, 'phoneNumber: Phone number must be text'],
  ['register: 10 KB phone', 'POST', '/users/register', { ...person, phoneNumber: BIG }, 'phoneNumber: Phone number is too long'],
  ['register: short password', 'POST', '/users/register', { ...person, password: 'Ab#1' }, 'password: Password must be at least 8 characters long'],
  ['register: no lowercase', 'POST', '/users/register', { ...person, password: 'SECRET#123' }, 'password: Password must contain at least one lowercase letter'],
  ['register: no uppercase', 'POST', '/users/register', { ...person, password: 'secret#123' }, 'password: Password must contain at least one uppercase letter'],
  ['register: no number', 'POST', '/users/register', { ...person, password: 'Secret#abc' }, 'password: Password must contain at least one number'],
  ['register: no special', 'POST', '/users/register', { ...person, password: 'Secret1234' }, 'password: Password must contain at least one special character'],
  ['register: 10 KB password', 'POST', '/users/register', { ...person, password: `A#1${BIG}` }, /password: Password must be at most 128/],
  ['register: referral is a number', 'POST', '/users/register', { ...person, ref_by: 7 }, 'ref_by: Referral code must be text'],
  ['register: 10 KB referral', 'POST', '/users/register', { ...person, ref_by: BIG }, 'ref_by: Referral code is too long'],
  ['register: body is an array', 'POST', '/users/register', [1, 2], /expected object/i],
  // login
  ['login: nothing', 'POST', '/users/login', {}, /Email or phone number is required|Password is required/],
  ['login: no password', 'POST', '/users/login', { email: 'a@b.co' }, 'password: Password is required'],
  ['login: bad e-mail', 'POST', '/users/login', { email: 'nope', password: PASSWORD }, 'email: Please enter a valid email'],
  ['login: password is a number', 'POST', '/users/login', { email: 'a@b.co', password: 12345678 }, 'password: Password must be text'],
  ['login: 10 KB e-mail', 'POST', '/users/login', { email: BIG, password: PASSWORD }, /email: Email must be at most 254/],
  ['login: 10 KB phone', 'POST', '/users/login', { phoneNumber: BIG, password: PASSWORD }, 'phoneNumber: Phone number is too long'],
  ['login: 10 KB password', 'POST', '/users/login', { email: 'a@b.co', password: BIG }, /password: Password must be at most 128/],
  ['login: phone is an object', 'POST', '/users/login', { phoneNumber: { $gt: '' }, password: PASSWORD }, 'phoneNumber: Phone number must be text'],
  // verify
  ['verify: nothing', 'POST', '/otp/verify', {}, 'userId: User id is required'],
  ['verify: user id not an id', 'POST', '/otp/verify', { userId: 'abc', emailOTP: '123456', smsOTP: '123456' }, 'userId: User id is not valid'],
  ['verify: 10 KB user id', 'POST', '/otp/verify', { userId: BIG, emailOTP: '123456', smsOTP: '123456' }, 'userId: User id is not valid'],
  ['verify: five digits', 'POST', '/otp/verify', { userId: UUID, emailOTP: '12345', smsOTP: '123456' }, 'emailOTP: Please enter 6-digit OTP code'],
  ['verify: letters', 'POST', '/otp/verify', { userId: UUID, emailOTP: '123456', smsOTP: 'abcdef' }, 'smsOTP: Please enter 6-digit OTP code'],
  ['verify: code is a number', 'POST', '/otp/verify', { userId: UUID, emailOTP: 123456, smsOTP: '123456' }, 'emailOTP: Please enter 6-digit OTP code'],
  ['verify: 10 KB code', 'POST', '/otp/verify', { userId: UUID, emailOTP: BIG, smsOTP: '123456' }, 'emailOTP: Please enter 6-digit OTP code'],
  ['verify: missing e-mail code', 'POST', '/otp/verify', { userId: UUID, smsOTP: '123456' }, 'emailOTP: Please enter 6-digit OTP code'],
  // resend
  ['resend: nothing', 'POST', '/otp/resend', {}, 'userId: User id is required'],
  ['resend: user id is a number', 'POST', '/otp/resend', { userId: 5 }, 'userId: User id must be text'],
  ['resend: 10 KB user id', 'POST', '/otp/resend', { userId: BIG }, 'userId: User id is not valid'],
  // forgot password
  ['request reset: nothing', 'POST', '/users/request-reset-otp', {}, 'email: Email or phone number is required'],
  ['request reset: bad e-mail', 'POST', '/users/request-reset-otp', { email: 'nope' }, 'email: Please enter a valid email'],
  ['request reset: 10 KB phone', 'POST', '/users/request-reset-otp', { phoneNumber: BIG }, 'phoneNumber: Phone number is too long'],
  ['request reset: e-mail is a list', 'POST', '/users/request-reset-otp', { email: ['a@b.co'] }, 'email: Email must be text'],
  ['reset: nothing', 'POST', '/users/reset-password', {}, /otp: Please enter 6-digit OTP code|newPassword: Password is required|Email or phone/],
  [
    'reset: weak password',
    'POST',
    '/users/reset-password',
    { email: 'a@b.co', otp: '123456', newPassword: 'weak' },
    'newPassword: Password must be at least 8 characters long',
  ],
  ['reset: 10 KB code', 'POST', '/users/reset-password', { email: 'a@b.co', otp: BIG, newPassword: 'Better#456' }, 'otp: Please enter 6-digit OTP code'],
  [
    'reset: unknown account',
    'POST',
    '/users/reset-password',
    { email: 'nobody@example.com', otp: '123456', newPassword: 'Better#456' },
    'Invalid or expired code',
  ],
  // public and dev
  ['outbox: no recipient', 'GET', '/dev/outbox', undefined, /to is required/],
];

describe('bad input on every accounts call: a clear 4xx, never a 5xx', () => {
  let app: App;
  let player: TestUser;
  useTestApp(async (a) => {
    app = a;
    player = await createPlayer(a);
  });

  it.each(cases)('%s', async (_name, method, url, payload, expected) => {
    const res = await app.inject({ method, url: `/api/v1${url}`, ...(payload === undefined ? {} : { payload: payload as object }) });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.success).toBe(false);
    if (typeof expected === 'string') expect(body.message).toBe(expected);
    else expect(body.message).toMatch(expected);
  });

  it('refuses bad input on the signed-in calls', async () => {
    const auth = player.headers;
    const change = (payload: unknown) => app.inject({ method: 'POST', url: '/api/v1/users/change-password', headers: auth, payload: payload as object });
    const expectations: [unknown, string | RegExp][] = [
      [{}, 'oldPassword: Old password is required'],
      [{ oldPassword: PASSWORD }, 'newPassword: Password is required'],
      [{ oldPassword: BIG, newPassword: 'Better#456' }, 'oldPassword: Old password is too long'],
      [{ oldPassword: PASSWORD, newPassword: BIG }, /newPassword: Password must be at most 128/],
      [{ oldPassword: PASSWORD, newPassword: 'weakpass1' }, 'newPassword: Password must contain at least one uppercase letter'],
      [{ oldPassword: 1, newPassword: 'Better#456' }, 'oldPassword: Old password must be text'],
      [{ oldPassword: 'Wrong#1234', newPassword: 'Better#456' }, 'Old password is incorrect'],
      [{ oldPassword: PASSWORD, newPassword: PASSWORD }, /different/],
    ];
    for (const [payload, message] of expectations) {
      const res = await change(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      if (typeof message === 'string') expect(res.json().message).toBe(message);
      else expect(res.json().message).toMatch(message);
    }
    for (const url of ['/api/v1/users/balance/', '/api/v1/users/referral-link/']) {
      const res = await app.inject({ url: `${url}abc`, headers: auth });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toBe('userId: User id is not valid');
      // Past the router's parameter limit the answer is 414, still a 4xx with a message.
      const long = await app.inject({ url: url + BIG, headers: auth });
      expect(long.statusCode).toBeGreaterThanOrEqual(400);
      expect(long.statusCode).toBeLessThan(500);
      expect(long.json().message).toEqual(expect.any(String));
    }
    // Signed-in calls without credentials.
    expect(
      (await app.inject({ method: 'POST', url: '/api/v1/users/change-password', payload: { oldPassword: PASSWORD, newPassword: 'Better#456' } })).statusCode,
    ).toBe(401);
    expect((await app.inject({ url: `/api/v1/users/balance/${player.id}` })).statusCode).toBe(401);
  });

  it('asks an anonymous caller to sign in before looking at what they sent', async () => {
    const anonymous = [
      app.inject({ method: 'POST', url: '/api/v1/users/change-password', payload: {} }),
      app.inject({ method: 'POST', url: '/api/v1/users/change-password', payload: { oldPassword: BIG, newPassword: 'weak' } }),
      app.inject({ url: '/api/v1/users/balance/abc' }),
      app.inject({ url: '/api/v1/users/referral-link/abc' }),
      app.inject({ url: '/api/v1/users/me' }),
    ];
    for (const res of await Promise.all(anonymous)) {
      expect(res.statusCode, res.body.slice(0, 80)).toBe(401);
      expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    }
  });

  it('treats garbage tokens as no credentials', async () => {
    for (const authorization of ['Bearer', 'Bearer null', `Bearer ${BIG}`, 'not-a-jwt', 'Basic YTpi']) {
      const res = await app.inject({ url: '/api/v1/users/me', headers: { authorization } });
      expect(res.statusCode, authorization.slice(0, 20)).toBe(401);
    }
    for (const [name, value] of ['refreshSecret', 'refreshToken'].flatMap((n) => ['', 'nope', '1', BIG.slice(0, 3000)].map((v) => [n, v]))) {
      const res = await app.inject({ method: 'POST', url: '/api/v1/users/refresh-token', cookies: { [name]: value } });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toMatch(/sign in again/);
    }
    expect((await app.inject({ method: 'POST', url: '/api/v1/users/refresh-token' })).statusCode).toBe(401);
    // Sign-out without a session is fine.
    expect((await app.inject({ method: 'POST', url: '/api/v1/users/logout' })).statusCode).toBe(200);
  });

  it('answers wrong credentials with the one message', async () => {
    const cases = [
      { email: player.email, password: 'Wrong#1234' },
      { email: 'nobody@example.com', password: PASSWORD },
      { phoneNumber: '12', password: PASSWORD },
      { phoneNumber: 'abc', password: PASSWORD },
    ];
    for (const payload of cases) {
      const res = await login(app, payload);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Invalid credentials or user not verified');
    }
  });

  it('refuses non-JSON bodies and broken JSON', async () => {
    const text = await app.inject({ method: 'POST', url: '/api/v1/users/login', headers: { 'content-type': 'text/plain' }, payload: 'email=a' });
    expect(text.statusCode).toBeGreaterThanOrEqual(400);
    expect(text.statusCode).toBeLessThan(500);
    const broken = await app.inject({
      method: 'POST',
      url: '/api/v1/users/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"fullName":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toMatch(/not valid JSON/);
  });
});

describe('rate limits', () => {
  it('answers 429 once RATE_LIMIT_MAX sign-in attempts are spent', async () => {
    const app = await createTestApp({ RATE_LIMIT_MAX: 3 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await login(app, { email: 'nobody@example.com', password: 'Wrong#1234' })).statusCode);
      expect(statuses).toEqual([401, 401, 401, 429]);
      const limited = await login(app, { email: 'nobody@example.com', password: 'Wrong#1234' });
      expect(limited.json()).toMatchObject({ success: false, code: 'RATE_LIMITED', message: expect.stringMatching(/Too many attempts/) });
      // Each guarded call has its own budget.
      for (const url of ['/users/register', '/otp/verify', '/otp/resend', '/users/refresh-token', '/users/request-reset-otp', '/users/reset-password']) {
        const hits: number[] = [];
        for (let i = 0; i < 4; i++) hits.push((await app.inject({ method: 'POST', url: `/api/v1${url}`, payload: {} })).statusCode);
        expect(hits[3], url).toBe(429);
        expect(
          hits.slice(0, 3).every((s) => s >= 400 && s < 429),
          url,
        ).toBe(true);
      }
    } finally {
      await app.close();
    }
  });
});
