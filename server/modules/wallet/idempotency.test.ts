import { describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { useTestAppWithAdmin } from '../../../tests/helpers/app.js';
import { createPlayer, type TestUser } from '../../../tests/helpers/factories.js';
import { walletDeposits, walletWithdrawals } from '../../db/schema/index.js';
import type { App } from '../../types.js';
import { balanceOf, heldOf } from '../ledger/ledger.service.js';
import { decideDeposit, decideWithdrawal, nextPayNumber, postDeposit, postWithdrawal, upiDeposit, upiWithdrawal } from './wallet.fixtures.js';

describe('money calls replayed with the same Idempotency-Key', () => {
  let app: App;
  let admin: TestUser;
  useTestAppWithAdmin((a, ad) => ((app = a), (admin = ad)), { checkLedgerAfterEach: true });

  const key = (name: string) => ({ 'idempotency-key': `${name}-${Math.random().toString(36).slice(2)}` });

  it('deposit: the same answer, one request recorded', async () => {
    const p = await createPlayer(app);
    const headers = key('deposit');
    const body = upiDeposit(400, nextPayNumber());
    const first = await postDeposit(app, p, body, headers);
    const again = await postDeposit(app, p, body, headers);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const [n] = await app.db.select({ n: count() }).from(walletDeposits).where(eq(walletDeposits.userId, p.id));
    expect(Number(n.n)).toBe(1);
  });

  it('withraw: the amount is held once', async () => {
    const p = await createPlayer(app, { balance: 1000 });
    const headers = key('withdraw');
    const body = upiWithdrawal(300);
    const first = await postWithdrawal(app, p, body, headers);
    const again = await postWithdrawal(app, p, body, headers);
    expect(first.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await balanceOf(app.db, p.id)).toBe(70_000);
    expect(await heldOf(app.db, p.id)).toBe(30_000);
    const [n] = await app.db.select({ n: count() }).from(walletWithdrawals).where(eq(walletWithdrawals.userId, p.id));
    expect(Number(n.n)).toBe(1);
  });

  it('deposit approval: credited once, the replay answers 200 as the first time did', async () => {
    const p = await createPlayer(app);
    const id = (await postDeposit(app, p, upiDeposit(800, nextPayNumber()))).json().data._id;
    const headers = key('approve-deposit');
    const first = await decideDeposit(app, admin, id, 'approved', {}, headers);
    const again = await decideDeposit(app, admin, id, 'approved', {}, headers);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await balanceOf(app.db, p.id)).toBe(80_000);
    // Without the key, a second approval is refused rather than replayed.
    expect((await decideDeposit(app, admin, id, 'approved')).statusCode).toBe(409);
    expect(await balanceOf(app.db, p.id)).toBe(80_000);
  });

  it('withdrawal decision: the hold is paid out once', async () => {
    const p = await createPlayer(app, { balance: 1000 });
    const id = (await postWithdrawal(app, p, upiWithdrawal(250))).json().data._id;
    const headers = key('approve-withdrawal');
    const first = await decideWithdrawal(app, admin, id, 'approved', {}, headers);
    const again = await decideWithdrawal(app, admin, id, 'approved', {}, headers);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await balanceOf(app.db, p.id)).toBe(75_000);
    expect(await heldOf(app.db, p.id)).toBe(0);
  });
});
