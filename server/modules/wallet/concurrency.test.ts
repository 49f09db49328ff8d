import { describe, expect, it } from 'vitest';
import { useTestAppWithAdmin } from '../../../tests/helpers/app.js';
import { createPlayer, type TestUser } from '../../../tests/helpers/factories.js';
import type { App } from '../../types.js';
import { balanceOf, heldOf } from '../ledger/ledger.service.js';
import { decideDeposit, decideWithdrawal, pendingDeposit, postWithdrawal, upiWithdrawal } from './wallet.fixtures.js';

// Meaningful on PostgreSQL (TEST_DATABASE_URL), where the requests really run in parallel on a
// pool; on PGlite they queue on its one connection and must give the same answers.
describe('wallet under concurrent requests', () => {
  let app: App;
  let admin: TestUser;
  useTestAppWithAdmin((a, ad) => ((app = a), (admin = ad)), { checkLedgerAfterEach: true });

  it('credits a deposit once when it is approved 100 times at once', async () => {
    const p = await createPlayer(app);
    const id = await pendingDeposit(app, p, 1234.5);
    const results = await Promise.all(Array.from({ length: 100 }, () => decideDeposit(app, admin, id, 'approved', { amount: 5000 })));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(99);
    expect(await balanceOf(app.db, p.id)).toBe(123_450);
  });

  it('lets exactly the affordable withdrawals through when 50 arrive together', async () => {
    const p = await createPlayer(app, { balance: 1000 });
    const results = await Promise.all(Array.from({ length: 50 }, () => postWithdrawal(app, p, upiWithdrawal(150))));
    const ok = results.filter((r) => r.statusCode === 201);
    const refused = results.filter((r) => r.statusCode !== 201);
    expect(ok).toHaveLength(6);
    expect(refused.every((r) => r.statusCode === 400 && r.json().message === 'Insufficient balance!')).toBe(true);
    expect(await balanceOf(app.db, p.id)).toBe(10_000);
    expect(await heldOf(app.db, p.id)).toBe(90_000);
  });

  it('settles a withdrawal once when approvals and rejections race', async () => {
    const p = await createPlayer(app, { balance: 500 });
    const id = (await postWithdrawal(app, p, upiWithdrawal(500))).json().data._id;
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => decideWithdrawal(app, admin, id, i % 2 ? 'approved' : 'rejected')));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(39);
    expect(await heldOf(app.db, p.id)).toBe(0);
    expect([0, 50_000]).toContain(await balanceOf(app.db, p.id));
  });

  it('pays a referrer once when two first deposits are approved at the same moment', async () => {
    const referrer = await createPlayer(app);
    const referred = await createPlayer(app, { referredBy: referrer.id });
    const set = await app.inject({ method: 'POST', url: '/api/v1/refer-amount', headers: admin.headers, payload: { amount: 75 } });
    const ids = await Promise.all([pendingDeposit(app, referred, 200), pendingDeposit(app, referred, 300), pendingDeposit(app, referred, 400)]);
    const results = await Promise.all(ids.map((id) => decideDeposit(app, admin, id, 'approved')));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(await balanceOf(app.db, referrer.id)).toBe(7_500);
    expect(await balanceOf(app.db, referred.id)).toBe(90_000);
    await app.inject({ method: 'DELETE', url: `/api/v1/refer-amount/${set.json().data._id}`, headers: admin.headers });
  });
});
