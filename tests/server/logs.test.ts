import { ensurePaymentTarget } from '../helpers/payment-target.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSmsGateway, type FakeSmsGateway } from '../fakes/sms.js';
import { startFakeSmtp, type FakeSmtp } from '../fakes/smtp.js';
import { startFakeBotApi, type FakeBotApi } from '../fakes/telegram.js';
import { startServer, type ServerProcess } from '../helpers/server-process.js';

// The real server in production mode, logging at debug (more than production's default), through
// a player's whole life and an admin's decisions: no password, code, token or secret may appear in
// any line it writes.
const SECRETS = {
  APP_SECRET: 'logs-app-secret-7f3a9c1e5b2d8f4a6c0e',
  ADMIN_PASSWORD: 'Admin#Log-Secret-91',
  SMS_API_KEY: 'sms-key-4b7e1d9a2c',
  TELEGRAM_BOT_TOKEN: '987654:LOG-secret-bot-token',
};

describe('the logs of a full run in production mode', () => {
  let server: ServerProcess;
  let smtp: FakeSmtp;
  let sms: FakeSmsGateway;
  let bot: FakeBotApi;
  let dataDir: string;
  /** Every secret the run handled, to be looked for in the logs. */
  const handled: { what: string; value: string }[] = Object.entries(SECRETS).map(([what, value]) => ({ what, value }));

  beforeAll(async () => {
    smtp = await startFakeSmtp();
    sms = await startFakeSmsGateway({ apiKey: SECRETS.SMS_API_KEY });
    bot = await startFakeBotApi(SECRETS.TELEGRAM_BOT_TOKEN);
    dataDir = mkdtempSync(join(tmpdir(), 'rupee-logs-'));
    server = await startServer({
      NODE_ENV: 'production',
      LOG_LEVEL: 'debug',
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      SMS_URL: sms.url,
      ADMIN_EMAIL: 'admin@logs.test',
      ADMIN_2FA: '0',
      RATE_LIMIT_MAX: '1000',
      TELEGRAM_API_URL: bot.url,
      ...SECRETS,
    });
  }, 90_000);
  afterAll(async () => {
    await server?.stop();
    await Promise.all([smtp?.close(), sms?.close(), bot?.close()]);
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json().catch(() => ({}))) as Record<string, unknown>, cookies: res.headers.getSetCookie() };
  }
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const keep = (what: string, value: string) => {
    handled.push({ what, value });
    return value;
  };

  it('holds none of the passwords, codes, tokens and secrets it handled', async () => {
    const email = 'meera.logs@example.com';
    const phoneNumber = '+919812345678';
    const password = keep('password', 'Meera#Secret-2024');
    const reg = await call('POST', '/api/v1/users/register', { fullName: 'Meera Nair', email, phoneNumber, password, ref_by: null, ageConfirmed: true });
    expect(reg.status).toBeLessThan(300);
    const userId = reg.json.userId as string;
    const emailOTP = keep('e-mail code', /verification code is (\d{6})/.exec((await smtp.waitFor(email)).raw)![1]);
    const smsOTP = keep('SMS code', /^(\d{6})/.exec((await sms.waitFor(phoneNumber)).text)![1]);
    expect((await call('POST', '/api/v1/otp/verify', { userId, emailOTP: '000000' === emailOTP ? '111111' : '000000', smsOTP })).status).toBe(400);
    expect((await call('POST', '/api/v1/otp/verify', { userId, emailOTP, smsOTP })).status).toBeLessThan(300);

    expect((await call('POST', '/api/v1/users/login', { email, password: 'Wrong#Password-1' })).status).toBe(401);
    const login = await call('POST', '/api/v1/users/login', { email, password });
    expect(login.status).toBeLessThan(300);
    const token = keep('access token', (login.json.data as { accessToken: string }).accessToken);
    const refresh = keep('refresh token', /refreshSecret=([^;]+)/.exec(login.cookies.join('\n'))![1]);
    expect((await call('GET', '/api/v1/users/me', undefined, bearer(token))).status).toBeLessThan(300);
    const refreshed = await call('POST', '/api/v1/users/refresh-token', {}, { cookie: `refreshSecret=${refresh}` });
    expect(refreshed.status).toBeLessThan(300);
    for (const c of refreshed.cookies) {
      const m = /^(accessToken|refreshSecret)=([^;]+)/.exec(c);
      if (m) keep(`refreshed ${m[1]}`, m[2]);
    }

    const admin = await call('POST', '/api/v1/users/login', { email: 'admin@logs.test', password: SECRETS.ADMIN_PASSWORD });
    expect(admin.status).toBeLessThan(300);
    const adminToken = keep('admin access token', (admin.json.data as { accessToken: string }).accessToken);
    await ensurePaymentTarget(server.url, adminToken);
    const deposit = await call(
      'POST',
      '/api/v1/wallet/deposit',
      { userId, amount: 500, method: 'UPI', details: { payNumber: 'UTR998877665544' } },
      bearer(token),
    );
    expect(deposit.status).toBeLessThan(300);
    const decided = await call(
      'PUT',
      '/api/v1/wallet/update-deposite-transaction-status',
      { id: (deposit.json.data as { _id: string })._id, status: 'approved' },
      bearer(adminToken),
    );
    expect(decided.status).toBeLessThan(300);
    expect((await call('POST', '/api/v1/chicken-road/start', { betAmount: 10, difficulty: 'Easy' }, bearer(token))).status).toBeLessThan(300);
    expect((await call('GET', '/api/v1/users/me', undefined, bearer('forged.token.value'))).status).toBe(401);

    expect((await call('POST', '/api/v1/users/request-reset-otp', { email })).status).toBeLessThan(300);
    const resetMail = await (async () => {
      for (let i = 0; i < 50; i++) {
        const m = smtp.messages.filter((x) => x.to.includes(email) && /password reset code is \d{6}/.test(x.raw)).at(-1);
        if (m) return m;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error('no reset code');
    })();
    const resetCode = keep('reset code', /password reset code is (\d{6})/.exec(resetMail.raw)![1]);
    const newPassword = keep('new password', 'Meera#Renewed-2025');
    expect((await call('POST', '/api/v1/users/reset-password', { email, otp: resetCode, newPassword })).status).toBeLessThan(300);
    expect((await call('POST', '/api/v1/users/login', { email, password: newPassword })).status).toBeLessThan(300);

    await server.stop();
    const logs = server.logs();
    expect(logs).toContain('"msg":"started"');
    expect(logs).toMatch(/"msg":"incoming request"/); // debug lines were written: the check saw them
    const found = handled.filter(({ value }) => (/^\d+$/.test(value) ? new RegExp(`(?<!\\d)${value}(?!\\d)`).test(logs) : logs.includes(value)));
    expect(found.map((f) => f.what)).toEqual([]);
  }, 120_000);
});
