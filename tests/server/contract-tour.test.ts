import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as accounts from '../../contracts/accounts.js';
import * as backoffice from '../../contracts/backoffice.js';
import { overviewAnswerSchema } from '../../contracts/reports.js';
import * as chicken from '../../contracts/chicken.js';
import * as color from '../../contracts/color.js';
import { errorSchema, ok, okMessage } from '../../contracts/envelope.js';
import { rankingAnswerSchema } from '../../contracts/ranking.js';
import * as responsible from '../../contracts/responsible.js';
import * as site from '../../contracts/site.js';
import { siteSettingsAnswerSchema } from '../../contracts/site.js';
import * as spinner from '../../contracts/spinner.js';
import * as telegram from '../../contracts/telegram.js';
import * as wallet from '../../contracts/wallet.answers.js';
import { latestCodes, newPerson, register } from '../../server/modules/accounts/accounts.test-support.js';
import { multipart, nextPayNumber, PNG_BYTES, upiDeposit, upiWithdrawal } from '../../server/modules/wallet/wallet.fixtures.js';
import type { App } from '../../server/types.js';
import { useTestApp, seedPaymentTargets } from '../helpers/app.js';
import { createAdmin, createPlayer, type TestUser } from '../helpers/factories.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Call {
  method: Method;
  url: string;
  who?: TestUser | null;
  payload?: unknown;
  headers?: Record<string, string>;
}

// A walk through every call of the API, once as it should succeed and once as it should fail,
// checking each answer against its schema in contracts/ from the outside (the server's own
// serializer checks them too).
describe('every call answers as its contract says', () => {
  let app: App;
  let player: TestUser;
  let admin: TestUser;
  useTestApp(async (a) => {
    app = a;
    player = await createPlayer(a, { balance: 1000 });
    admin = await createAdmin(a);
  });

  async function check(call: Call, status: number, schema: z.ZodType) {
    const res = await app.inject({
      method: call.method,
      url: call.url,
      headers: { ...(call.who?.headers ?? {}), ...(call.headers ?? {}) },
      payload: call.payload as string,
    });
    const what = `${call.method} ${call.url} → ${res.statusCode} ${res.body.slice(0, 300)}`;
    expect(res.statusCode, what).toBe(status);
    // No answer anywhere carries a password hash, a password field or a known password.
    expect(res.body, what).not.toMatch(/\$argon2|passwordHash|"password":\s*"|Secret#123|Tour#Admin123|New#Pass1234/);
    const parsed = schema.safeParse(res.json());
    expect(parsed.success, `${what}\n${parsed.error?.message}`).toBe(true);
    return res.json();
  }
  const fails = (call: Call, status: number) => check(call, status, errorSchema);

  it('accounts', async () => {
    const person = newPerson();
    await check(
      { method: 'POST', url: '/api/v1/users/register', payload: { ...person, ref_by: null, ageConfirmed: true } },
      201,
      accounts.registerAnswerSchema,
    );
    await fails({ method: 'POST', url: '/api/v1/users/register', payload: { ...person, email: 'nope' } }, 400);
    const { userId } = await register(app, newPerson());
    await app.db.execute(`UPDATE otp_codes SET sent_at = sent_at - interval '2 minutes'`);
    await check({ method: 'POST', url: '/api/v1/otp/resend', payload: { userId } }, 200, accounts.resendAnswerSchema);
    await fails({ method: 'POST', url: '/api/v1/otp/resend', payload: { userId } }, 429);
    const codes = await latestCodes(app, person);
    const [{ id }] = ((await app.db.execute(`SELECT id FROM users WHERE email = '${person.email}'`)) as unknown as { rows: { id: string }[] }).rows;
    await fails({ method: 'POST', url: '/api/v1/otp/verify', payload: { userId: id, emailOTP: '000000', smsOTP: '000000' } }, 400);
    await check({ method: 'POST', url: '/api/v1/otp/verify', payload: { userId: id, ...codes } }, 200, okMessage);

    const login = await check(
      { method: 'POST', url: '/api/v1/users/login', payload: { email: person.email, password: person.password } },
      200,
      accounts.loginAnswerSchema,
    );
    await fails({ method: 'POST', url: '/api/v1/users/login', payload: { email: person.email, password: 'Wrong#pass1' } }, 401);
    const cookieRes = await app.inject({ method: 'POST', url: '/api/v1/users/login', payload: { email: person.email, password: person.password } });
    const refreshToken = cookieRes.cookies.find((c) => c.name === 'refreshSecret')!.value;
    await check(
      { method: 'POST', url: '/api/v1/users/refresh-token', headers: { cookie: `refreshSecret=${refreshToken}` } },
      200,
      accounts.refreshAnswerSchema,
    );
    await fails({ method: 'POST', url: '/api/v1/users/refresh-token' }, 401);
    const me = {
      id,
      email: person.email,
      phoneNumber: person.phoneNumber,
      fullName: person.fullName,
      password: person.password,
      token: login.data.accessToken,
      headers: { authorization: login.data.accessToken },
    };
    await check({ method: 'GET', url: '/api/v1/users/me', who: me }, 200, accounts.meAnswerSchema);
    await fails({ method: 'GET', url: '/api/v1/users/me' }, 401);
    await check({ method: 'GET', url: `/api/v1/users/balance/${me.id}`, who: me }, 200, accounts.balanceAnswerSchema);
    await fails({ method: 'GET', url: `/api/v1/users/balance/${player.id}`, who: me }, 403);
    await check({ method: 'GET', url: `/api/v1/users/referral-link/${me.id}`, who: me }, 200, accounts.referralLinkAnswerSchema);
    await fails({ method: 'GET', url: `/api/v1/users/referral-link/${player.id}`, who: me }, 403);
    await fails({ method: 'POST', url: '/api/v1/users/change-password', who: me, payload: { oldPassword: 'Wrong#pass1', newPassword: 'Better#Pass2' } }, 400);
    await check(
      { method: 'POST', url: '/api/v1/users/change-password', who: me, payload: { oldPassword: person.password, newPassword: 'Better#Pass2' } },
      200,
      okMessage,
    );
    await check({ method: 'POST', url: '/api/v1/users/request-reset-otp', payload: { email: person.email } }, 200, okMessage);
    await fails({ method: 'POST', url: '/api/v1/users/request-reset-otp', payload: {} }, 400);
    await fails({ method: 'POST', url: '/api/v1/users/reset-password', payload: { email: person.email, otp: '000000', newPassword: 'Fresh#Pass3' } }, 400);
    const [reset] = (await app.inject({ url: `/api/v1/dev/outbox?to=${encodeURIComponent(person.email)}` })).json().data as { code: string }[];
    await check(
      { method: 'POST', url: '/api/v1/users/reset-password', payload: { email: person.email, otp: reset.code, newPassword: 'Fresh#Pass3' } },
      200,
      okMessage,
    );
    await check({ method: 'POST', url: '/api/v1/users/logout', who: await createPlayer(app) }, 200, okMessage);
    await check({ method: 'GET', url: `/api/v1/dev/outbox?to=${encodeURIComponent(person.email)}` }, 200, accounts.outboxAnswerSchema);
    await fails({ method: 'GET', url: '/api/v1/dev/outbox' }, 400);
  });

  it('back office: users, admins and the audit log', async () => {
    const p = await createPlayer(app);
    await check({ method: 'GET', url: '/api/v1/users/?q=Test', who: admin }, 200, backoffice.usersAnswerSchema);
    await fails({ method: 'GET', url: '/api/v1/users/', who: p }, 403);
    const edit = { fullName: 'Edited Name', email: p.email, phoneNumber: p.phoneNumber, password: '' };
    await check({ method: 'PUT', url: `/api/v1/users/${p.id}`, who: admin, payload: edit }, 200, backoffice.userAnswerSchema);
    await fails({ method: 'PUT', url: `/api/v1/users/${p.id}`, who: admin, payload: { ...edit, fullName: '' } }, 400);
    await check(
      { method: 'POST', url: `/api/v1/admin/users/${p.id}/password`, who: admin, payload: { password: 'New#Pass1234' } },
      200,
      backoffice.userAnswerSchema,
    );
    await fails({ method: 'POST', url: `/api/v1/admin/users/${p.id}/password`, who: admin, payload: { password: 'short' } }, 400);
    await check({ method: 'POST', url: `/api/v1/admin/users/${p.id}/block`, who: admin, payload: { blocked: true } }, 200, backoffice.userAnswerSchema);
    await fails({ method: 'POST', url: `/api/v1/admin/users/${p.id}/block`, who: admin, payload: { blocked: 'yes' } }, 400);
    await check({ method: 'GET', url: '/api/v1/admin/get-admin', who: admin }, 200, backoffice.adminsAnswerSchema);
    await fails({ method: 'GET', url: '/api/v1/admin/get-admin', who: p }, 401);
    const newAdmin = { name: 'Tour Admin', email: `tour.${Date.now()}@example.com`, phone: '9876501234', password: 'Tour#Admin123', accessPages: ['qr-code'] };
    const created = await check({ method: 'POST', url: '/api/v1/admin/add-admin', who: admin, payload: newAdmin }, 201, backoffice.adminAnswerSchema);
    await fails({ method: 'POST', url: '/api/v1/admin/add-admin', who: admin, payload: { ...newAdmin, phone: '123' } }, 400);
    const row = created.data;
    await check(
      { method: 'PUT', url: '/api/v1/admin/update-admin', who: admin, payload: { ...row, accessPages: ['qr-code', 'games'] } },
      200,
      backoffice.adminAnswerSchema,
    );
    await fails({ method: 'PUT', url: '/api/v1/admin/update-admin', who: admin, payload: { ...row, _id: 'nobody' } }, 404);
    await check({ method: 'DELETE', url: '/api/v1/admin/delete-admin', who: admin, payload: { email: row.email } }, 200, backoffice.adminAnswerSchema);
    await fails({ method: 'DELETE', url: '/api/v1/admin/delete-admin', who: admin, payload: { email: row.email } }, 404);
    await check({ method: 'GET', url: '/api/v1/admin/audit?action=admin.create', who: admin }, 200, backoffice.auditAnswerSchema);
    await fails({ method: 'GET', url: '/api/v1/admin/audit?page=0', who: admin }, 400);
    const csv = await app.inject({ method: 'GET', url: '/api/v1/admin/audit.csv', headers: admin.headers });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\r\n')[0]).toBe('time,admin id,admin,action,entity,entity id,before,after');
    await fails({ method: 'GET', url: '/api/v1/admin/audit.csv?to=yesterday', who: admin }, 400);
    await check({ method: 'GET', url: '/api/v1/admin/overview', who: admin }, 200, overviewAnswerSchema);
    await fails({ method: 'GET', url: '/api/v1/admin/overview' }, 401);
    // The second sign-in step (ADMIN_2FA; its success paths are in two-factor.test.ts).
    await fails({ method: 'POST', url: '/api/v1/users/login/2fa/setup', payload: { challenge: 'not-a-challenge' } }, 401);
    await fails({ method: 'POST', url: '/api/v1/users/login/2fa', payload: { challenge: 'not-a-challenge', code: '12' } }, 400);
    expect((await app.inject({ method: 'GET', url: '/api/v1/admin/reports/daily.csv', headers: admin.headers })).statusCode).toBe(200);
    await fails({ method: 'GET', url: '/api/v1/admin/reports/daily.csv?days=9999', who: admin }, 400);
  });

  it('site', async () => {
    await check({ method: 'GET', url: '/api/v1/users/visible-games' }, 200, accounts.visibleGamesAnswerSchema);
    await check({ method: 'GET', url: '/api/v1/notification/get' }, 200, accounts.notificationAnswerSchema);
    await check({ method: 'GET', url: '/api/v1/site/settings' }, 200, siteSettingsAnswerSchema);
    await check({ method: 'GET', url: '/api/v1/ranking' }, 200, rankingAnswerSchema);
    await check({ method: 'POST', url: '/api/v1/notification/add', who: admin, payload: { message: 'Hello' } }, 200, site.notificationSavedAnswerSchema);
    await fails({ method: 'POST', url: '/api/v1/notification/add', who: admin, payload: { message: '' } }, 400);
    await check({ method: 'DELETE', url: '/api/v1/notification', who: admin }, 200, okMessage);
    await fails({ method: 'DELETE', url: '/api/v1/notification', who: player }, 403);
    await check(
      { method: 'POST', url: '/api/v1/admin/game-visibility', who: admin, payload: { gameType: 'chicken', isVisible: true } },
      200,
      site.gameVisibilityAnswerSchema,
    );
    await fails({ method: 'POST', url: '/api/v1/admin/game-visibility', who: player, payload: { gameType: 'chicken', isVisible: true } }, 403);
  });

  it('wallet', async () => {
    const p = await createPlayer(app, { balance: 1000 });
    const deposit = await check(
      { method: 'POST', url: '/api/v1/wallet/deposit', who: p, payload: upiDeposit(500, nextPayNumber()) },
      201,
      wallet.moneyRequestAnswerSchema,
    );
    await fails({ method: 'POST', url: '/api/v1/wallet/deposit', who: p, payload: upiDeposit(5, nextPayNumber()) }, 400);
    const withdrawal = await check(
      { method: 'POST', url: '/api/v1/wallet/withraw', who: p, payload: upiWithdrawal(200) },
      201,
      wallet.moneyRequestAnswerSchema,
    );
    await fails({ method: 'POST', url: '/api/v1/wallet/withraw', who: p, payload: upiWithdrawal(999_999) }, 400);
    await check({ method: 'GET', url: '/api/v1/wallet/history/deposit', who: admin }, 200, wallet.depositListAnswerSchema);
    await fails({ method: 'GET', url: '/api/v1/wallet/history/deposit', who: p }, 403);
    await check({ method: 'GET', url: '/api/v1/wallet/history/withdrawals', who: admin }, 200, wallet.withdrawalListAnswerSchema);
    await fails({ method: 'GET', url: '/api/v1/wallet/history/withdrawals' }, 401);
    await check(
      { method: 'PUT', url: '/api/v1/wallet/update-deposite-transaction-status', who: admin, payload: { id: deposit.data._id, status: 'approved' } },
      200,
      wallet.decisionAnswerSchema,
    );
    await fails(
      { method: 'PUT', url: '/api/v1/wallet/update-deposite-transaction-status', who: admin, payload: { id: deposit.data._id, status: 'approved' } },
      409,
    );
    await check(
      { method: 'PUT', url: '/api/v1/wallet/transaction/status', who: admin, payload: { id: withdrawal.data._id, status: 'rejected' } },
      200,
      wallet.decisionAnswerSchema,
    );
    await fails({ method: 'PUT', url: '/api/v1/wallet/transaction/status', who: admin, payload: { id: withdrawal.data._id, status: 'maybe' } }, 400);
    await check({ method: 'GET', url: '/api/v1/wallet/history?page=1', who: p }, 200, wallet.historyAnswerSchema);
    await fails({ method: 'GET', url: '/api/v1/wallet/history?page=0', who: p }, 400);
    await check({ method: 'GET', url: '/api/v1/wallet/history/users?page=1', who: admin }, 200, wallet.historyAnswerSchema);
    await fails({ method: 'GET', url: '/api/v1/wallet/history/users', who: p }, 403);
    await check({ method: 'GET', url: '/api/v1/admin/ledger/check', who: admin }, 200, wallet.ledgerCheckAnswerSchema);
    await fails({ method: 'GET', url: '/api/v1/admin/ledger/check', who: p }, 403);
  });

  it('QR codes and amounts', async () => {
    for (const [prefix, field] of [
      ['qrcode', 'qrCode'],
      ['qrcodecrypto', 'qrCodeCrypto'],
    ]) {
      // One code per kind: the test's own (somewhere to pay) goes first.
      for (const q of (await app.inject({ url: `/api/v1/${prefix}/qr-codes` })).json().data as { _id: string }[]) {
        await app.inject({ method: 'DELETE', url: `/api/v1/${prefix}/delete-qr/${q._id}`, headers: admin.headers });
      }
      const form = await multipart({ title: 'Pay here' }, { field, name: 'qr.png', type: 'image/png', bytes: PNG_BYTES });
      const uploaded = await check(
        { method: 'POST', url: `/api/v1/${prefix}/qr`, who: admin, headers: form.headers, payload: form.payload },
        201,
        wallet.qrCodeAnswerSchema,
      );
      await fails({ method: 'POST', url: `/api/v1/${prefix}/qr`, who: player, headers: form.headers, payload: form.payload }, 403);
      await check({ method: 'GET', url: `/api/v1/${prefix}/qr-codes` }, 200, wallet.qrCodeListAnswerSchema);
      await check({ method: 'DELETE', url: `/api/v1/${prefix}/delete-qr/${uploaded.data._id}`, who: admin }, 200, wallet.qrCodeAnswerSchema);
      await fails({ method: 'DELETE', url: `/api/v1/${prefix}/delete-qr/${uploaded.data._id}`, who: admin }, 404);
      await seedPaymentTargets(app);
    }
    for (const path of ['refer-amount', 'telegram-amount']) {
      const created = await check({ method: 'POST', url: `/api/v1/${path}`, who: admin, payload: { amount: 50 } }, 201, wallet.fixedAmountAnswerSchema);
      await fails({ method: 'POST', url: `/api/v1/${path}`, who: admin, payload: { amount: -1 } }, 400);
      await check({ method: 'GET', url: `/api/v1/${path}`, who: admin }, 200, wallet.fixedAmountListSchema);
      await check({ method: 'DELETE', url: `/api/v1/${path}/${created.data._id}`, who: admin }, 200, wallet.fixedAmountAnswerSchema);
      await fails({ method: 'DELETE', url: `/api/v1/${path}/${created.data._id}`, who: admin }, 404);
    }
    await fails({ method: 'GET', url: '/api/v1/refer-amount', who: player }, 403);
  });

  it('spinner', async () => {
    const p = await createPlayer(app);
    const sets = await check({ method: 'GET', url: '/api/v1/spinner/prizes' }, 200, spinner.prizeSetListSchema);
    const id = sets[0]._id;
    await check({ method: 'GET', url: '/api/v1/spinner/status', who: p }, 200, spinner.spinStatusAnswerSchema);
    await fails({ method: 'GET', url: '/api/v1/spinner/status' }, 401);
    await check({ method: 'POST', url: '/api/v1/spinner/spin', who: p }, 200, spinner.spinAnswerSchema);
    await fails({ method: 'POST', url: '/api/v1/spinner/spin', who: p }, 429);
    await check({ method: 'GET', url: '/api/v1/spinner/spins?page=1', who: p }, 200, spinner.spinsPageAnswerSchema);
    await fails({ method: 'GET', url: '/api/v1/spinner/spins?page=0', who: p }, 400);
    await check(
      { method: 'PUT', url: `/api/v1/spinner/prize/${id}`, who: admin, payload: { prizes: ['10', 'LOSE', '20'] } },
      200,
      spinner.prizeSetAnswerSchema,
    );
    await fails({ method: 'PUT', url: `/api/v1/spinner/prize/${id}`, who: admin, payload: { prizes: ['10'] } }, 400);
    await check({ method: 'POST', url: `/api/v1/spinner/prize/${id}/add`, who: admin, payload: { prize: '5' } }, 200, spinner.prizeSetAnswerSchema);
    await fails({ method: 'POST', url: `/api/v1/spinner/prize/${id}/add`, who: p, payload: { prize: '5' } }, 403);
    await check({ method: 'POST', url: `/api/v1/spinner/prize/${id}/remove`, who: admin, payload: { prize: '5' } }, 200, spinner.prizeSetAnswerSchema);
    await fails({ method: 'POST', url: `/api/v1/spinner/prize/${id}/remove`, who: admin, payload: { prize: '999' } }, 404);
    await fails({ method: 'POST', url: '/api/v1/spinner/prize', who: admin, payload: { prizes: ['1', '2'] } }, 409);
    await check({ method: 'DELETE', url: `/api/v1/spinner/prize/${id}`, who: admin }, 200, spinner.prizeSetAnswerSchema);
    await fails({ method: 'DELETE', url: `/api/v1/spinner/prize/${id}`, who: admin }, 404);
    await check({ method: 'POST', url: '/api/v1/spinner/prize', who: admin, payload: { prizes: ['10', 'LOSE'] } }, 201, spinner.prizeSetAnswerSchema);
  });

  it('responsible play, statements and the demo game', async () => {
    const p = await createPlayer(app, { balance: 100 });
    await check({ method: 'GET', url: '/api/v1/responsible', who: p }, 200, ok(responsible.responsibleStateSchema));
    await fails({ method: 'GET', url: '/api/v1/responsible' }, 401);
    await check({ method: 'GET', url: '/api/v1/responsible/limits', who: p }, 200, ok(responsible.limitViewSchema.array()));
    await check(
      { method: 'PUT', url: '/api/v1/responsible/limits', who: p, payload: { limits: [{ kind: 'loss', period: 'day', amount: 50 }] } },
      200,
      ok(responsible.limitViewSchema.array()),
    );
    await fails({ method: 'PUT', url: '/api/v1/responsible/limits', who: p, payload: { limits: [{ kind: 'loss', period: 'year', amount: 50 }] } }, 400);
    await check(
      { method: 'PUT', url: '/api/v1/responsible/reality-check', who: p, payload: { minutes: 45 } },
      200,
      ok(z.object({ realityCheckMinutes: z.number() })),
    );
    await fails({ method: 'PUT', url: '/api/v1/responsible/reality-check', who: p, payload: { minutes: 9999 } }, 400);
    await check({ method: 'GET', url: `/api/v1/responsible/session?since=${new Date().toISOString()}`, who: p }, 200, ok(responsible.sessionSummarySchema));
    await fails({ method: 'GET', url: '/api/v1/responsible/session?since=yesterday', who: p }, 400);
    for (const url of ['/api/v1/wallet/statement.csv', '/api/v1/bets/statement.csv']) {
      const res = await app.inject({ url: `${url}?from=2026-01-01&to=2026-12-31`, headers: p.headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename=".*2026-01-01-to-2026-12-31\.csv"$/);
      await fails({ method: 'GET', url: `${url}?from=2026-01-01`, who: p }, 400);
      await fails({ method: 'GET', url: `${url}?from=2026-01-01&to=2026-12-31` }, 401);
    }
    const demo = await app.inject({ url: '/api/v1/demo/chicken-road' });
    expect(ok(chicken.demoStateSchema).safeParse(demo.json()).success).toBe(true);
    const cookie = { cookie: String(demo.headers['set-cookie']).split(';')[0] };
    await check(
      { method: 'POST', url: '/api/v1/demo/chicken-road/start', headers: cookie, payload: { betAmount: 10, difficulty: 'Easy' } },
      200,
      ok(chicken.startAnswerSchema),
    );
    await fails({ method: 'POST', url: '/api/v1/demo/chicken-road/start', headers: cookie, payload: { betAmount: 10, difficulty: 'Easy' } }, 409);
    await check({ method: 'POST', url: '/api/v1/demo/chicken-road/go', headers: cookie }, 200, ok(chicken.goAnswerSchema));
    const again = (await app.inject({ url: '/api/v1/demo/chicken-road', headers: cookie })).json().data;
    if (again.round) await check({ method: 'POST', url: '/api/v1/demo/chicken-road/stop', headers: cookie }, 200, ok(chicken.stopAnswerSchema));
    await fails({ method: 'POST', url: '/api/v1/demo/chicken-road/stop', headers: cookie }, 404);
    await check({ method: 'POST', url: '/api/v1/demo/chicken-road/reset', headers: cookie }, 200, ok(chicken.demoStateSchema));
    await fails({ method: 'POST', url: '/api/v1/demo/chicken-road/start', headers: cookie, payload: { betAmount: 'lots', difficulty: 'Easy' } }, 400);
    // Last: a time-out.
    await fails({ method: 'POST', url: '/api/v1/responsible/exclusion', who: p, payload: { kind: 'timeout', days: 0 } }, 400);
    await check(
      { method: 'POST', url: '/api/v1/responsible/exclusion', who: p, payload: { kind: 'timeout', days: 1 } },
      200,
      ok(responsible.exclusionViewSchema),
    );
    await fails({ method: 'POST', url: '/api/v1/chicken-road/start', who: p, payload: { betAmount: 10, difficulty: 'Easy' } }, 403);
  });

  it('Telegram, without a bot token', async () => {
    const p = await createPlayer(app);
    await check({ method: 'GET', url: '/my-channels', who: admin }, 200, telegram.channelsAnswerSchema);
    await fails({ method: 'GET', url: '/my-channels', who: p }, 403);
    await fails({ method: 'POST', url: '/my-channels', who: admin, payload: { username: '!' } }, 400);
    await check({ method: 'GET', url: '/api/v1/wallet/telegram/subscriptions', who: p }, 200, telegram.subscriptionsAnswerSchema);
    // A round goes only to a channel the bot administers (as Telegram told it earlier).
    const stranger = { multipliers: '2,3', startTime: '2026-12-01T10:00', endTime: '2026-12-01T11:00', channelId: 5 };
    await fails({ method: 'POST', url: '/api/v1/telegram/round', who: admin, payload: stranger }, 400);
    await app.db.execute(`INSERT INTO telegram_channels (id, title, username) VALUES (5, 'Known channel', NULL) ON CONFLICT DO NOTHING`);
    const round = await check(
      {
        method: 'POST',
        url: '/api/v1/telegram/round',
        who: admin,
        payload: { multipliers: '2,3', startTime: '2026-12-01T10:00', endTime: '2026-12-01T11:00', channelId: 5 },
      },
      201,
      telegram.roundAnswerSchema,
    );
    await check({ method: 'GET', url: '/api/v1/telegram/game-rounds', who: admin }, 200, telegram.roundsAnswerSchema);
    await check(
      { method: 'PUT', url: `/api/v1/telegram/update-round/${round.data._id}`, who: admin, payload: { ...round.data, multipliers: [4] } },
      200,
      telegram.roundAnswerSchema,
    );
    await fails({ method: 'PUT', url: '/api/v1/telegram/update-round/nope', who: admin, payload: { ...round.data } }, 404);
    await check({ method: 'DELETE', url: `/api/v1/telegram/delete-round/${round.data._id}`, who: admin }, 200, telegram.roundAnswerSchema);
    await fails(
      { method: 'PUT', url: '/api/v1/wallet/telegram/update-deposite-transaction-status', who: admin, payload: { id: 'x', status: 'approved' } },
      400,
    );
    await fails(
      { method: 'PUT', url: '/api/v1/wallet/telegram/update-deposite-transaction-status', who: admin, payload: { id: 'x', status: 'rejected' } },
      404,
    );
  });

  it('the colour game', async () => {
    const p = await createPlayer(app, { balance: 100 });
    await check({ method: 'GET', url: '/api/v1/color/next-periods' }, 200, color.nextPeriodsAnswerSchema);
    const state = await check({ method: 'GET', url: '/api/v1/color/state' }, 200, ok(color.colorStateSchema));
    await check({ method: 'GET', url: '/api/v1/color/history?page=1' }, 200, ok(color.historyPageSchema));
    await fails({ method: 'GET', url: '/api/v1/color/history?page=0' }, 400);
    await check({ method: 'GET', url: '/api/v1/color/bets', who: p }, 200, ok(color.colorBetsPageSchema));
    await fails({ method: 'GET', url: '/api/v1/color/bets' }, 401);
    const period = state.data.current.period;
    // Before the chain's first period, its first period takes bets.
    await check({ method: 'POST', url: '/api/v1/color/bet', who: p, payload: { period, selection: 'Green', amount: 10 } }, 200, ok(color.colorBetAnswerSchema));
    await fails({ method: 'POST', url: '/api/v1/color/bet', who: p, payload: { period, selection: 'blue', amount: 10 } }, 400);
    await fails({ method: 'POST', url: '/api/v1/color/bet', who: p, payload: { period: '209901010001', selection: 'red', amount: 10 } }, 409);
    await fails({ method: 'POST', url: '/api/v1/color/bet', payload: { period, selection: 'red', amount: 10 } }, 401);
  });

  it('Chicken Road, fairness and bets', async () => {
    const p = await createPlayer(app, { balance: 1000 });
    await check({ method: 'GET', url: '/api/v1/chicken-road/active', who: p }, 200, ok(chicken.roundViewSchema.nullable()));
    await fails({ method: 'GET', url: '/api/v1/chicken-road/active' }, 401);
    await check(
      { method: 'POST', url: '/api/v1/chicken-road/start', who: p, payload: { userId: p.id, gameType: 'chicken', betAmount: 10, difficulty: 'Easy' } },
      200,
      ok(chicken.startAnswerSchema),
    );
    await fails(
      { method: 'POST', url: '/api/v1/chicken-road/start', who: p, payload: { userId: p.id, gameType: 'chicken', betAmount: 10, difficulty: 'Easy' } },
      409,
    );
    await check({ method: 'POST', url: '/api/v1/chicken-road/go', who: p, payload: {} }, 200, ok(chicken.goAnswerSchema));
    const open = (await app.inject({ url: '/api/v1/chicken-road/active', headers: p.headers })).json().data;
    if (open) await check({ method: 'POST', url: '/api/v1/chicken-road/stop', who: p, payload: { userId: p.id } }, 200, ok(chicken.stopAnswerSchema));
    await fails({ method: 'POST', url: '/api/v1/chicken-road/stop', who: p, payload: { userId: p.id } }, 404);
    await fails({ method: 'POST', url: '/api/v1/chicken-road/go', who: p, payload: {} }, 404);
    await check({ method: 'GET', url: '/api/v1/fairness', who: p }, 200, ok(chicken.fairnessSchema));
    await check({ method: 'POST', url: '/api/v1/fairness/client-seed', who: p, payload: { clientSeed: 'my-seed' } }, 200, ok(chicken.fairnessSchema));
    await fails({ method: 'POST', url: '/api/v1/fairness/client-seed', who: p, payload: { clientSeed: '' } }, 400);
    await check({ method: 'POST', url: '/api/v1/fairness/rotate', who: p, payload: {} }, 200, ok(chicken.rotateAnswerSchema));
    await fails({ method: 'POST', url: '/api/v1/fairness/rotate' }, 401);
    await check({ method: 'GET', url: '/api/v1/bets?page=1', who: p }, 200, ok(chicken.betsPageSchema));
    await fails({ method: 'GET', url: '/api/v1/bets?page=x', who: p }, 400);
    await check({ method: 'GET', url: `/api/v1/admin/game-history/${p.id}/chicken`, who: p }, 200, ok(chicken.gameHistoryEntrySchema.array()));
    await fails({ method: 'GET', url: `/api/v1/admin/game-history/${admin.id}/chicken`, who: p }, 403);
  });
});
