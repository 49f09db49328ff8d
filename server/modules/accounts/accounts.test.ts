import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/helpers/app.js';
import type { App } from '../../types.js';
import { cookie, latestCodes, login, newPerson, outbox, REFRESH_SECRET, refresh, register, rows, verifyPerson } from './accounts.test-support.js';

describe('accounts: register, verify, sign in, refresh, sign out', () => {
  let app: App;
  useTestApp((a) => (app = a));

  it('goes the whole way through the API', async () => {
    const person = newPerson();
    const { res, body, userId } = await register(app, person);
    expect(res.statusCode).toBe(201);
    expect(body).toMatchObject({
      success: true,
      message: 'Registration successful! Please verify your email and phone number.',
      data: { _id: userId, fullName: person.fullName, email: person.email, phoneNumber: person.phoneNumber },
    });
    expect(JSON.stringify(body)).not.toMatch(/password/i);

    // Not verified yet: the right password still does not sign in.
    const early = await login(app, { email: person.email, password: person.password });
    expect(early.statusCode).toBe(401);
    expect(early.json().message).toBe('Invalid credentials or user not verified');

    const codes = await latestCodes(app, person);
    expect(codes.emailOTP).toMatch(/^\d{6}$/);
    expect(codes.smsOTP).toMatch(/^\d{6}$/);
    const mail = (await outbox(app, person.email))[0];
    expect(mail).toMatchObject({ to: person.email, channel: 'email' });
    expect(mail.text).toContain(codes.emailOTP);

    const verified = await app.inject({ method: 'POST', url: '/api/v1/otp/verify', payload: { userId, ...codes } });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ success: true, message: 'Account verified successfully! You can now sign in.' });

    const byEmail = await login(app, { email: person.email.toUpperCase(), password: person.password });
    expect(byEmail.statusCode).toBe(200);
    const { accessToken, user } = byEmail.json().data;
    // The refresh token lives only in its httpOnly cookie.
    expect(byEmail.json().data).not.toHaveProperty('refreshToken');
    expect(byEmail.body).not.toContain(cookie(byEmail, REFRESH_SECRET)!.value);
    const refreshToken = cookie(byEmail, REFRESH_SECRET)!.value;
    expect(user).toEqual({
      _id: userId,
      fullName: person.fullName,
      email: person.email,
      phoneNumber: person.phoneNumber,
      role: 'user',
      createdAt: expect.any(String),
      language: 'en',
    });
    expect(JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString()).exp).toEqual(expect.any(Number));
    for (const name of ['accessToken', REFRESH_SECRET]) {
      const c = cookie(byEmail, name)!;
      expect(c).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
      expect(c.secure).toBeFalsy();
    }

    for (const phoneNumber of [person.phoneNumber, person.phoneNumber.slice(3)]) {
      const byPhone = await login(app, { phoneNumber, password: person.password });
      expect(byPhone.statusCode, phoneNumber).toBe(200);
      expect(byPhone.json().data.user._id).toBe(userId);
    }

    for (const authorization of [accessToken, `Bearer ${accessToken}`]) {
      const me = await app.inject({ url: '/api/v1/users/me', headers: { authorization } });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({ success: true, user: { _id: userId, email: person.email, role: 'user' } });
    }
    expect((await app.inject({ url: '/api/v1/users/me', cookies: { accessToken } })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/v1/users/me' })).statusCode).toBe(401);

    // Every refresh rotates, and the next refresh works with the new cookie.
    const first = await refresh(app, refreshToken);
    expect(first.statusCode).toBe(200);
    expect(first.json().data.accessToken).toEqual(expect.any(String));
    const rotated = cookie(first, REFRESH_SECRET)!.value;
    expect(rotated).not.toBe(refreshToken);
    expect(cookie(first, 'accessToken')!.value).toBe(first.json().data.accessToken);
    const second = await refresh(app, rotated);
    expect(second.statusCode).toBe(200);
    const latest = cookie(second, REFRESH_SECRET)!.value;
    const me = await app.inject({ url: '/api/v1/users/me', headers: { authorization: second.json().data.accessToken } });
    expect(me.json().user._id).toBe(userId);

    const out = await app.inject({ method: 'POST', url: '/api/v1/users/logout', cookies: { [REFRESH_SECRET]: latest } });
    expect(out.statusCode).toBe(200);
    expect(out.json().success).toBe(true);
    for (const name of ['accessToken', REFRESH_SECRET, 'refreshToken']) {
      const c = cookie(out, name)!;
      expect(c.value).toBe('');
      expect(c.expires!.getTime()).toBeLessThanOrEqual(Date.now());
    }
    expect((await refresh(app, latest)).statusCode).toBe(401);
  });

  it('refuses a reused refresh token and closes its whole family', async () => {
    const person = newPerson();
    const { userId } = await register(app, person);
    await verifyPerson(app, userId, person);
    const old = cookie(await login(app, { email: person.email, password: person.password }), REFRESH_SECRET)!.value;
    const next = cookie(await refresh(app, old), REFRESH_SECRET)!.value;
    // Past the grace window for a second tab of the same browser.
    await app.db.execute(sql`UPDATE refresh_tokens SET rotated_at = now() - interval '1 minute' WHERE user_id = ${userId} AND rotated_at IS NOT NULL`);

    const reuse = await refresh(app, old);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().message).toMatch(/sign in again/i);
    // The thief's replay also ends the real owner's session.
    expect((await refresh(app, next)).statusCode).toBe(401);
    const [{ open }] = await rows<{ open: number }>(
      app,
      sql`SELECT count(*)::int AS open FROM refresh_tokens WHERE user_id = ${userId} AND revoked_at IS NULL`,
    );
    expect(open).toBe(0);
  });

  it('never lets a repeated registration change an unverified account, and refuses duplicates of a verified one', async () => {
    const person = newPerson();
    const first = await register(app, person);
    const firstCodes = await latestCodes(app, person);
    // Within the cooldown the repeat changes nothing and keeps the codes already sent.
    const again = await register(app, { ...person, fullName: 'Asha R Rao', password: 'Other#Pass99' });
    expect(again.res.statusCode).toBe(409);
    expect(again.body).toMatchObject({
      code: 'PENDING_VERIFICATION',
      message: expect.stringMatching(/^This e-mail is waiting for verification: enter the code we sent, or ask for a new one in \d+ seconds\.$/),
      data: { userId: first.userId },
    });
    expect(await latestCodes(app, person)).toEqual(firstCodes);
    // After the cooldown it sends fresh codes to the contacts on record.
    await app.db.execute(sql`UPDATE otp_codes SET sent_at = sent_at - interval '61 seconds' WHERE user_id = ${first.userId}`);
    const third = await register(app, person);
    expect(third.res.statusCode).toBe(409);
    expect(third.body.message).toBe('This e-mail is waiting for verification: we sent a new code.');
    expect((await outbox(app, person.email)).length).toBe(2);
    expect((await verifyPerson(app, first.userId, person)).statusCode).toBe(200);
    const [row] = await rows<{ full_name: string }>(app, sql`SELECT full_name FROM users WHERE id = ${first.userId}`);
    expect(row.full_name).toBe(person.fullName);
    expect((await login(app, { email: person.email, password: person.password })).statusCode).toBe(200);

    const sameEmail = await register(app, { ...newPerson(), email: person.email });
    expect(sameEmail.res.statusCode).toBe(409);
    expect(sameEmail.body.message).toBe('An account with this email already exists.');
    const samePhone = await register(app, { ...newPerson(), phoneNumber: person.phoneNumber });
    expect(samePhone.res.statusCode).toBe(409);
    expect(samePhone.body.message).toBe('An account with this phone number already exists.');
  });

  it('stores the referrer and refuses an unknown referral code', async () => {
    const referrer = newPerson();
    const { userId: referrerId } = await register(app, referrer);
    const [{ code }] = await rows<{ code: string }>(app, sql`SELECT referral_code AS code FROM users WHERE id = ${referrerId}`);
    expect(code).toMatch(/^[A-Z2-9]{8}$/);

    const bad = await register(app, newPerson(), 'NOSUCHCODE');
    expect(bad.res.statusCode).toBe(400);
    expect(bad.body.message).toBe('Referral code is not valid.');

    const { res, userId } = await register(app, newPerson(), code.toLowerCase());
    expect(res.statusCode).toBe(201);
    const [row] = await rows<{ referred_by: string }>(app, sql`SELECT referred_by FROM users WHERE id = ${userId}`);
    expect(row.referred_by).toBe(referrerId);
    // The wallet exists from the start.
    const [wallet] = await rows<{ n: number }>(app, sql`SELECT count(*)::int AS n FROM ledger_accounts WHERE user_id = ${userId} AND kind = 'wallet'`);
    expect(wallet.n).toBe(1);
    // Empty string and null both mean no referrer.
    expect((await register(app, newPerson(), '')).res.statusCode).toBe(201);
  });
});
