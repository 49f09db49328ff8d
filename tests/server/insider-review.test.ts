import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, outboxOf, rows, signIn } from '../../server/modules/accounts/accounts.test-support.js';
import { balanceOf } from '../../server/modules/ledger/index.js';
import { decideDeposit, decideWithdrawal, pendingDeposit, postWithdrawal, upiWithdrawal } from '../../server/modules/wallet/wallet.fixtures.js';
import type { App } from '../../server/types.js';
import { createTestApp, useTestApp } from '../helpers/app.js';
import { createAdmin, createPlayer, type TestUser } from '../helpers/factories.js';
import { startServer } from '../helpers/server-process.js';

// Each finding of the review of insiders (an admin as the attacker), tried again as it was found.
// Every test here must fail to exploit it. The concurrent ones prove something on PostgreSQL
// (npm run test:server:pg), where the requests really overlap.

const totp = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate();
const editAdmin = (app: App, who: TestUser, target: { id: string; fullName: string; email: string; phoneNumber: string }, extra: object) =>
  app.inject({
    method: 'PUT',
    url: '/api/v1/admin/update-admin',
    headers: who.headers,
    payload: { _id: target.id, fullName: target.fullName, email: target.email, phoneNumber: target.phoneNumber, accessPages: [], ...extra },
  });
const requestReset = (app: App, email: string) => app.inject({ method: 'POST', url: '/api/v1/users/request-reset-otp', payload: { email } });

describe('insider review: an admin acts only within the pages they hold', () => {
  let app: App;
  useTestApp((a) => (app = a));

  it('1. an admin holding only admin-management cannot take over the first admin (contact change, reset, sign-in)', async () => {
    const first = await createAdmin(app, { password: 'First#Admin123' });
    const mallory = await createAdmin(app, { accessPages: ['admin-management'] });
    const inbox = `mallory.${Date.now()}@example.com`;

    const takeover = await editAdmin(app, mallory, first, { email: inbox, accessPages: ['admin-management', 'transaction', 'games'] });
    expect(takeover.statusCode).toBe(403);
    expect(takeover.json().code).toBe('ADMIN_OUT_OF_REACH');
    // Nor the name, the phone, the limit or closing the account.
    expect((await editAdmin(app, mallory, first, { fullName: 'Renamed', accessPages: ['admin-management'] })).statusCode).toBe(403);
    expect((await editAdmin(app, mallory, first, { dailyApprovalLimit: 0, accessPages: ['admin-management'] })).statusCode).toBe(403);
    const close = await app.inject({ method: 'DELETE', url: '/api/v1/admin/delete-admin', headers: mallory.headers, payload: { email: first.email } });
    expect(close.statusCode).toBe(403);

    // The reset code can only go to the real owner's address; the attacker's inbox gets nothing.
    expect((await requestReset(app, inbox)).statusCode).toBe(200);
    expect((await app.inject({ url: `/api/v1/dev/outbox?to=${encodeURIComponent(inbox)}` })).json().data).toEqual([]);
    const [row] = await rows<{ email: string; full_name: string }>(app, sql`SELECT email, full_name FROM users WHERE id = ${first.id}`);
    expect(row.email).toBe(first.email);
    expect((await login(app, { email: first.email, password: 'First#Admin123' })).statusCode).toBe(200);

    // The admin who holds every page of another may change them.
    const junior = await createAdmin(app, { accessPages: ['games'] });
    expect((await editAdmin(app, first, junior, { fullName: 'Junior Admin', accessPages: ['games'] })).statusCode).toBe(200);
  });

  it("1. an admin's own new e-mail waits for the code sent to it, tells the old address and ends their other sessions", async () => {
    const me = await createAdmin(app, { accessPages: ['admin-management', 'games'], password: 'Own#Contact123' });
    const other = await signIn(app, { email: me.email, password: 'Own#Contact123' });
    const newEmail = `moved.${Date.now()}@example.com`;
    const asked = await editAdmin(app, me, me, { email: newEmail, fullName: 'Moved Admin', accessPages: ['admin-management', 'games'] });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().data).toMatchObject({ email: me.email, fullName: 'Moved Admin', pendingContact: { email: newEmail } });
    const [sent] = await outboxOf(app, newEmail, 1);
    expect(sent.code).toMatch(/^\d{6}$/);

    const confirm = (emailOTP: string) => app.inject({ method: 'POST', url: '/api/v1/admin/confirm-contact', headers: me.headers, payload: { emailOTP } });
    const wrong = await confirm(sent.code === '000000' ? '111111' : '000000');
    expect(wrong.statusCode).toBe(400);
    const done = await confirm(sent.code);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ message: 'Your e-mail is updated. Your other sessions have been signed out.', data: { email: newEmail } });
    const [notice] = await outboxOf(app, me.email, 1);
    expect(notice.text).toContain(`changed from ${me.email} to ${newEmail}`);
    // The other session is over; this one goes on.
    expect((await app.inject({ url: '/api/v1/users/me', headers: { authorization: other.accessToken } })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/v1/users/me', headers: me.headers })).statusCode).toBe(200);
    expect((await confirm(sent.code)).json().code).toBe('NO_PENDING_CONTACT');
  });

  it('9. a body-less JSON refresh (the original client) keeps the session', async () => {
    const p = await createPlayer(app, { password: 'Refresh#Body1' });
    const { refreshToken } = await signIn(app, { email: p.email, password: 'Refresh#Body1' });
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/users/refresh-token',
      headers: { 'content-type': 'application/json' },
      // What its browser sends: the httpOnly refresh cookie and the readable hint beside it.
      cookies: { refreshSecret: refreshToken, refreshToken: '1' },
      payload: '',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.accessToken).toEqual(expect.any(String));
    const out = await app.inject({
      method: 'POST',
      url: '/api/v1/users/logout',
      headers: { 'content-type': 'application/json', authorization: res.json().data.accessToken },
      payload: '',
    });
    expect(out.statusCode).toBe(200);
    // A call that needs a body still says so.
    const empty = await app.inject({ method: 'POST', url: '/api/v1/users/login', headers: { 'content-type': 'application/json' }, payload: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('This request needs a JSON body with its fields.');
  });

  it('8. twenty right-password sign-ins at once all succeed: no 5xx, no false "too many attempts"', async () => {
    const p = await createPlayer(app, { password: 'Many#Tabs123' });
    const results = await Promise.all(Array.from({ length: 20 }, () => login(app, { email: p.email, password: 'Many#Tabs123' })));
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    // Wrong ones at once are still held back after the free five.
    const wrong = await Promise.all(Array.from({ length: 12 }, (_, i) => login(app, { email: p.email, password: `Wrong#${i}Pass` })));
    const codes = wrong.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 401)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(7);
  });

  it('11. the audit log keeps the name an admin acted under', async () => {
    const root = await createAdmin(app);
    const actor = await createAdmin(app, { accessPages: ['admin-management', 'games'], fullName: 'Old Name' });
    const target = await createAdmin(app, { accessPages: ['games'] });
    expect((await editAdmin(app, actor, target, { fullName: 'Edited Once', accessPages: ['games'] })).statusCode).toBe(200);
    expect((await editAdmin(app, root, { ...actor }, { fullName: 'New Name', accessPages: ['admin-management', 'games'] })).statusCode).toBe(200);
    const entries = (await app.inject({ url: `/api/v1/admin/audit?actor=${actor.id}`, headers: root.headers })).json().data.entries;
    expect(entries[0]).toMatchObject({ actorName: 'Old Name', entityId: target.id });
  });
});

describe('insider review: approval limits are one decision under a lock', () => {
  let app: App;
  let other: TestUser;
  useTestApp(
    async (a) => {
      app = a;
      other = await createAdmin(a);
    },
    { checkLedgerAfterEach: true },
  );
  const limited = async (rupees: number) => {
    const admin = await createAdmin(app, { accessPages: ['withdraw-requests'] });
    await app.db.execute(sql`UPDATE users SET daily_approval_limit = ${rupees * 100} WHERE id = ${admin.id}`);
    return admin;
  };
  const withdrawals = async (count: number, rupees: number) => {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const p = await createPlayer(app, { balance: rupees });
      const res = await postWithdrawal(app, p, upiWithdrawal(rupees));
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().data._id);
    }
    return ids;
  };
  const paidBy = async (adminId: string) =>
    Number(
      (
        await rows<{ n: string }>(app, sql`SELECT coalesce(sum(amount), 0) AS n FROM wallet_withdrawals WHERE decided_by = ${adminId} AND status = 'approved'`)
      )[0].n,
    ) / 100;

  it('3. ten approvals at once by one admin with a ₹1,000 limit pay ₹1,000 at most', async () => {
    const admin = await limited(1000);
    const ids = await withdrawals(10, 450);
    const results = await Promise.all(ids.map((id) => decideWithdrawal(app, admin, id, 'approved')));
    expect(results.filter((r) => r.statusCode >= 500)).toEqual([]);
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(2);
    expect(results.filter((r) => r.statusCode === 409).every((r) => r.json().code === 'DAILY_APPROVAL_LIMIT')).toBe(true);
    expect(await paidBy(admin.id)).toBe(900);
  });

  it('4. a ₹0 limit approves nothing; no own limit means the site limit, not "none"', async () => {
    const zero = await limited(0);
    const [id] = await withdrawals(1, 100);
    const refused = await decideWithdrawal(app, zero, id, 'approved');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Your daily approval limit is ₹0: another admin must approve deposits and withdrawals.');
    expect(await paidBy(zero.id)).toBe(0);
    // Another admin with no limit of their own is held to ADMIN_DAILY_APPROVAL_LIMIT (₹5,00,000 by default).
    expect(app.config.ADMIN_DAILY_APPROVAL_LIMIT).toBe(500000);
    expect((await decideWithdrawal(app, other, id, 'approved')).statusCode).toBe(200);
  });

  it("6. two ₹50,000 withdrawals of one player: the second needs another admin's approval", async () => {
    const p = await createPlayer(app, { balance: 100_000 });
    const admin = await createAdmin(app, { accessPages: ['withdraw-requests'] });
    const first = (await postWithdrawal(app, p, upiWithdrawal(50_000))).json().data._id;
    const second = (await postWithdrawal(app, p, upiWithdrawal(50_000))).json().data._id;
    expect((await decideWithdrawal(app, admin, first, 'approved')).json().data).toMatchObject({ status: 'approved' });
    // The back office shows it as needing two admins before anyone tries.
    const listed = (await app.inject({ url: '/api/v1/wallet/history/withdrawals?status=pending&limit=50', headers: other.headers })).json();
    expect(listed.data.withdrawals.find((w: { _id: string }) => w._id === second)).toMatchObject({ needsSecondApproval: true });
    const once = await decideWithdrawal(app, admin, second, 'approved');
    expect(once.json().data).toMatchObject({ status: 'pending', awaitingSecondApproval: true });
    const again = await decideWithdrawal(app, admin, second, 'approved');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('SECOND_APPROVAL_REQUIRED');
    expect((await decideWithdrawal(app, other, second, 'approved')).json().data).toMatchObject({ status: 'approved' });
    expect(await balanceOf(app.db, p.id)).toBe(0);
  });
});

describe('insider review: nobody decides their own money', () => {
  let app: App;
  useTestApp((a) => (app = a), { checkLedgerAfterEach: true });

  it('an admin can approve neither their own deposit nor their own withdrawal; another admin can', async () => {
    const admin = await createAdmin(app, { balance: 500 });
    const other = await createAdmin(app);
    const deposit = await pendingDeposit(app, admin, 1000);
    const own = await decideDeposit(app, admin, deposit, 'approved', { amount: 1000 });
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ code: 'OWN_REQUEST', message: 'This request is your own: another admin must decide it.' });
    const withdrawal = (await postWithdrawal(app, admin, upiWithdrawal(200))).json().data._id;
    expect((await decideWithdrawal(app, admin, withdrawal, 'approved')).json().code).toBe('OWN_REQUEST');
    expect(await balanceOf(app.db, admin.id)).toBe(30_000);
    expect((await decideDeposit(app, other, deposit, 'approved', { amount: 1000 })).statusCode).toBe(200);
    expect((await decideWithdrawal(app, other, withdrawal, 'approved')).statusCode).toBe(200);
    expect(await balanceOf(app.db, admin.id)).toBe(130_000);
  });
});

describe('insider review: sessions follow the admin second factor', () => {
  it('7. turning ADMIN_2FA on ends admin sessions begun without it (access token and refresh cookie)', async () => {
    const plain = await createTestApp({}, { ADMIN_2FA: '0' });
    const strict = await createTestApp({}, { ADMIN_2FA: '1' });
    try {
      const admin = await createAdmin(plain, { password: 'Before#2fa1234' });
      const before = await signIn(plain, { email: admin.email, password: 'Before#2fa1234' });
      expect((await plain.inject({ url: '/api/v1/users/me', headers: { authorization: before.accessToken } })).statusCode).toBe(200);
      // The same database, now served with ADMIN_2FA on.
      expect((await strict.inject({ url: '/api/v1/users/me', headers: { authorization: before.accessToken } })).statusCode).toBe(401);
      expect((await strict.inject({ method: 'POST', url: '/api/v1/users/refresh-token', cookies: { refreshSecret: before.refreshToken } })).statusCode).toBe(
        401,
      );
      // Players are not affected.
      const p = await createPlayer(plain, { password: 'Player#2fa1234' });
      const player = await signIn(plain, { email: p.email, password: 'Player#2fa1234' });
      expect((await strict.inject({ url: '/api/v1/users/me', headers: { authorization: player.accessToken } })).statusCode).toBe(200);
    } finally {
      await plain.close();
      await strict.close();
    }
  });

  it("1. with ADMIN_2FA, an admin's password reset needs the second factor, and one never enrolled cannot reset by e-mail", async () => {
    const app = await createTestApp({}, { ADMIN_2FA: '1' });
    try {
      const fresh = await createAdmin(app, { password: 'Never#Enrol123' });
      // The takeover's first step is refused here too: an admin-management holder cannot move the e-mail.
      const mallory = await createAdmin(app, { accessPages: ['admin-management'] });
      const moved = await editAdmin(app, mallory, fresh, { email: `mallory.${Date.now()}@example.com`, accessPages: ['admin-management'] });
      expect(moved.json().code).toBe('ADMIN_OUT_OF_REACH');
      expect((await requestReset(app, fresh.email)).statusCode).toBe(200);
      const [code] = await outboxOf(app, fresh.email, 1);
      const refused = await app.inject({
        method: 'POST',
        url: '/api/v1/users/reset-password',
        payload: { email: fresh.email, otp: code.code, newPassword: 'Taken#Over1234' },
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('ADMIN_RESET_NEEDS_2FA');
      expect((await login(app, { email: fresh.email, password: 'Never#Enrol123' })).json().data.twoFactor).toBe('setup');

      // An enrolled admin: the reset takes the app's code as well.
      const enrolled = await createAdmin(app, { password: 'Enrolled#12345' });
      const { challenge } = (await login(app, { email: enrolled.email, password: 'Enrolled#12345' })).json().data;
      const { secret } = (await app.inject({ method: 'POST', url: '/api/v1/users/login/2fa/setup', payload: { challenge } })).json().data;
      const enrol = await app.inject({ method: 'POST', url: '/api/v1/users/login/2fa', payload: { challenge, code: totp(secret) } });
      const { recoveryCodes } = enrol.json().data;
      await requestReset(app, enrolled.email);
      const [resetCode] = await outboxOf(app, enrolled.email, 1);
      const reset = (extra: object) =>
        app.inject({
          method: 'POST',
          url: '/api/v1/users/reset-password',
          payload: { email: enrolled.email, otp: resetCode.code, newPassword: 'New#Password123', ...extra },
        });
      const without = await reset({});
      expect(without.statusCode).toBe(400);
      expect(without.json().code).toBe('TWO_FACTOR_REQUIRED');
      expect((await reset({ twoFactorCode: 'abcde-fghij' })).json().code).toBe('WRONG_CODE');
      // (The app's code of this half-minute was spent by the sign-in above: a recovery code serves.)
      const ok = await reset({ twoFactorCode: recoveryCodes[0] });
      expect(ok.statusCode, ok.body).toBe(200);
      expect((await login(app, { email: enrolled.email, password: 'New#Password123' })).json().data.twoFactor).toBe('code');
    } finally {
      await app.close();
    }
  });
});

describe('insider review: client addresses behind a proxy', () => {
  it('2. TRUST_PROXY=1 (inject): two forwarded clients have separate rate-limit buckets', async () => {
    const proxied = await createTestApp({}, { TRUST_PROXY: '1', RATE_LIMIT_MAX: '3' });
    try {
      const from = (client: string) =>
        proxied.inject({
          method: 'POST',
          url: '/api/v1/users/login',
          headers: { 'x-forwarded-for': client },
          payload: { email: `nobody.${client}@example.com`, password: 'Wrong#pass1' },
        });
      const a = [];
      for (let i = 0; i < 4; i++) a.push((await from('198.51.100.7')).statusCode);
      expect(a).toEqual([401, 401, 401, 429]);
      expect((await from('198.51.100.8')).statusCode).toBe(401);
    } finally {
      await proxied.close();
    }
  });
});

describe('insider review: what a production server hands out', () => {
  it('11. no source maps in production, and /my-channels is not cached', async () => {
    const web = mkdtempSync(join(tmpdir(), 'rupee-web-'));
    mkdirSync(join(web, 'assets'));
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>x</title>');
    writeFileSync(join(web, 'assets', 'main-abc.js'), 'console.log(1)');
    writeFileSync(join(web, 'assets', 'main-abc.js.map'), '{"version":3}');
    const prod = await createTestApp(
      {},
      { NODE_ENV: 'production', WEB_DIR: web, SMTP_URL: 'smtp://127.0.0.1:1', SMS_URL: 'http://127.0.0.1:1/sms', ADMIN_2FA: '0' },
    );
    try {
      expect((await prod.inject({ url: '/assets/main-abc.js' })).statusCode).toBe(200);
      expect((await prod.inject({ url: '/assets/main-abc.js.map' })).statusCode).toBe(404);
      const admin = await createAdmin(prod);
      const channels = await prod.inject({ url: '/my-channels', headers: admin.headers });
      expect(channels.statusCode).toBe(200);
      expect(channels.headers['cache-control']).toBe('no-store');
    } finally {
      await prod.close();
      rmSync(web, { recursive: true, force: true });
    }
  });
});

describe('insider review: play money is not money', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'rupee-mode-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('5. a PLAY_MONEY=1 database started without it (and the other way round) is refused, saying why', async () => {
    const env = { NODE_ENV: 'development', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ADMIN_PASSWORD: 'Mode#Admin1234', COLOR_CHAIN_LENGTH: '200' };
    const play = await startServer({ ...env, PLAY_MONEY: '1' });
    await play.stop();
    const real = await startServer(env).then(
      () => null,
      (err: Error) => err.message,
    );
    expect(real).toMatch(/This database holds play money \(it was made with PLAY_MONEY=1\)/);
    // Started again as it was made, it serves.
    const again = await startServer({ ...env, PLAY_MONEY: '1' });
    expect((await fetch(`${again.url}/healthz`)).status).toBe(200);
    await again.stop();

    const realDir = mkdtempSync(join(tmpdir(), 'rupee-mode-real-'));
    try {
      const made = await startServer({ ...env, DATA_DIR: realDir });
      await made.stop();
      const asPlay = await startServer({ ...env, DATA_DIR: realDir, PLAY_MONEY: '1' }).then(
        () => null,
        (err: Error) => err.message,
      );
      expect(asPlay).toMatch(/This database holds real money, and this server was started with PLAY_MONEY=1/);
    } finally {
      rmSync(realDir, { recursive: true, force: true });
    }
  }, 240_000); // four whole server starts, each migrating a new embedded database: minutes on a busy machine
});
