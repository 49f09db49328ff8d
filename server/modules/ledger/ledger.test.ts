import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/helpers/app.js';
import { createPlayer } from '../../../tests/helpers/factories.js';
import type { App } from '../../types.js';
import { sql } from 'drizzle-orm';
import { pgError, PG } from '../../lib/errors.js';
import { SYSTEM_ACCOUNT_IDS } from './ledger.repo.js';
import { balanceOf, checkLedger, transfer, transferOnce } from './ledger.service.js';

describe('ledger', () => {
  let app: App;
  useTestApp((a) => (app = a));

  it('moves money once per idempotency key and keeps the invariants', async () => {
    const p = await createPlayer(app, { balance: 50 });
    const move = () =>
      app.db.transaction((tx) =>
        transfer(tx, { from: { user: p.id }, to: { system: 'house' }, amount: 1000, kind: 'bet', reference: 'r1', idempotencyKey: 'bet:r1', at: new Date() }),
      );
    expect(await move()).toBe(true);
    expect(await move()).toBe(false);
    expect(await balanceOf(app.db, p.id)).toBe(4000);
    expect(await checkLedger(app.db)).toEqual([]);
  });

  it('transferOnce refuses a used key with 409 ALREADY_APPLIED and rolls back the whole transaction', async () => {
    const p = await createPlayer(app, { balance: 50 });
    const payout = {
      from: { system: 'house' as const },
      to: { user: p.id },
      amount: 700,
      kind: 'win' as const,
      reference: 'r3',
      idempotencyKey: 'payout:r3',
      at: new Date(),
    };
    await app.db.transaction((tx) => transferOnce(tx, payout));
    expect(await balanceOf(app.db, p.id)).toBe(5700);
    await expect(
      app.db.transaction(async (tx) => {
        // A move earlier in the same transaction must not survive the refusal either.
        await transferOnce(tx, {
          from: { user: p.id },
          to: { system: 'house' },
          amount: 100,
          kind: 'bet',
          reference: 'r4',
          idempotencyKey: 'bet:r4',
          at: new Date(),
        });
        await transferOnce(tx, payout);
      }),
    ).rejects.toMatchObject({ code: 'ALREADY_APPLIED', status: 409, message: 'This payment was already recorded.' });
    expect(await balanceOf(app.db, p.id)).toBe(5700);
    expect(
      await app.db.transaction((tx) =>
        transfer(tx, { from: { user: p.id }, to: { system: 'house' }, amount: 100, kind: 'bet', reference: 'r4', idempotencyKey: 'bet:r4', at: new Date() }),
      ),
    ).toBe(true);
    expect(await checkLedger(app.db)).toEqual([]);
  });

  it('refuses to take a wallet below zero and rolls back the whole transaction', async () => {
    const p = await createPlayer(app, { balance: 5 });
    await expect(
      app.db.transaction((tx) =>
        transfer(tx, { from: { user: p.id }, to: { system: 'house' }, amount: 501, kind: 'bet', reference: 'r2', idempotencyKey: 'bet:r2', at: new Date() }),
      ),
    ).rejects.toMatchObject({ status: 400, message: 'Insufficient balance!' });
    expect(await balanceOf(app.db, p.id)).toBe(500);
    expect(await checkLedger(app.db)).toEqual([]);
  });

  it('refuses a transfer to an account that does not exist, and the check finds one recorded anyway', async () => {
    const p = await createPlayer(app, { balance: 5 });
    const ghost = '00000000-0000-4000-8000-0000000000ff';
    const refused = await app.db
      .execute(sql`SELECT ledger_move(${ghost}::uuid, ${SYSTEM_ACCOUNT_IDS.house}::uuid, 100, 'bet', 'g', 'bet:g', '{}', now())`)
      .catch((err: unknown) => err);
    expect(pgError(refused).code).toBe(PG.foreignKeyViolation);
    expect(await checkLedger(app.db)).toEqual([]);
    await app.db.execute(
      sql`INSERT INTO ledger_transfers (debit_account_id, credit_account_id, amount, kind, reference, idempotency_key) VALUES (${ghost}, ${SYSTEM_ACCOUNT_IDS.house}, 100, 'bet', 'g', 'bet:g')`,
    );
    expect((await checkLedger(app.db)).map((v) => v.rule)).toContain('transfer names an unknown account');
    await app.db.execute(sql`DELETE FROM ledger_transfers WHERE idempotency_key = 'bet:g'`);
    expect(await balanceOf(app.db, p.id)).toBe(500);
  });

  it('never goes negative under concurrent debits', async () => {
    const p = await createPlayer(app, { balance: 100 });
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) =>
        app.db.transaction((tx) =>
          transfer(tx, {
            from: { user: p.id },
            to: { system: 'house' },
            amount: 1000,
            kind: 'bet',
            reference: `c${i}`,
            idempotencyKey: `bet:c${i}`,
            at: new Date(),
          }),
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
