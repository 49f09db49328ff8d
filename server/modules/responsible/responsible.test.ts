import { count, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows, useTestApp, useTestAppWithAdmin } from '../../../tests/helpers/app.js';
import { createPlayer, type TestUser } from '../../../tests/helpers/factories.js';
import { ledgerTransfers } from '../../db/schema/index.js';
import { manualClock } from '../../lib/clock.js';
import type { App } from '../../types.js';
import { arrangeTraps, go, start, stop } from '../chicken/chicken.fixtures.js';
import { balanceOf } from '../ledger/index.js';
import { nextPayNumber, postDeposit, postWithdrawal, upiDeposit, upiWithdrawal } from '../wallet/wallet.fixtures.js';

const HOUR = 3_600_000;

describe('responsible play', () => {
  let app: App;
  let admin: TestUser;
  const clock = manualClock();
  useTestAppWithAdmin((a, ad) => ((app = a), (admin = ad)), { checkLedgerAfterEach: true, clock });

  const setLimits = (p: TestUser, limits: unknown[]) =>
    app.inject({ method: 'PUT', url: '/api/v1/responsible/limits', headers: p.headers, payload: { limits } });
  const limitOf = async (p: TestUser, kind: string, period: string) => {
    const res = await app.inject({ url: '/api/v1/responsible/limits', headers: p.headers });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as { kind: string; period: string; amount: number | null; used: number; pending: unknown }[]).find(
      (l) => l.kind === kind && l.period === period,
    )!;
  };
  const bet = (p: TestUser, betAmount: number) => start(app, p, { betAmount, difficulty: 'Easy' });

  it('refuses a bet over a bet limit, naming the limit and when it resets', async () => {
    const p = await createPlayer(app, { balance: 1000 });
    expect((await setLimits(p, [{ kind: 'bet', period: 'day', amount: 100 }])).statusCode).toBe(200);
    const over = await bet(p, 150);
    expect(over.status).toBe(403);
    expect(over.body).toMatchObject({ success: false, code: 'LIMIT_REACHED', data: { kind: 'bet', period: 'day', limit: 100, left: 100 } });
    expect(over.body.message).toMatch(
      /^This bet would go over your daily bet limit of ₹100: ₹100 left until it resets on \d{4}-\d\d-\d\d 12:00 AM \(India time\)\.$/,
    );
    expect(await balanceOf(app.db, p.id)).toBe(100_000);
    // Within the limit it plays; the stake counts against it even when it comes back.
    expect((await bet(p, 60)).status).toBe(200);
    expect((await stop(app, p)).status).toBe(200);
    const again = await bet(p, 50);
    expect(again.status).toBe(403);
    expect(again.body.message).toContain('₹40 left');
    expect(await limitOf(p, 'bet', 'day')).toMatchObject({ amount: 100, used: 60, pending: null });
  });

  it('refuses the next bet once the loss limit is lost', async () => {
    const p = await createPlayer(app, { balance: 1000 });
    await setLimits(p, [{ kind: 'loss', period: 'week', amount: 100 }]);
    await arrangeTraps(app, p, 'Easy', (traps) => traps.includes(0));
    expect((await bet(p, 100)).status).toBe(200);
    expect((await go(app, p)).body.data).toMatchObject({ state: 'lost' });
    const next = await bet(p, 10);
    expect(next.status).toBe(403);
    expect(next.body.message).toMatch(/^This bet would go over your weekly loss limit of ₹100: ₹0 left until it resets on .* 12:00 AM \(India time\)\.$/);
    expect(await limitOf(p, 'loss', 'week')).toMatchObject({ amount: 100, used: 100 });
  });

  it('refuses a deposit request over a deposit limit; a rejected request does not count', async () => {
    const p = await createPlayer(app);
    await setLimits(p, [{ kind: 'deposit', period: 'month', amount: 500 }]);
    expect((await postDeposit(app, p, upiDeposit(400, nextPayNumber()))).statusCode).toBe(201);
    const over = await postDeposit(app, p, upiDeposit(200, nextPayNumber()));
    expect(over.statusCode).toBe(403);
    expect(over.json().message).toMatch(/^This deposit would go over your monthly deposit limit of ₹500: ₹100 left until it resets on \d{4}-\d\d-01 12:00 AM/);
    expect((await postDeposit(app, p, upiDeposit(100, nextPayNumber()))).statusCode).toBe(201);
  });

  it('holds a deposit limit under many requests at once', async () => {
    const p = await createPlayer(app);
    await setLimits(p, [{ kind: 'deposit', period: 'day', amount: 300 }]);
    const answers = await Promise.all(Array.from({ length: 12 }, () => postDeposit(app, p, upiDeposit(100, nextPayNumber()))));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([...Array(3).fill(201), ...Array(9).fill(403)]);
    expect(await limitOf(p, 'deposit', 'day')).toMatchObject({ used: 300 });
  });

  it('applies a lower limit at once, and a raise or a removal only after 24 hours', async () => {
    const p = await createPlayer(app, { balance: 1000 });
    await setLimits(p, [{ kind: 'bet', period: 'day', amount: 100 }]);
    const raised = await setLimits(p, [{ kind: 'bet', period: 'day', amount: 1000 }]);
    expect(raised.statusCode).toBe(200);
    const limit = raised.json().data.find((l: { kind: string; period: string }) => l.kind === 'bet' && l.period === 'day');
    expect(limit).toMatchObject({ amount: 100, pending: { amount: 1000 } });
    expect(Date.parse(limit.pending.from) - clock.now().getTime()).toBe(24 * HOUR);
    expect((await bet(p, 150)).status).toBe(403);
    clock.advance(24 * HOUR - 60_000);
    expect((await bet(p, 150)).status).toBe(403);
    clock.advance(2 * 60_000);
    expect((await bet(p, 150)).status).toBe(200);
    await stop(app, p);
    // Lower: at once, and it cancels a raise that was waiting.
    await setLimits(p, [{ kind: 'bet', period: 'day', amount: 5000 }]);
    await setLimits(p, [{ kind: 'bet', period: 'day', amount: 50 }]);
    expect(await limitOf(p, 'bet', 'day')).toMatchObject({ amount: 50, pending: null });
    // Removal waits too.
    await setLimits(p, [{ kind: 'bet', period: 'day', amount: null }]);
    expect(await limitOf(p, 'bet', 'day')).toMatchObject({ amount: 50, pending: { amount: null } });
    clock.advance(25 * HOUR);
    expect(await limitOf(p, 'bet', 'day')).toMatchObject({ amount: null, pending: null });
    expect((await bet(p, 500)).status).toBe(200);
    await stop(app, p);
  });

  it('refuses limits it cannot read with a clear message', async () => {
    const p = await createPlayer(app);
    const bad = await setLimits(p, [{ kind: 'wins', period: 'day', amount: 10 }]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Limit kind must be deposit, loss or bet/);
    expect((await setLimits(p, [{ kind: 'bet', period: 'day', amount: -5 }])).json().message).toMatch(/Amount must be greater than zero/);
    expect((await setLimits(p, [])).json().message).toMatch(/Send at least one limit/);
  });

  it('a self-excluded player cannot bet, deposit or spin, but can sign in, withdraw and see their history', async () => {
    const p = await createPlayer(app, { balance: 1000 });
    const res = await app.inject({ method: 'POST', url: '/api/v1/responsible/exclusion', headers: p.headers, payload: { kind: 'self-exclusion', days: 182 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ kind: 'self-exclusion' });
    const refused = await bet(p, 10);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'SELF_EXCLUDED' });
    expect(refused.body.message).toMatch(/^You have excluded yourself until .* \(India time\)\. You can still withdraw your balance and see your history\.$/);
    expect((await postDeposit(app, p, upiDeposit(100, nextPayNumber()))).statusCode).toBe(403);
    expect((await app.inject({ method: 'POST', url: '/api/v1/spinner/spin', headers: p.headers })).json()).toMatchObject({ code: 'SELF_EXCLUDED' });
    const login = await app.inject({ method: 'POST', url: '/api/v1/users/login', payload: { email: p.email, password: p.password } });
    expect(login.statusCode).toBe(200);
    expect((await postWithdrawal(app, p, upiWithdrawal(500))).statusCode).toBe(201);
    expect((await app.inject({ url: '/api/v1/wallet/history', headers: p.headers })).statusCode).toBe(200);
    // Not shortened by the player: a shorter break is refused; the back office sees it and has no call to end it.
    const shorter = await app.inject({ method: 'POST', url: '/api/v1/responsible/exclusion', headers: p.headers, payload: { kind: 'timeout', days: 1 } });
    expect(shorter.statusCode).toBe(409);
    const list = await app.inject({ url: `/api/v1/users/?q=${encodeURIComponent(p.email)}`, headers: admin.headers });
    expect(list.json().users[0]).toMatchObject({ _id: p.id, exclusion: { kind: 'self-exclusion' } });
    expect(app.printRoutes()).not.toMatch(/exclusion.*\(DELETE\)/);
  });

  it('a time-out ends by itself, and an open round can be cashed out but not walked on', async () => {
    const p = await createPlayer(app, { balance: 1000 });
    await arrangeTraps(app, p, 'Easy', (traps) => !traps.includes(0) && !traps.includes(1));
    expect((await bet(p, 100)).status).toBe(200);
    expect((await go(app, p)).status).toBe(200);
    const res = await app.inject({ method: 'POST', url: '/api/v1/responsible/exclusion', headers: p.headers, payload: { kind: 'timeout', days: 1 } });
    expect(res.statusCode).toBe(200);
    expect((await go(app, p)).body).toMatchObject({ code: 'SELF_EXCLUDED' });
    expect((await stop(app, p)).body.data).toMatchObject({ state: 'won' });
    clock.advance(24 * HOUR + 1000);
    expect((await bet(p, 10)).status).toBe(200);
    await stop(app, p);
  });

  it('refuses break lengths outside the allowed range', async () => {
    const p = await createPlayer(app);
    const send = (payload: unknown) => app.inject({ method: 'POST', url: '/api/v1/responsible/exclusion', headers: p.headers, payload: payload as object });
    expect((await send({ kind: 'timeout', days: 43 })).json().message).toMatch(/A time-out lasts from 1 to 42 days/);
    expect((await send({ kind: 'self-exclusion', days: 30 })).json().message).toMatch(/Self-exclusion lasts from 182 to 1826 days/);
    expect((await send({ kind: 'forever', days: 30 })).statusCode).toBe(400);
  });

  it('plays demo rounds, signed out, with play money that never touches the ledger', async () => {
    const transfersBefore = (await app.db.select({ n: count() }).from(ledgerTransfers))[0].n;
    const first = await app.inject({ url: '/api/v1/demo/chicken-road' });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ balance: 10_000, round: null });
    const cookie = String(first.headers['set-cookie']).split(';')[0];
    const headers = { cookie };
    const started = await app.inject({ method: 'POST', url: '/api/v1/demo/chicken-road/start', headers, payload: { betAmount: 500, difficulty: 'Hardest' } });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().data).toMatchObject({ state: 'playing', betAmount: 500, balance: 9500, serverSeed: null });
    let round = started.json().data;
    while (round.state === 'playing') round = (await app.inject({ method: 'POST', url: '/api/v1/demo/chicken-road/go', headers })).json().data;
    expect(round.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    expect(round.balance).toBe(round.state === 'won' ? 9500 + round.payout : 9500);
    expect((await app.db.select({ n: count() }).from(ledgerTransfers))[0].n).toBe(transfersBefore);
    // Without the cookie there is no demo to play; with too little play money a bet is refused.
    expect((await app.inject({ method: 'POST', url: '/api/v1/demo/chicken-road/go' })).statusCode).toBe(404);
    const big = await app.inject({ method: 'POST', url: '/api/v1/demo/chicken-road/start', headers, payload: { betAmount: 10_000, difficulty: 'Easy' } });
    expect(big.json().message).toMatch(/Not enough play money/);
    const reset = await app.inject({ method: 'POST', url: '/api/v1/demo/chicken-road/reset', headers });
    expect(reset.json().data).toEqual({ balance: 10_000, round: null });
    const [{ n }] = await rows<{ n: string }>(app, sql`SELECT count(*) AS n FROM demo_players`);
    expect(Number(n)).toBeGreaterThanOrEqual(1);
    // A hidden game has no demo either.
    await app.inject({ method: 'POST', url: '/api/v1/admin/game-visibility', headers: admin.headers, payload: { gameType: 'chicken', isVisible: false } });
    const hidden = await app.inject({ method: 'POST', url: '/api/v1/demo/chicken-road/start', headers, payload: { betAmount: 10, difficulty: 'Easy' } });
    expect(hidden.json()).toMatchObject({ code: 'GAME_HIDDEN' });
    await app.inject({ method: 'POST', url: '/api/v1/admin/game-visibility', headers: admin.headers, payload: { gameType: 'chicken', isVisible: true } });
  });
});

// Ledger rows carry the database's time, so these read the real clock.
describe('the reality check and statements', () => {
  let app: App;
  useTestApp((a) => (app = a), { checkLedgerAfterEach: true });
  const bet = (p: TestUser, betAmount: number) => start(app, p, { betAmount, difficulty: 'Easy' });

  it('gives the reality check its figures for the session', async () => {
    const p = await createPlayer(app, { balance: 1000 });
    const since = new Date().toISOString();
    await arrangeTraps(app, p, 'Easy', (traps) => traps.includes(0));
    await bet(p, 40);
    await go(app, p);
    const res = await app.inject({ url: `/api/v1/responsible/session?since=${encodeURIComponent(since)}`, headers: p.headers });
    expect(res.json().data).toMatchObject({ staked: 40, returned: 0, net: -40 });
    const saved = await app.inject({ method: 'PUT', url: '/api/v1/responsible/reality-check', headers: p.headers, payload: { minutes: 30 } });
    expect(saved.json().data).toEqual({ realityCheckMinutes: 30 });
    expect((await app.inject({ url: '/api/v1/responsible', headers: p.headers })).json().data).toMatchObject({ realityCheckMinutes: 30, exclusion: null });
  });

  it('downloads transactions and bets as CSV for a period', async () => {
    const p = await createPlayer(app, { balance: 1000 });
    await bet(p, 25);
    await stop(app, p);
    const today = new Date(new Date().getTime() + 330 * 60_000).toISOString().slice(0, 10);
    const tx = await app.inject({ url: `/api/v1/wallet/statement.csv?from=2020-01-01&to=${today}`, headers: p.headers });
    expect(tx.statusCode).toBe(200);
    expect(tx.headers['content-type']).toMatch(/text\/csv/);
    const lines = tx.body.trim().split('\r\n');
    expect(lines[0]).toBe('time (India),type,method,amount (INR),direction,status,id');
    expect(lines.filter((l) => /,Bet,Wallet,25\.00,debit,/.test(l))).toHaveLength(1);
    const bets = await app.inject({ url: `/api/v1/bets/statement.csv?from=${today}&to=${today}`, headers: p.headers });
    expect(bets.body).toContain('Chicken Road,Easy,25.00,won,0,1.00,25.00');
    const before = await app.inject({ url: '/api/v1/bets/statement.csv?from=2020-01-01&to=2020-01-31', headers: p.headers });
    expect(before.body.trim().split('\r\n')).toHaveLength(1);
    const bad = await app.inject({ url: '/api/v1/bets/statement.csv?from=2026-02-01&to=2026-01-01', headers: p.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/from must not be after to/);
  });
});

describe('sign-up age confirmation', () => {
  let app: App;
  useTestApp((a) => (app = a));
  const person = { fullName: 'Asha Rao', email: 'asha.age@example.com', phoneNumber: '+919812345678', password: 'Secret#123' };

  it('refuses registration without confirming 18 or older', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/v1/users/register', payload: person });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'AGE_NOT_CONFIRMED', message: 'Please confirm that you are 18 or older to register.' });
    expect((await app.inject({ method: 'POST', url: '/api/v1/users/register', payload: { ...person, ageConfirmed: false } })).statusCode).toBe(400);
    expect((await app.inject({ method: 'POST', url: '/api/v1/users/register', payload: { ...person, ageConfirmed: true } })).statusCode).toBe(201);
  });
});

describe('sign-up without the age question (REQUIRE_AGE_CONFIRMATION=0)', () => {
  let app: App;
  useTestApp((a) => (app = a), { env: { REQUIRE_AGE_CONFIRMATION: '0' } });

  it('registers as the original client does', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/users/register',
      payload: { fullName: 'Asha Rao', email: 'asha.noage@example.com', phoneNumber: '+919812345679', password: 'Secret#123' },
    });
    expect(res.statusCode).toBe(201);
  });
});

describe('a play-money site (PLAY_MONEY=1)', () => {
  let app: App;
  useTestApp((a) => (app = a), { env: { PLAY_MONEY: '1', PLAY_MONEY_START_BALANCE: '2500' }, checkLedgerAfterEach: true });

  it('refuses deposits and withdrawals, says so in its settings, and starts new players with play money', async () => {
    const p = await createPlayer(app, { balance: 500 });
    const dep = await postDeposit(app, p, upiDeposit(100, nextPayNumber()));
    expect(dep.statusCode).toBe(403);
    expect(dep.json()).toMatchObject({ code: 'PLAY_MONEY_ONLY', message: 'This site uses play money only: there are no deposits.' });
    expect((await postWithdrawal(app, p, upiWithdrawal(100))).json()).toMatchObject({ code: 'PLAY_MONEY_ONLY' });
    expect((await app.inject({ url: '/api/v1/site/settings' })).json().data).toMatchObject({ playMoney: true });
    // Everything else keeps working.
    expect((await start(app, p, { betAmount: 10, difficulty: 'Easy' })).status).toBe(200);
    await stop(app, p);

    const { registerVerified } = await import('../accounts/accounts.test-support.js');
    const person = await registerVerified(app);
    expect(await balanceOf(app.db, person.id)).toBe(250_000);
  });
});
