import { describe, expect, it } from 'vitest';
import { OTP_RESEND_COOLDOWN_SECONDS } from '../../../contracts/account-rules.js';
import { useTestApp } from '../../../tests/helpers/app.js';
import { createAdmin, type TestUser } from '../../../tests/helpers/factories.js';
import { manualClock } from '../../lib/clock.js';
import type { App } from '../../types.js';
import { outbox, outboxOf } from './accounts.test-support.js';

const clock = manualClock(new Date('2026-03-02T10:00:00.000Z'));

describe("an admin's own new e-mail or phone", () => {
  let app: App;
  useTestApp((a) => (app = a), { clock });

  const moveTo = (me: TestUser, email: string) =>
    app.inject({
      method: 'PUT',
      url: '/api/v1/admin/update-admin',
      headers: me.headers,
      payload: { _id: me.id, fullName: me.fullName, email, phoneNumber: me.phoneNumber, accessPages: ['admin-management', 'games'] },
    });
  let n = 0;
  const address = () => `elsewhere.${Date.now()}.${++n}@example.com`;

  it('gets a code at most once a resend cooldown, and only a few within an hour; each refusal says when to try again', async () => {
    const me = await createAdmin(app, { accessPages: ['admin-management', 'games'] });
    const first = address();
    expect((await moveTo(me, first)).statusCode).toBe(200);
    await outboxOf(app, first, 1);

    const soon = address();
    const again = await moveTo(me, soon);
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({
      code: 'OTP_COOLDOWN',
      message: expect.stringMatching(/^A code was sent to a new address a moment ago\. Please wait \d+ seconds/),
    });
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(again.headers['retry-after'])).toBeLessThanOrEqual(OTP_RESEND_COOLDOWN_SECONDS);
    expect(await outbox(app, soon)).toEqual([]);

    // One try a minute for an hour: a few more codes go out, then the account is held back.
    let sent = 1;
    const refused = new Set<string>();
    for (let minute = 1; minute < 60; minute++) {
      clock.advance(61_000);
      const to = address();
      const res = await moveTo(me, to);
      if (res.statusCode === 200) {
        sent++;
        continue;
      }
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      refused.add(res.json().code);
      expect(await outbox(app, to)).toEqual([]);
    }
    expect(sent).toBeLessThanOrEqual(10);
    expect(refused).toContain('TOO_MANY_ATTEMPTS');
  });

  it('keeps counting after a change is confirmed, so confirming one of their own does not open the way to more', async () => {
    const me = await createAdmin(app, { accessPages: ['admin-management', 'games'] });
    let pending = '';
    for (let tries = 0; ; tries++) {
      expect(tries).toBeLessThan(10);
      clock.advance(61_000);
      const to = address();
      const res = await moveTo(me, to);
      if (res.statusCode !== 200) {
        expect(res.json().code).toBe('TOO_MANY_ATTEMPTS');
        break;
      }
      pending = to;
    }
    const [code] = await outboxOf(app, pending, 1);
    const done = await app.inject({ method: 'POST', url: '/api/v1/admin/confirm-contact', headers: me.headers, payload: { emailOTP: code.code } });
    expect(done.statusCode, done.body).toBe(200);
    const after = await moveTo(me, address());
    expect(after.statusCode).toBe(429);
    expect(after.json()).toMatchObject({
      code: 'TOO_MANY_ATTEMPTS',
      message: expect.stringMatching(/^Too many codes were sent to new addresses of this account\. Please wait \d+ (seconds|minutes) and try again\.$/),
    });
  });
});
