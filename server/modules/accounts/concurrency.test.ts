import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/helpers/app.js';
import type { App } from '../../types.js';
import { cookie, latestCodes, newPerson, REFRESH_SECRET, refresh, register, registerVerified, rows, signIn } from './accounts.test-support.js';

// These prove something on PostgreSQL, where requests really overlap; on PGlite they run one by one.
describe('accounts under concurrent requests', () => {
  let app: App;
  useTestApp((a) => (app = a));

  it('registers the same person once when the form is sent several times at once', async () => {
    const person = newPerson();
    const answers = await Promise.all(Array.from({ length: 5 }, () => register(app, person)));
    for (const a of answers) expect([201, 409]).toContain(a.res.statusCode);
    const ids = new Set(answers.filter((a) => a.res.statusCode === 201).map((a) => a.userId));
    expect(ids.size).toBe(1);
    const [{ n }] = await rows<{ n: number }>(app, sql`SELECT count(*)::int AS n FROM users WHERE email = ${person.email}`);
    expect(n).toBe(1);
  });

  it('counts every wrong guess even when they arrive together', async () => {
    const person = newPerson();
    const { userId } = await register(app, person);
    const codes = await latestCodes(app, person);
    const wrong = String((Number(codes.emailOTP) + 1) % 1e6).padStart(6, '0');
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => app.inject({ method: 'POST', url: '/api/v1/otp/verify', payload: { userId, emailOTP: wrong, smsOTP: codes.smsOTP } })),
    );
    expect(answers.every((r) => r.statusCode === 400)).toBe(true);
    const [{ attempts }] = await rows<{ attempts: number }>(app, sql`SELECT attempts FROM otp_codes WHERE user_id = ${userId} AND channel = 'email'`);
    expect(attempts).toBe(5);
    const right = await app.inject({ method: 'POST', url: '/api/v1/otp/verify', payload: { userId, ...codes } });
    expect(right.json().message).toBe('Too many wrong attempts. Request a new code.');
  });

  it('keeps one browser signed in when its tabs refresh at once, rotating the token only once', async () => {
    const person = await registerVerified(app);
    const { refreshToken } = await signIn(app, { email: person.email, password: person.password });
    const answers = await Promise.all([refresh(app, refreshToken), refresh(app, refreshToken), refresh(app, refreshToken)]);
    // Every tab gets an access token for the same session; only one answer carries the next refresh token.
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    for (const r of answers) {
      const me = await app.inject({ url: '/api/v1/users/me', headers: { authorization: r.json().data.accessToken } });
      expect(me.statusCode).toBe(200);
    }
    const next = answers.map((r) => cookie(r, REFRESH_SECRET)?.value).filter(Boolean) as string[];
    expect(next).toHaveLength(1);
    expect((await refresh(app, next[0])).statusCode).toBe(200);
    const [{ open }] = await rows<{ open: number }>(
      app,
      sql`SELECT count(*)::int AS open FROM refresh_tokens WHERE user_id = ${person.id} AND revoked_at IS NULL`,
    );
    expect(open).toBe(3); // the first token, its successor and the newest: none revoked
  });

  it('sends one set of codes when resend is pressed several times at once', async () => {
    const person = newPerson();
    const { userId } = await register(app, person);
    await app.db.execute(sql`UPDATE otp_codes SET sent_at = sent_at - interval '61 seconds' WHERE user_id = ${userId}`);
    const answers = await Promise.all(Array.from({ length: 4 }, () => app.inject({ method: 'POST', url: '/api/v1/otp/resend', payload: { userId } })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 429, 429, 429]);
  });
});
