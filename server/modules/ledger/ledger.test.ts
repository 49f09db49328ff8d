import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../tests/helpers/app.js';
import { createPlayer } from '../../../tests/helpers/factories.js';
import type { App } from '../../types.js';
import { balanceOf, checkLedger, transfer } from './ledger.service.js';

describe('ledger', () => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('moves money once per idempotency key and keeps the invariants', async () => {
    const p = await createPlayer(app, { balance: 50 });
    const move = () =>
      app.db.transaction((tx) =>
        transfer(tx, { from: { user: p.id }, to: { system: 'house' }, amount: 1000, kind: 'bet', reference: 'r1', idempotencyKey: 'bet:r1' }),
      );
    expect(await move()).toBe(true);
    expect(await move()).toBe(false);
    expect(await balanceOf(app.db, p.id)).toBe(4000);
    expect(await checkLedger(app.db)).toEqual([]);
  });

  it('refuses to take a wallet below zero and rolls back the whole transaction', async () => {
    const p = await createPlayer(app, { balance: 5 });
    await expect(
      app.db.transaction((tx) =>
        transfer(tx, { from: { user: p.id }, to: { system: 'house' }, amount: 501, kind: 'bet', reference: 'r2', idempotencyKey: 'bet:r2' }),
      ),
    ).rejects.toMatchObject({ status: 400, message: 'Insufficient balance!' });
    expect(await balanceOf(app.db, p.id)).toBe(500);
    expect(await checkLedger(app.db)).toEqual([]);
  });

  it('never goes negative under concurrent debits', async () => {
    const p = await createPlayer(app, { balance: 100 });
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) =>
        app.db.transaction((tx) =>
          transfer(tx, { from: { user: p.id }, to: { system: 'house' }, amount: 1000, kind: 'bet', reference: `c${i}`, idempotencyKey: `bet:c${i}` }),
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    expect(await balanceOf(app.db, p.id)).toBe(0);
    expect(await checkLedger(app.db)).toEqual([]);
  });

  it('serves health once the database is ready', async () => {
    const res = await app.inject({ url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json().ok).toBe(true);
  });
});
