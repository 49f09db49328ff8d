import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { seedPaymentTargets, useTestAppWithAdmin } from '../../../tests/helpers/app.js';
import { createPlayer, type TestUser } from '../../../tests/helpers/factories.js';
import { auditLog, walletQrCodes } from '../../db/schema/index.js';
import type { App } from '../../types.js';
import { balanceOf, transfer } from '../ledger/ledger.service.js';
import { decideDeposit, nextPayNumber, pendingDeposit, postDeposit, upiDeposit } from './wallet.fixtures.js';

describe('deposits', () => {
  let app: App;
  let admin: TestUser;
  useTestAppWithAdmin((a, ad) => ((app = a), (admin = ad)), { checkLedgerAfterEach: true });

  it('refuses a deposit by a method with nowhere to pay, and takes it once a QR code is set up', async () => {
    const p = await createPlayer(app);
    await app.db.delete(walletQrCodes).where(eq(walletQrCodes.kind, 'upi'));
    try {
      const refused = await postDeposit(app, p, upiDeposit('500', nextPayNumber(), { userId: p.id }));
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'NOT_AVAILABLE', message: expect.stringContaining('UPI deposits are not open right now') });
      const telegram = await postDeposit(app, p, { userId: p.id, method: 'Telegram', details: { payNumber: nextPayNumber(), gameName: 'chicken' } });
      expect(telegram.json().code).toBe('NOT_AVAILABLE');
    } finally {
      await seedPaymentTargets(app);
    }
    expect((await postDeposit(app, p, upiDeposit('500', nextPayNumber(), { userId: p.id }))).statusCode).toBe(201);
  });

  it('records a pending UPI deposit and credits nothing until approved', async () => {
    const p = await createPlayer(app);
    const res = await postDeposit(app, p, upiDeposit('500', nextPayNumber(), { userId: p.id }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ success: true, data: { status: 'pending', amount: 500, method: 'UPI' } });
    expect(typeof res.json().data._id).toBe('string');
    expect(await balanceOf(app.db, p.id)).toBe(0);
  });

  it('records a crypto deposit with its type and network, in any letter case', async () => {
    const p = await createPlayer(app);
    const res = await postDeposit(app, p, {
      amount: 250.5,
      method: 'crypto',
      details: { payNumber: `0x${'ab'.repeat(32)}`, cryptoType: 'USDT', network: 'TRC20' },
    });
    expect(res.statusCode).toBe(201);
    const list = await app.inject({ url: '/api/v1/wallet/history/deposit', headers: admin.headers });
    const item = list.json().data.deposit.find((d: { _id: string }) => d._id === res.json().data._id);
    expect(item).toMatchObject({
      method: 'Crypto',
      amount: 250.5,
      status: 'pending',
      userId: p.id,
      details: { cryptoType: 'usdt', network: 'trc20', gameName: null },
    });
    const noNetwork = await postDeposit(app, p, { amount: 200, method: 'Crypto', details: { payNumber: nextPayNumber(), cryptoType: 'usdt' } });
    expect(noNetwork.statusCode).toBe(400);
    expect(noNetwork.json().message).toMatch(/network/i);
  });

  it('enforces the deposit limits on the server', async () => {
    const p = await createPlayer(app);
    for (const amount of [99.99, 5000.01, 10]) {
      const res = await postDeposit(app, p, upiDeposit(amount, nextPayNumber()));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'AMOUNT_OUT_OF_RANGE', message: 'Deposit amount must be between ₹100 and ₹5,000.' });
    }
    expect((await postDeposit(app, p, upiDeposit(100, nextPayNumber()))).statusCode).toBe(201);
    expect((await postDeposit(app, p, upiDeposit(5000, nextPayNumber()))).statusCode).toBe(201);
  });

  it('refuses bad amounts, unknown methods, missing ids and other players with clear messages', async () => {
    const p = await createPlayer(app);
    const other = await createPlayer(app);
    const cases: [unknown, RegExp][] = [
      [-100, /greater than zero/],
      [0, /greater than zero/],
      ['0', /greater than zero/],
      ['abc', /must be a number/],
      ['NaN', /must be a number/],
      // JSON has no NaN: a client's NaN arrives as null.
      [Number.NaN, /Enter an amount/],
      [1e12, /cannot exceed/],
      ['100.123', /two decimals/],
      [100.125, /two decimals/],
    ];
    for (const [amount, message] of cases) {
      const res = await postDeposit(app, p, upiDeposit(amount as number, nextPayNumber()));
      expect(res.statusCode, String(amount)).toBe(400);
      expect(res.json().success).toBe(false);
      expect(res.json().message).toMatch(message);
    }
    const unknown = await postDeposit(app, p, { ...upiDeposit(200, nextPayNumber()), method: 'Paypal' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/Method must be UPI, Crypto or Telegram/);
    const noId = await postDeposit(app, p, { amount: 200, method: 'UPI', details: { payNumber: '' } });
    expect(noId.statusCode).toBe(400);
    expect(noId.json().message).toMatch(/transaction id/i);
    const huge = await postDeposit(app, p, upiDeposit(200, 'x'.repeat(10_000)));
    expect(huge.statusCode).toBe(400);
    const asOther = await postDeposit(app, p, upiDeposit(200, nextPayNumber(), { userId: other.id }));
    expect(asOther.statusCode).toBe(403);
    const anonymous = await app.inject({ method: 'POST', url: '/api/v1/wallet/deposit', payload: upiDeposit(200, nextPayNumber()) });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses a transaction id already claimed for the same method, whatever its case', async () => {
    const p = await createPlayer(app);
    const q = await createPlayer(app);
    const id = nextPayNumber();
    expect((await postDeposit(app, p, upiDeposit(200, id))).statusCode).toBe(201);
    const again = await postDeposit(app, q, upiDeposit(300, id.toLowerCase()));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      success: false,
      code: 'DUPLICATE_TRANSACTION_ID',
      message: 'This transaction id has already been submitted. Check it and try again.',
    });
    const otherMethod = await postDeposit(app, q, { amount: 300, method: 'Crypto', details: { payNumber: id, cryptoType: 'usdt', network: 'erc20' } });
    expect(otherMethod.statusCode).toBe(201);
  });

  it('frees a transaction id when its claim is rejected, and shows the admin every earlier claim', async () => {
    const victim = await createPlayer(app);
    const squatter = await createPlayer(app);
    const third = await createPlayer(app);
    const id = nextPayNumber();
    const squatted = await postDeposit(app, squatter, upiDeposit(200, id));
    expect(squatted.statusCode).toBe(201);
    // A live claim holds the id, in any letter case.
    const refused = await postDeposit(app, victim, upiDeposit(200, id.toLowerCase()));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'DUPLICATE_TRANSACTION_ID',
      message: 'This transaction id has already been submitted. Check it and try again.',
    });

    expect((await decideDeposit(app, admin, squatted.json().data._id, 'rejected')).statusCode).toBe(200);
    const claimed = await postDeposit(app, victim, upiDeposit(200, id.toLowerCase()));
    expect(claimed.statusCode).toBe(201);
    // The new claim is live again: a third person is refused.
    expect((await postDeposit(app, third, upiDeposit(200, id))).statusCode).toBe(409);

    // An id claimed once, or the same id under another method, has no earlier claims.
    const once = await pendingDeposit(app, third, 150);
    const crypto = await postDeposit(app, third, { amount: 300, method: 'Crypto', details: { payNumber: id, cryptoType: 'usdt', network: 'erc20' } });
    expect(crypto.statusCode).toBe(201);

    const list = (await app.inject({ url: '/api/v1/wallet/history/deposit', headers: admin.headers })).json().data.deposit as Record<string, unknown>[];
    const byId = (depositId: string) => list.find((d) => d._id === depositId);
    expect(byId(claimed.json().data._id)).toMatchObject({ status: 'pending', userId: victim.id, earlierClaims: 1, amount: 200, method: 'UPI' });
    expect(byId(squatted.json().data._id)).toMatchObject({ status: 'rejected', userId: squatter.id, earlierClaims: 1 });
    expect(byId(once)).toMatchObject({ earlierClaims: 0 });
    expect(byId(crypto.json().data._id)).toMatchObject({ earlierClaims: 0 });
  });

  it('rolls back an approval whose ledger key was already used, leaving the deposit pending', async () => {
    const p = await createPlayer(app);
    const id = await pendingDeposit(app, p, 400);
    await app.db.transaction((tx) =>
      transfer(tx, {
        from: { system: 'cash' },
        to: { system: 'house' },
        amount: 1,
        kind: 'adjustment',
        reference: 'test',
        idempotencyKey: `deposit:${id}`,
        at: new Date(),
      }),
    );
    const res = await decideDeposit(app, admin, id, 'approved');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ success: false, code: 'ALREADY_APPLIED', message: 'This payment was already recorded.' });
    expect(await balanceOf(app.db, p.id)).toBe(0);
    expect(await app.db.select().from(auditLog).where(eq(auditLog.entityId, id))).toEqual([]);
    const list = (await app.inject({ url: '/api/v1/wallet/history/deposit?status=pending', headers: admin.headers })).json().data.deposit as { _id: string }[];
    expect(list.some((d) => d._id === id)).toBe(true);
  });

  it('accepts the player’s own userId written in capitals', async () => {
    const p = await createPlayer(app);
    const res = await postDeposit(app, p, upiDeposit(200, nextPayNumber(), { userId: p.id.toUpperCase() }));
    expect(res.statusCode).toBe(201);
  });

  it('credits the amount on the record once on approval, whatever the body says', async () => {
    const p = await createPlayer(app);
    const id = await pendingDeposit(app, p, 750);
    const res = await decideDeposit(app, admin, id, 'approved', { userId: admin.id, amount: 999999 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: { _id: id, status: 'approved' } });
    expect(await balanceOf(app.db, p.id)).toBe(75_000);
    const again = await decideDeposit(app, admin, id, 'approved');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This deposit has already been approved; only pending deposits can change.');
    const flip = await decideDeposit(app, admin, id, 'rejected');
    expect(flip.statusCode).toBe(409);
    expect(await balanceOf(app.db, p.id)).toBe(75_000);
    const [entry] = await app.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(entry).toMatchObject({ actorId: admin.id, action: 'approve', entity: 'deposit' });
  });

  it('rejects without crediting, and answers 404 for unknown ids and 400 for unknown statuses', async () => {
    const p = await createPlayer(app);
    const id = await pendingDeposit(app, p, 300);
    expect((await decideDeposit(app, admin, id, 'maybe')).statusCode).toBe(400);
    expect((await decideDeposit(app, admin, id, 'rejected')).statusCode).toBe(200);
    expect(await balanceOf(app.db, p.id)).toBe(0);
    expect((await decideDeposit(app, admin, '00000000-0000-4000-8000-000000000000', 'approved')).statusCode).toBe(404);
    expect((await decideDeposit(app, admin, 'not-an-id', 'approved')).statusCode).toBe(404);
  });

  it("refuses the original app's spinner use of the status call to a player", async () => {
    const p = await createPlayer(app);
    const res = await app.inject({
      method: 'PUT',
      url: '/api/v1/wallet/update-deposite-transaction-status',
      headers: p.headers,
      payload: { status: 'approved', userId: p.id, amount: 100 },
    });
    expect(res.statusCode).toBe(403);
    expect(await balanceOf(app.db, p.id)).toBe(0);
  });

  it('takes a Telegram deposit amount from the telegram-amount record and never credits it here', async () => {
    const p = await createPlayer(app);
    const body = {
      amount: 1,
      method: 'Telegram',
      details: { payNumber: nextPayNumber(), telegramID: '@asha', phoneNumber: '+919876543210', gameName: 'chicken' },
    };
    const before = await postDeposit(app, p, body);
    expect(before.statusCode).toBe(400);
    expect(before.json().message).toMatch(/Telegram subscription amount has not been set/);
    const set = await app.inject({ method: 'POST', url: '/api/v1/telegram-amount', headers: admin.headers, payload: { amount: '499' } });
    expect(set.statusCode).toBe(201);
    const res = await postDeposit(app, p, { ...body, details: { ...body.details, payNumber: nextPayNumber() } });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ amount: 499, method: 'Telegram', status: 'pending' });
    const list = await app.inject({ url: '/api/v1/wallet/history/deposit?method=telegram', headers: admin.headers });
    expect(list.json().data.deposit).toHaveLength(1);
    expect(list.json().data.deposit[0].details).toMatchObject({ gameName: 'chicken', telegramID: '@asha' });
    const approve = await decideDeposit(app, admin, res.json().data._id, 'approved');
    expect(approve.statusCode).toBe(400);
    expect(approve.json().message).toMatch(/Telegram section/);
    expect(await balanceOf(app.db, p.id)).toBe(0);
    await app.inject({ method: 'DELETE', url: `/api/v1/telegram-amount/${set.json().data._id}`, headers: admin.headers });
  });

  it('pays the referrer the refer amount once, on the first approved deposit only', async () => {
    const referrer = await createPlayer(app);
    const referred = await createPlayer(app, { referredBy: referrer.id });
    const set = await app.inject({ method: 'POST', url: '/api/v1/refer-amount', headers: admin.headers, payload: { amount: 50 } });
    expect(set.statusCode).toBe(201);
    const rejected = await pendingDeposit(app, referred, 200);
    await decideDeposit(app, admin, rejected, 'rejected');
    expect(await balanceOf(app.db, referrer.id)).toBe(0);
    const first = await pendingDeposit(app, referred, 200);
    const second = await pendingDeposit(app, referred, 300);
    expect((await decideDeposit(app, admin, first, 'approved')).statusCode).toBe(200);
    expect(await balanceOf(app.db, referrer.id)).toBe(5_000);
    expect((await decideDeposit(app, admin, second, 'approved')).statusCode).toBe(200);
    expect(await balanceOf(app.db, referrer.id)).toBe(5_000);
    expect(await balanceOf(app.db, referred.id)).toBe(50_000);
    // A player with no referrer pays no one.
    const loner = await createPlayer(app);
    await decideDeposit(app, admin, await pendingDeposit(app, loner, 100), 'approved');
    expect(await balanceOf(app.db, referrer.id)).toBe(5_000);
    await app.inject({ method: 'DELETE', url: `/api/v1/refer-amount/${set.json().data._id}`, headers: admin.headers });
  });

  it('lists deposits newest first with details always an object, and filters by method and status', async () => {
    const p = await createPlayer(app, { fullName: 'Lister' });
    const a = await pendingDeposit(app, p, 111);
    const b = await pendingDeposit(app, p, 222);
    const res = await app.inject({ url: '/api/v1/wallet/history/deposit', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const list = res.json().data.deposit as { _id: string; details: unknown; method: unknown; createdAt: string }[];
    expect(list.findIndex((d) => d._id === b)).toBeLessThan(list.findIndex((d) => d._id === a));
    for (const d of list) {
      expect(typeof d.details).toBe('object');
      expect(typeof d.method).toBe('string');
      expect(Number.isNaN(Date.parse(d.createdAt))).toBe(false);
    }
    // The filters keep what they name and drop the rest: an approved UPI deposit and a crypto one are left out.
    const approved = await pendingDeposit(app, p, 333);
    expect((await decideDeposit(app, admin, approved, 'approved')).statusCode).toBe(200);
    const crypto = await postDeposit(app, p, {
      amount: 444,
      method: 'Crypto',
      details: { payNumber: nextPayNumber(), cryptoType: 'usdt', network: 'trc20' },
      remarks: 'x',
    });
    expect(crypto.statusCode).toBe(201);
    const upiPending = (await app.inject({ url: '/api/v1/wallet/history/deposit?method=upi&status=pending&limit=100', headers: admin.headers })).json().data
      .deposit as { _id: string; method: string; status: string }[];
    const ids = upiPending.map((d) => d._id);
    expect(ids).toEqual(expect.arrayContaining([a, b]));
    expect(ids).not.toContain(approved);
    expect(ids).not.toContain(crypto.json().data._id);
    expect(upiPending.every((d) => d.method === 'UPI' && d.status === 'pending')).toBe(true);
    expect((await app.inject({ url: '/api/v1/wallet/history/deposit?method=cash', headers: admin.headers })).statusCode).toBe(400);
  });
});
