import { describe, expect, it } from 'vitest';
import { useTestAppWithAdmin } from '../../../tests/helpers/app.js';
import { createPlayer, type TestUser } from '../../../tests/helpers/factories.js';
import type { App } from '../../types.js';
import { balanceOf, heldOf, transfer } from '../ledger/ledger.service.js';
import { decideWithdrawal, ERC20_ADDRESS, postWithdrawal, TRC20_ADDRESS, upiWithdrawal } from './wallet.fixtures.js';

describe('withdrawals', () => {
  let app: App;
  let admin: TestUser;
  useTestAppWithAdmin((a, ad) => ((app = a), (admin = ad)), { checkLedgerAfterEach: true });

  it('holds the amount at once so it can be neither bet nor withdrawn twice', async () => {
    const p = await createPlayer(app, { balance: 1000 });
    const res = await postWithdrawal(app, p, { ...upiWithdrawal('600'), userId: p.id });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ success: true, data: { status: 'pending', amount: 600, method: 'UPI' } });
    expect(await balanceOf(app.db, p.id)).toBe(40_000);
    expect(await heldOf(app.db, p.id)).toBe(60_000);
    const twice = await postWithdrawal(app, p, upiWithdrawal(600));
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({ success: false, message: 'Insufficient balance!' });
    expect(await balanceOf(app.db, p.id)).toBe(40_000);
    const list = await app.inject({ url: '/api/v1/wallet/history/withdrawals', headers: admin.headers });
    expect(list.json().data.withdrawals.filter((w: { userId: string }) => w.userId === p.id)).toHaveLength(1);
  });

  it('run again after its server died mid-answer (the key taken over), holds the money once and answers the same request', async () => {
    const p = await createPlayer(app, { balance: 1000 });
    const headers = { 'idempotency-key': 'wd-crash-1' };
    const first = await postWithdrawal(app, p, upiWithdrawal(300), headers);
    expect(first.statusCode).toBe(201);
    // As a server killed after the commit leaves it: the claim without its answer, a minute old.
    await app.database.exec(
      `UPDATE idempotency_keys SET status_code = NULL, response = NULL, created_at = now() - interval '2 minutes' WHERE user_id = '${p.id}' AND key = 'wd-crash-1'`,
    );
    const again = await postWithdrawal(app, p, upiWithdrawal(300), headers);
    expect(again.statusCode).toBe(201);
    expect(again.json().data._id).toBe(first.json().data._id);
    expect(await balanceOf(app.db, p.id)).toBe(70_000);
    expect(await heldOf(app.db, p.id)).toBe(30_000);
    // A new key is a new request.
    const other = await postWithdrawal(app, p, upiWithdrawal(300), { 'idempotency-key': 'wd-crash-2' });
    expect(other.json().data._id).not.toBe(first.json().data._id);
    expect(await heldOf(app.db, p.id)).toBe(60_000);
  });

  it('refuses a withdrawal above the balance with "Insufficient balance!"', async () => {
    const p = await createPlayer(app, { balance: 150 });
    const res = await postWithdrawal(app, p, upiWithdrawal(150.01));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Insufficient balance!');
    const empty = await createPlayer(app);
    expect((await postWithdrawal(app, empty, upiWithdrawal(100))).json().message).toBe('Insufficient balance!');
    expect(await balanceOf(app.db, p.id)).toBe(15_000);
  });

  it('approval pays the hold out and leaves the wallet; rejection returns the money', async () => {
    const p = await createPlayer(app, { balance: 1000 });
    const a = (await postWithdrawal(app, p, upiWithdrawal(300))).json().data._id;
    const b = (await postWithdrawal(app, p, { amount: 200, method: 'ETH', details: { walletAddress: ERC20_ADDRESS, email: 'p@example.com' } })).json().data._id;
    expect(await balanceOf(app.db, p.id)).toBe(50_000);

    const approve = await decideWithdrawal(app, admin, a, 'approved', { userId: p.id, amount: 1 });
    expect(approve.statusCode).toBe(200);
    expect(approve.json()).toMatchObject({ success: true, data: { _id: a, status: 'approved' } });
    expect(await balanceOf(app.db, p.id)).toBe(50_000);
    expect(await heldOf(app.db, p.id)).toBe(20_000);

    expect((await decideWithdrawal(app, admin, b, 'rejected')).statusCode).toBe(200);
    expect(await balanceOf(app.db, p.id)).toBe(70_000);
    expect(await heldOf(app.db, p.id)).toBe(0);

    const again = await decideWithdrawal(app, admin, a, 'rejected');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This withdrawal has already been approved; only pending withdrawals can change.');
    expect((await decideWithdrawal(app, admin, b, 'approved')).statusCode).toBe(409);
    expect(await balanceOf(app.db, p.id)).toBe(70_000);
    expect((await decideWithdrawal(app, admin, '00000000-0000-4000-8000-000000000000', 'approved')).statusCode).toBe(404);
    expect((await decideWithdrawal(app, admin, a, 'done')).statusCode).toBe(400);
  });

  it('rolls back a decision whose ledger key was already used, leaving the withdrawal pending and held', async () => {
    const p = await createPlayer(app, { balance: 1000 });
    for (const [status, key] of [
      ['approved', 'withdrawal'],
      ['rejected', 'withdrawal-release'],
    ] as const) {
      const id = (await postWithdrawal(app, p, upiWithdrawal(200))).json().data._id as string;
      await app.db.transaction((tx) =>
        transfer(tx, {
          from: { system: 'cash' },
          to: { system: 'house' },
          amount: 1,
          kind: 'adjustment',
          reference: 'test',
          idempotencyKey: `${key}:${id}`,
          at: new Date(),
        }),
      );
      const res = await decideWithdrawal(app, admin, id, status);
      expect(res.statusCode, status).toBe(409);
      expect(res.json()).toMatchObject({ success: false, code: 'ALREADY_APPLIED', message: 'This payment was already recorded.' });
      const pending = (await app.inject({ url: '/api/v1/wallet/history/withdrawals?status=pending', headers: admin.headers })).json().data.withdrawals as {
        _id: string;
      }[];
      expect(pending.some((w) => w._id === id)).toBe(true);
    }
    expect(await heldOf(app.db, p.id)).toBe(40_000);
    expect(await balanceOf(app.db, p.id)).toBe(60_000);
  });

  it('accepts the player’s own userId written in capitals', async () => {
    const p = await createPlayer(app, { balance: 1000 });
    expect((await postWithdrawal(app, p, { ...upiWithdrawal(200), userId: p.id.toUpperCase() })).statusCode).toBe(201);
  });

  it('checks IFSC, account number, e-mail and phone for INR, and accepts a lower-case IFSC', async () => {
    const p = await createPlayer(app, { balance: 5000 });
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ ifsc: 'SBIN1234567' }, /valid IFSC/],
      [{ ifsc: 'SBI0001234' }, /valid IFSC/],
      [{ ifsc: '' }, /valid IFSC/],
      [{ accountNumber: '12345678' }, /9 to 18 digits/],
      [{ accountNumber: '1234567890123456789' }, /9 to 18 digits/],
      [{ accountNumber: '12345abc90' }, /9 to 18 digits/],
      [{ email: 'not-an-email' }, /e-mail/],
      [{ phone: 'call me' }, /phone/],
      [{ firstName: ' ' }, /first name/],
    ];
    for (const [details, message] of bad) {
      const res = await postWithdrawal(app, p, upiWithdrawal(100, details));
      expect(res.statusCode, JSON.stringify(details)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect(await balanceOf(app.db, p.id)).toBe(500_000);
    const ok = await postWithdrawal(app, p, upiWithdrawal(100, { ifsc: 'sbin0001234', accountNumber: 123456789012 }));
    expect(ok.statusCode).toBe(201);
    const list = await app.inject({ url: '/api/v1/wallet/history/withdrawals?method=upi', headers: admin.headers });
    const item = list.json().data.withdrawals.find((w: { _id: string }) => w._id === ok.json().data._id);
    expect(item).toMatchObject({ method: 'UPI', status: 'pending', amount: 100, details: { ifsc: 'SBIN0001234', accountNumber: '123456789012' } });
  });

  it('checks the wallet address for the chosen network', async () => {
    const p = await createPlayer(app, { balance: 5000 });
    const usdt = (details: Record<string, unknown>) => postWithdrawal(app, p, { amount: 100, method: 'USDT', details: { email: 'p@example.com', ...details } });
    const eth = (details: Record<string, unknown>) => postWithdrawal(app, p, { amount: 100, method: 'ETH', details: { email: 'p@example.com', ...details } });

    const trcDefault = await usdt({ walletAddress: TRC20_ADDRESS });
    expect(trcDefault.statusCode).toBe(201);
    expect((await usdt({ walletAddress: ERC20_ADDRESS })).json().message).toMatch(/valid TRC20 wallet address/);
    expect((await usdt({ network: 'TRC20', walletAddress: `${TRC20_ADDRESS.slice(0, 33)}0` })).statusCode).toBe(400);
    expect((await usdt({ network: 'erc20', walletAddress: ERC20_ADDRESS })).statusCode).toBe(201);
    expect((await usdt({ network: 'ERC20', walletAddress: TRC20_ADDRESS })).json().message).toMatch(/0x followed by 40 hex digits/);
    expect((await usdt({ network: 'BEP20', walletAddress: ERC20_ADDRESS })).json().message).toMatch(/TRC20 or ERC20/);
    expect((await eth({ walletAddress: ERC20_ADDRESS })).statusCode).toBe(201);
    expect((await eth({ walletAddress: `${ERC20_ADDRESS}00` })).statusCode).toBe(400);
    expect((await eth({ walletAddress: '0x' + 'g'.repeat(40) })).statusCode).toBe(400);
    expect((await eth({ walletAddress: ERC20_ADDRESS, email: 'nope' })).json().message).toMatch(/e-mail/);

    const list = await app.inject({ url: '/api/v1/wallet/history/withdrawals?method=crypto', headers: admin.headers });
    const mine = list.json().data.withdrawals.filter((w: { userId: string }) => w.userId === p.id);
    expect(mine.map((w: { method: string }) => w.method).sort()).toEqual(['ETH', 'USDT', 'USDT']);
    expect(mine.find((w: { _id: string }) => w._id === trcDefault.json().data._id).details).toMatchObject({ network: 'TRC20', walletAddress: TRC20_ADDRESS });
  });

  it('refuses bad amounts, amounts outside the limits, unknown methods and other players', async () => {
    const p = await createPlayer(app, { balance: 500 });
    const other = await createPlayer(app);
    for (const amount of [-5, 0, 'abc', '1e3', 100.001, 1e9]) {
      const res = await postWithdrawal(app, p, upiWithdrawal(amount as number));
      expect(res.statusCode, String(amount)).toBe(400);
      expect(res.json().success).toBe(false);
    }
    const low = await postWithdrawal(app, p, upiWithdrawal(99));
    expect(low.json()).toMatchObject({ code: 'AMOUNT_OUT_OF_RANGE', message: 'Withdrawal amount must be between ₹100 and ₹1,00,000.' });
    const unknown = await postWithdrawal(app, p, { ...upiWithdrawal(100), method: 'BTC' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/Method must be UPI, USDT or ETH/);
    expect((await postWithdrawal(app, p, { ...upiWithdrawal(100), userId: other.id })).statusCode).toBe(403);
    expect(await balanceOf(app.db, p.id)).toBe(50_000);
  });

  it('lists withdrawals newest first with method a string, and filters by status', async () => {
    const p = await createPlayer(app, { balance: 1000, fullName: 'Withdrawer' });
    const first = (await postWithdrawal(app, p, upiWithdrawal(100))).json().data._id;
    const second = (await postWithdrawal(app, p, upiWithdrawal(100))).json().data._id;
    await decideWithdrawal(app, admin, first, 'rejected');
    const res = await app.inject({ url: '/api/v1/wallet/history/withdrawals', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const all = res.json().data.withdrawals as { _id: string; method: unknown; details: unknown; status: string; fullName: string }[];
    expect(all.findIndex((w) => w._id === second)).toBeLessThan(all.findIndex((w) => w._id === first));
    expect(all.every((w) => typeof w.method === 'string' && typeof w.details === 'object')).toBe(true);
    expect(all.find((w) => w._id === second)?.fullName).toBe('Withdrawer');
    const pending = await app.inject({ url: '/api/v1/wallet/history/withdrawals?status=pending&limit=500', headers: admin.headers });
    const ids = pending.json().data.withdrawals.map((w: { _id: string }) => w._id);
    expect(ids).toContain(second);
    expect(ids).not.toContain(first);
    const paged = await app.inject({ url: '/api/v1/wallet/history/withdrawals?limit=1&page=2', headers: admin.headers });
    expect(paged.json().data.withdrawals).toHaveLength(1);
    expect(paged.json().data.page).toBe(2);
  });
});
