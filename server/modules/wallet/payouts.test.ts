import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/helpers/app.js';
import { createAdmin, createPlayer, type TestUser } from '../../../tests/helpers/factories.js';
import type { App } from '../../types.js';
import { balanceOf, heldOf } from '../ledger/ledger.service.js';
import { decideWithdrawal, postDeposit, postWithdrawal, upiDeposit, upiWithdrawal, nextPayNumber, decideDeposit } from './wallet.fixtures.js';

const account = () => String(100_000_000_000 + Math.floor(Math.random() * 1e11));

describe('safer payouts: two admins for a large withdrawal', () => {
  let app: App;
  let first: TestUser;
  let second: TestUser;
  useTestApp(
    async (a) => {
      app = a;
      first = await createAdmin(a, { fullName: 'First Approver' });
      second = await createAdmin(a, { fullName: 'Second Approver' });
    },
    { checkLedgerAfterEach: true },
  );

  const listed = async (id: string) => {
    const res = await app.inject({ url: '/api/v1/wallet/history/withdrawals?limit=500', headers: first.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.withdrawals.find((w: { _id: string }) => w._id === id);
  };

  it('pays a withdrawal above ₹50,000 only on a second approval by another admin', async () => {
    const p = await createPlayer(app, { balance: 80_000 });
    const id = (await postWithdrawal(app, p, upiWithdrawal(60_000, { accountNumber: account() }))).json().data._id;
    expect((await listed(id)).needsSecondApproval).toBe(true);

    const once = await decideWithdrawal(app, first, id, 'approved');
    expect(once.statusCode).toBe(200);
    expect(once.json()).toMatchObject({ data: { _id: id, status: 'pending', awaitingSecondApproval: true } });
    expect(await heldOf(app.db, p.id)).toBe(6_000_000);
    expect((await listed(id)).firstApprovedBy).toEqual({ _id: first.id, fullName: 'First Approver' });

    // The same admin again: refused, still not paid.
    const again = await decideWithdrawal(app, first, id, 'approved');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('SECOND_APPROVAL_REQUIRED');
    expect(await heldOf(app.db, p.id)).toBe(6_000_000);

    const paid = await decideWithdrawal(app, second, id, 'approved');
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ message: 'Status updated successfully', data: { status: 'approved' } });
    expect(await heldOf(app.db, p.id)).toBe(0);
    expect(await balanceOf(app.db, p.id)).toBe(2_000_000);
    expect((await decideWithdrawal(app, first, id, 'approved')).statusCode).toBe(409);
  });

  it('lets either admin reject a large withdrawal at once, and pays a small one on one approval', async () => {
    const p = await createPlayer(app, { balance: 80_000 });
    const big = (await postWithdrawal(app, p, upiWithdrawal(55_000, { accountNumber: account() }))).json().data._id;
    await decideWithdrawal(app, first, big, 'approved');
    expect((await decideWithdrawal(app, first, big, 'rejected')).json().data.status).toBe('rejected');
    expect(await balanceOf(app.db, p.id)).toBe(8_000_000);
    const small = (await postWithdrawal(app, p, upiWithdrawal(50_000, { accountNumber: account() }))).json().data._id;
    expect((await decideWithdrawal(app, first, small, 'approved')).json().data.status).toBe('approved');
  });

  it('shows the approver the risk flags of a request', async () => {
    // A new account that deposits twice in a minute, barely plays, and asks to be paid to an account another player used.
    const shared = account();
    const other = await createPlayer(app, { balance: 500 });
    await postWithdrawal(app, other, upiWithdrawal(100, { accountNumber: shared }));
    const p = await createPlayer(app);
    for (let i = 0; i < 3; i++) {
      const dep = (await postDeposit(app, p, upiDeposit(1000, nextPayNumber()))).json().data._id;
      await decideDeposit(app, first, dep, 'approved');
    }
    const id = (await postWithdrawal(app, p, upiWithdrawal(2500, { accountNumber: shared }))).json().data._id;
    const risks: string[] = (await listed(id)).risks;
    expect(risks).toEqual([
      'New account: made less than a day before this request.',
      'Little play: deposited ₹3,000 in the last 7 days and staked only ₹0.',
      'Many deposits: 3 within one hour in the last day.',
      'Shared payout account: 1 other player asked to be paid to it.',
    ]);
    const calm = await createPlayer(app, { balance: 500 });
    await app.db.execute(`UPDATE users SET created_at = now() - interval '30 days' WHERE id = '${calm.id}'`);
    const calmId = (await postWithdrawal(app, calm, upiWithdrawal(200, { accountNumber: account() }))).json().data._id;
    expect((await listed(calmId)).risks).toEqual([]);
  });
});

describe('safer payouts: a daily approval limit per admin', () => {
  let app: App;
  let admin: TestUser;
  let other: TestUser;
  useTestApp(
    async (a) => {
      app = a;
      admin = await createAdmin(a);
      other = await createAdmin(a);
    },
    { env: { ADMIN_DAILY_APPROVAL_LIMIT: '1000' }, checkLedgerAfterEach: true },
  );

  it("stops an admin's approvals at the day's limit; another admin can still approve", async () => {
    const p = await createPlayer(app, { balance: 5000 });
    const a = (await postWithdrawal(app, p, upiWithdrawal(700, { accountNumber: account() }))).json().data._id;
    const b = (await postWithdrawal(app, p, upiWithdrawal(400, { accountNumber: account() }))).json().data._id;
    expect((await decideWithdrawal(app, admin, a, 'approved')).statusCode).toBe(200);
    const over = await decideWithdrawal(app, admin, b, 'approved');
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe('This would pass your daily approval limit of ₹1,000. Another admin can approve it.');
    expect((await decideWithdrawal(app, other, b, 'approved')).statusCode).toBe(200);
  });

  it("uses an admin's own limit, set by another admin, and never by themselves", async () => {
    const edit = (who: TestUser, target: TestUser, extra: Record<string, unknown>) =>
      app.inject({
        method: 'PUT',
        url: '/api/v1/admin/update-admin',
        headers: who.headers,
        payload: {
          _id: target.id,
          fullName: target.fullName,
          email: target.email,
          phoneNumber: target.phoneNumber,
          accessPages: ['withdraw-requests', 'admin-management'],
          ...extra,
        },
      });
    const capped = await createAdmin(app, { accessPages: ['withdraw-requests', 'admin-management'] });
    expect((await edit(capped, capped, { dailyApprovalLimit: 1_000_000 })).statusCode).toBe(403);
    const set = await edit(other, capped, { dailyApprovalLimit: 300 });
    expect(set.statusCode).toBe(200);
    expect(set.json().data.dailyApprovalLimit).toBe(300);
    // The original client sends the row without the field: the limit stays.
    expect((await edit(other, capped, {})).json().data.dailyApprovalLimit).toBe(300);
    const p = await createPlayer(app, { balance: 1000 });
    const id = (await postWithdrawal(app, p, upiWithdrawal(400, { accountNumber: account() }))).json().data._id;
    const refused = await decideWithdrawal(app, capped, id, 'approved');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This would pass your daily approval limit of ₹300. Another admin can approve it.');
    expect((await edit(other, capped, { dailyApprovalLimit: null })).json().data.dailyApprovalLimit).toBeNull();
    expect((await decideWithdrawal(app, capped, id, 'approved')).statusCode).toBe(200);
  });
});
