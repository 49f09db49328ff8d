import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chickenRounds, colorBets, responsibleExclusions, spins, walletDeposits } from '../../server/db/schema/index.js';
import { manualClock } from '../../server/lib/clock.js';
import { arrangeTraps, call, safeFor } from '../../server/modules/chicken/chicken.fixtures.js';
import { currentPeriod } from '../../server/modules/color/color.rules.js';
import type { ColorGame } from '../../server/modules/color/color.service.js';
import { balanceOf, heldOf } from '../../server/modules/ledger/index.js';
import {
  decideDeposit,
  decideWithdrawal,
  nextPayNumber,
  postDeposit,
  postWithdrawal,
  upiDeposit,
  upiWithdrawal,
} from '../../server/modules/wallet/wallet.fixtures.js';
import type { App } from '../../server/types.js';
import { useTestApp } from '../helpers/app.js';
import { createAdmin, createPlayer, type TestUser } from '../helpers/factories.js';

// A call whose connection broke after COMMIT was sent: its effect committed (and reached the standby
// that is primary now), its answer was lost, the server answered 503 and released its key. The
// client sends it again with the same Idempotency-Key: one effect, and the answer the first call
// would have given (docs/decisions/0029-unknown-commits.md). Each test makes the first call, then
// releases its key as settle() does on a 5xx, then calls again with it: the handler runs again (no
// stored answer is replayed) and must find the effect by its key.
describe('a call run again with its key after an unknown commit', () => {
  let app: App;
  let admin: TestUser;
  let checker: TestUser;
  let game: ColorGame;
  const clock = manualClock(new Date('2026-11-23T12:00:00.000Z'));
  useTestApp(
    async (a) => {
      app = a;
      admin = await createAdmin(a);
      checker = await createAdmin(a);
      game = await a.colorChains.game({ db: a.db, config: a.config, now: clock.now() });
    },
    // Every deposit needs two admins: a first approval of two is retried too.
    { checkLedgerAfterEach: true, clock, env: { ROUND_SECONDS: '60', COLOR_CHAIN_LENGTH: '5000', DEPOSIT_SECOND_APPROVAL_ABOVE: '0' } },
  );

  let n = 0;
  const newKey = () => ({ 'idempotency-key': `unknown-commit-${(n += 1)}-${Math.random().toString(36).slice(2)}` });
  /** What settle() does with a key whose call answered 5xx: the call may run again. */
  const release = async (who: TestUser, headers: { 'idempotency-key': string }) => {
    await app.db.execute(sql`DELETE FROM idempotency_keys WHERE user_id = ${who.id} AND key = ${headers['idempotency-key']}`);
  };
  const countOf = async (
    table: typeof walletDeposits | typeof colorBets | typeof spins | typeof responsibleExclusions | typeof chickenRounds,
    who: TestUser,
  ) => {
    const [row] = await app.db.select({ n: count() }).from(table).where(eq(table.userId, who.id));
    return Number(row.n);
  };
  /** The retry ran its handler (no stored answer replayed) and answered as the first call. */
  const expectSameAnswer = (again: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }, first: typeof again) => {
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.json()).toEqual(first.json());
  };
  const inject = (who: TestUser, method: 'POST' | 'PUT', url: string, payload: unknown, headers: Record<string, string>) =>
    app.inject({ method, url: `/api/v1${url}`, headers: { ...who.headers, ...headers }, payload: payload as object });

  it('POST /wallet/deposit records one deposit and answers it again', async () => {
    const p = await createPlayer(app);
    const key = newKey();
    const body = upiDeposit(400, nextPayNumber());
    const first = await postDeposit(app, p, body, key);
    expect(first.statusCode, first.body).toBe(201);
    await release(p, key);
    const again = await postDeposit(app, p, body, key);
    expectSameAnswer(again, first);
    expect(await countOf(walletDeposits, p)).toBe(1);
  });

  it('PUT /wallet/update-deposite-transaction-status: a first approval and the second each decide once, and answer again as they did', async () => {
    const p = await createPlayer(app);
    const id = (await postDeposit(app, p, upiDeposit(800, nextPayNumber()))).json().data._id as string;
    const firstKey = newKey();
    const firstApproval = await decideDeposit(app, admin, id, 'approved', {}, firstKey);
    expect(firstApproval.json()).toMatchObject({ success: true, data: { _id: id, status: 'pending', awaitingSecondApproval: true } });
    await release(admin, firstKey);
    expectSameAnswer(await decideDeposit(app, admin, id, 'approved', {}, firstKey), firstApproval);

    const secondKey = newKey();
    const secondApproval = await decideDeposit(app, checker, id, 'approved', {}, secondKey);
    expect(secondApproval.json()).toMatchObject({ success: true, data: { _id: id, status: 'approved' } });
    await release(checker, secondKey);
    expectSameAnswer(await decideDeposit(app, checker, id, 'approved', {}, secondKey), secondApproval);
    expect(await balanceOf(app.db, p.id)).toBe(80_000);
    // The first approval run again once the deposit is decided: the decided state, nothing moved.
    await release(admin, firstKey);
    const late = await decideDeposit(app, admin, id, 'approved', {}, firstKey);
    expect(late.statusCode).toBe(200);
    expect(late.json().data).toEqual({ _id: id, status: 'approved' });
    expect(await balanceOf(app.db, p.id)).toBe(80_000);
    // Another call (another key) on the decided deposit is refused, as before.
    expect((await decideDeposit(app, checker, id, 'approved', {}, newKey())).json()).toMatchObject({ code: 'NOT_PENDING' });
  });

  it('PUT /wallet/transaction/status pays a withdrawal out once and answers again as it did', async () => {
    const p = await createPlayer(app, { balance: 1000 });
    const id = (await postWithdrawal(app, p, upiWithdrawal(250))).json().data._id as string;
    const key = newKey();
    const first = await decideWithdrawal(app, admin, id, 'approved', {}, key);
    expect(first.json()).toMatchObject({ success: true, data: { _id: id, status: 'approved' } });
    await release(admin, key);
    expectSameAnswer(await decideWithdrawal(app, admin, id, 'approved', {}, key), first);
    expect(await balanceOf(app.db, p.id)).toBe(75_000);
    expect(await heldOf(app.db, p.id)).toBe(0);
  });

  it('POST /color/bet places one bet and answers it again, even once its period has closed', async () => {
    const p = await createPlayer(app, { balance: 100 });
    const open = currentPeriod(game, clock.now())!;
    clock.advance(open.start.getTime() + 10_000 - clock.now().getTime());
    const period = currentPeriod(game, clock.now())!;
    const key = newKey();
    const body = { period: period.period, selection: 'red', amount: 30 };
    const first = await inject(p, 'POST', '/color/bet', body, key);
    expect(first.statusCode, first.body).toBe(200);
    await release(p, key);
    // The retry arrives after bets closed (5 s before the end).
    clock.advance(50_000);
    expectSameAnswer(await inject(p, 'POST', '/color/bet', body, key), first);
    expect(await countOf(colorBets, p)).toBe(1);
    expect(await balanceOf(app.db, p.id)).toBe(7_000);
  });

  it('POST /chicken-road/start opens one round and answers it again', async () => {
    const p = await createPlayer(app, { balance: 100 });
    // The first round of a player (no seed pair yet) takes the full path; the next one the one statement.
    for (const round of [1, 2]) {
      const key = newKey();
      const body = { betAmount: 10, difficulty: 'Easy' };
      const first = await inject(p, 'POST', '/chicken-road/start', body, key);
      expect(first.statusCode, first.body).toBe(200);
      await release(p, key);
      expectSameAnswer(await inject(p, 'POST', '/chicken-road/start', body, key), first);
      expect(await countOf(chickenRounds, p)).toBe(round);
      expect(await balanceOf(app.db, p.id)).toBe(9_000);
      // Stopped before a step, the round returns its bet.
      expect((await call(app, p, 'POST', '/chicken-road/stop', {})).status).toBe(200);
    }
  });

  it('POST /chicken-road/go walks one lane, and a step that ended the round answers it again', async () => {
    const p = await createPlayer(app, { balance: 100 });
    await arrangeTraps(app, p, 'Easy', (traps) => safeFor(2)(traps) && traps.includes(2));
    expect((await call(app, p, 'POST', '/chicken-road/start', { betAmount: 10, difficulty: 'Easy' })).status).toBe(200);
    // A safe step: the round stays open (the one statement answers it).
    const key = newKey();
    const first = await inject(p, 'POST', '/chicken-road/go', {}, key);
    expect(first.json()).toMatchObject({ success: true, data: { state: 'playing', lane: 0, safe: true } });
    await release(p, key);
    expectSameAnswer(await inject(p, 'POST', '/chicken-road/go', {}, key), first);
    expect((await call(app, p, 'GET', '/chicken-road/active')).body.data).toMatchObject({ lane: 0 });
    // Lane 1 is safe, lane 2 a trap: the step that loses ends the round, and its retry finds it ended.
    expect((await call(app, p, 'POST', '/chicken-road/go', {})).body.data).toMatchObject({ lane: 1 });
    const lostKey = newKey();
    const lost = await inject(p, 'POST', '/chicken-road/go', {}, lostKey);
    expect(lost.json()).toMatchObject({ success: true, data: { state: 'lost', lane: 2, safe: false } });
    await release(p, lostKey);
    expectSameAnswer(await inject(p, 'POST', '/chicken-road/go', {}, lostKey), lost);
    expect(await balanceOf(app.db, p.id)).toBe(9_000);
  });

  it('POST /chicken-road/stop pays once and answers the ended round again', async () => {
    const p = await createPlayer(app, { balance: 100 });
    await arrangeTraps(app, p, 'Easy', safeFor(2));
    expect((await call(app, p, 'POST', '/chicken-road/start', { betAmount: 10, difficulty: 'Easy' })).status).toBe(200);
    expect((await call(app, p, 'POST', '/chicken-road/go', {})).status).toBe(200);
    const key = newKey();
    const first = await inject(p, 'POST', '/chicken-road/stop', {}, key);
    expect(first.json()).toMatchObject({ success: true, data: { state: 'won', lane: 0 } });
    const paid = await balanceOf(app.db, p.id);
    expect(paid).toBeGreaterThan(9_000);
    await release(p, key);
    expectSameAnswer(await inject(p, 'POST', '/chicken-road/stop', {}, key), first);
    expect(await balanceOf(app.db, p.id)).toBe(paid);
  });

  it('POST /spinner/spin spins once and answers that spin again', async () => {
    const p = await createPlayer(app);
    const key = newKey();
    const first = await inject(p, 'POST', '/spinner/spin', undefined, key);
    expect(first.statusCode, first.body).toBe(200);
    await release(p, key);
    clock.advance(1_000);
    expectSameAnswer(await inject(p, 'POST', '/spinner/spin', undefined, key), first);
    expect(await countOf(spins, p)).toBe(1);
    expect(await balanceOf(app.db, p.id)).toBe(Math.round(first.json().data.amount * 100));
  });

  it('POST /responsible/exclusion starts one break and answers it again', async () => {
    const p = await createPlayer(app);
    const key = newKey();
    const body = { kind: 'timeout', days: 2 };
    const first = await inject(p, 'POST', '/responsible/exclusion', body, key);
    expect(first.statusCode, first.body).toBe(200);
    await release(p, key);
    clock.advance(1_000);
    expectSameAnswer(await inject(p, 'POST', '/responsible/exclusion', body, key), first);
    expect(await countOf(responsibleExclusions, p)).toBe(1);
  });

  it('PUT /responsible/limits: a raise asked again keeps the time it was first asked at', async () => {
    const p = await createPlayer(app);
    expect((await inject(p, 'PUT', '/responsible/limits', { limits: [{ kind: 'deposit', period: 'week', amount: 100 }] }, {})).statusCode).toBe(200);
    const key = newKey();
    const body = { limits: [{ kind: 'deposit', period: 'week', amount: 200 }] };
    const first = await inject(p, 'PUT', '/responsible/limits', body, key);
    const limit = (res: typeof first) => (res.json().data as { kind: string; period: string }[]).find((l) => l.kind === 'deposit' && l.period === 'week');
    expect(limit(first)).toMatchObject({ amount: 100, pending: { amount: 200 } });
    await release(p, key);
    clock.advance(60_000);
    const again = await inject(p, 'PUT', '/responsible/limits', body, key);
    expect(again.statusCode).toBe(200);
    expect(limit(again)).toEqual(limit(first));
  });
});
