import { describe, expect, it } from 'vitest';
import { useTestAppWithAdmin } from '../../../tests/helpers/app.js';
import { createPlayer, type TestUser } from '../../../tests/helpers/factories.js';
import type { App } from '../../types.js';
import { transfer } from '../ledger/ledger.service.js';
import { decideDeposit, decideWithdrawal, pendingDeposit, postWithdrawal, upiWithdrawal } from './wallet.fixtures.js';

interface Row {
  _id: string;
  id: string;
  type: string;
  method: string;
  amount: number;
  status: string;
  direction: string;
  createdAt: string;
  fullName?: string;
  email?: string;
}

describe('wallet history', () => {
  let app: App;
  let admin: TestUser;
  useTestAppWithAdmin((a, ad) => ((app = a), (admin = ad)), { checkLedgerAfterEach: true });

  const history = (who: TestUser, page?: number | string) =>
    app.inject({ url: `/api/v1/wallet/history${page === undefined ? '' : `?page=${page}`}`, headers: who.headers });

  it('pages a player’s own history, ten a page, newest first (page 2 of 3)', async () => {
    const p = await createPlayer(app);
    const other = await createPlayer(app);
    const ids: string[] = [];
    for (let i = 0; i < 23; i++) ids.push(await pendingDeposit(app, p, 100 + i));
    await pendingDeposit(app, other, 999);

    const first = await history(p);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ totalPages: 3, page: 1, total: 23 });
    const second = (await history(p, 2)).json().data;
    expect(second).toMatchObject({ totalPages: 3, page: 2, total: 23 });
    expect(second.transactions).toHaveLength(10);
    expect(second.transactions.map((t: Row) => t._id)).toEqual(ids.slice(3, 13).reverse());
    expect(second.transactions[0]).toMatchObject({ id: ids[12], type: 'deposit', method: 'UPI', amount: 112, status: 'pending', direction: 'credit' });
    const third = (await history(p, 3)).json().data;
    expect(third.transactions).toHaveLength(3);
    expect(third.transactions.every((t: Row) => t.amount !== 999)).toBe(true);
    const beyond = (await history(p, 9)).json().data;
    expect(beyond).toMatchObject({ transactions: [], page: 9, totalPages: 3 });
    expect((await history(p, 0)).statusCode).toBe(400);
    expect((await history(p, 'two')).statusCode).toBe(400);
    expect((await app.inject({ url: '/api/v1/wallet/history' })).statusCode).toBe(401);
  });

  it('shows deposits, withdrawals and ledger movements such as bets, wins and referral rewards', async () => {
    const referrer = await createPlayer(app);
    const referred = await createPlayer(app, { referredBy: referrer.id });
    const set = await app.inject({ method: 'POST', url: '/api/v1/refer-amount', headers: admin.headers, payload: { amount: 25 } });
    const dep = await pendingDeposit(app, referred, 1000);
    await decideDeposit(app, admin, dep, 'approved');
    const wd = (await postWithdrawal(app, referred, upiWithdrawal(200))).json().data._id;
    await decideWithdrawal(app, admin, wd, 'rejected');
    await app.db.transaction(async (tx) => {
      await transfer(tx, {
        from: { user: referred.id },
        to: { system: 'house' },
        amount: 5000,
        kind: 'bet',
        reference: 'round:1',
        idempotencyKey: 'bet:h1',
        at: new Date(),
      });
      await transfer(tx, {
        from: { system: 'house' },
        to: { user: referred.id },
        amount: 9800,
        kind: 'win',
        reference: 'round:1',
        idempotencyKey: 'payout:h1',
        at: new Date(),
      });
    });

    const rows = (await history(referred)).json().data.transactions as Row[];
    expect(rows.map((r) => [r.type, r.amount, r.status, r.direction])).toEqual([
      ['win', 98, 'approved', 'credit'],
      ['bet', 50, 'approved', 'debit'],
      ['withdrawal', 200, 'rejected', 'debit'],
      ['deposit', 1000, 'approved', 'credit'],
    ]);
    const reward = (await history(referrer)).json().data.transactions as Row[];
    expect(reward).toMatchObject([{ type: 'referral_reward', amount: 25, status: 'approved', direction: 'credit' }]);
    expect(reward[0]._id.length).toBeGreaterThanOrEqual(4);
    await app.inject({ method: 'DELETE', url: `/api/v1/refer-amount/${set.json().data._id}`, headers: admin.headers });
  });

  it('lists every player’s history for an admin with the transaction page, with names and e-mails', async () => {
    const p = await createPlayer(app, { fullName: 'Named Player' });
    const dep = await pendingDeposit(app, p, 321);
    const res = await app.inject({ url: '/api/v1/wallet/history/users?page=1', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.total).toBeGreaterThan(10);
    expect(data.transactions).toHaveLength(10);
    expect(data.totalPages).toBe(Math.ceil(data.total / 10));
    expect(data.transactions[0]).toMatchObject({ _id: dep, userId: p.id, fullName: 'Named Player', email: p.email, amount: 321 });
    const player = await createPlayer(app);
    expect((await app.inject({ url: '/api/v1/wallet/history/users', headers: player.headers })).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/v1/wallet/history/users' })).statusCode).toBe(401);
  });

  it('reports the ledger invariants to an admin', async () => {
    const res = await app.inject({ url: '/api/v1/admin/ledger/check', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: { ok: true, violations: [] } });
  });
});
