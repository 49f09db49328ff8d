import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../tests/helpers/app.js';
import { createPlayer } from '../../tests/helpers/factories.js';
import { balanceOf, checkLedger, transfer } from '../modules/ledger/ledger.service.js';
import type { App } from '../types.js';
import { requireUser } from './auth.js';

describe('Idempotency-Key', () => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp({}, {}, (a) => {
      // A deliberately unsafe money call: every run credits 1 rupee under a fresh ledger key.
      a.post('/test/credit', { preHandler: requireUser, config: { idempotent: true } }, async (request) => {
        await a.db.transaction((tx) =>
          transfer(tx, {
            from: { system: 'cash' },
            to: { user: request.user!.id },
            amount: 100,
            kind: 'adjustment',
            reference: 't',
            idempotencyKey: randomUUID(),
            at: new Date(),
          }),
        );
        return { success: true, data: { credited: 1 } };
      });
      a.post('/test/fail', { preHandler: requireUser, config: { idempotent: true } }, async () => {
        throw new Error('boom');
      });
    });
  });
  afterAll(() => app.close());

  it('replays the first answer and moves no money again', async () => {
    const p = await createPlayer(app);
    const call = () => app.inject({ method: 'POST', url: '/test/credit', headers: { ...p.headers, 'idempotency-key': 'k1' }, payload: { a: 1 } });
    const first = await call();
    const second = await call();
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect(await balanceOf(app.db, p.id)).toBe(100);
  });

  it('runs concurrent duplicates once', async () => {
    const p = await createPlayer(app);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => app.inject({ method: 'POST', url: '/test/credit', headers: { ...p.headers, 'idempotency-key': 'same' }, payload: {} })),
    );
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    expect(await balanceOf(app.db, p.id)).toBe(100);
    expect(await checkLedger(app.db)).toEqual([]);
  });

  it('refuses the same key for a different request, and keys are per caller', async () => {
    const p = await createPlayer(app);
    const q = await createPlayer(app);
    await app.inject({ method: 'POST', url: '/test/credit', headers: { ...p.headers, 'idempotency-key': 'x' }, payload: { a: 1 } });
    const other = await app.inject({ method: 'POST', url: '/test/credit', headers: { ...p.headers, 'idempotency-key': 'x' }, payload: { a: 2 } });
    expect(other.statusCode).toBe(422);
    const byQ = await app.inject({ method: 'POST', url: '/test/credit', headers: { ...q.headers, 'idempotency-key': 'x' }, payload: { a: 1 } });
    expect(byQ.statusCode).toBe(200);
    expect(byQ.headers['idempotent-replayed']).toBeUndefined();
  });

  it('releases the key after a server error so the call can be retried', async () => {
    const p = await createPlayer(app);
    const first = await app.inject({ method: 'POST', url: '/test/fail', headers: { ...p.headers, 'idempotency-key': 'f' }, payload: {} });
    expect(first.statusCode).toBe(500);
    const again = await app.inject({ method: 'POST', url: '/test/fail', headers: { ...p.headers, 'idempotency-key': 'f' }, payload: {} });
    expect(again.statusCode).toBe(500);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
  });
});

describe('Idempotency-Key claims left by a crash', () => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp({}, {}, (a) => {
      a.post('/test/ok', { preHandler: requireUser, config: { idempotent: true } }, async () => ({ success: true }));
    });
  });
  afterAll(() => app.close());

  it('takes over a claim older than a minute, but not a fresh one', async () => {
    const p = await createPlayer(app);
    const { idempotencyKeys } = await import('../db/schema/index.js');
    const fingerprint = (await import('../lib/tokens.js')).sha256('POST /test/ok\n{}');
    await app.db.insert(idempotencyKeys).values({ userId: p.id, key: 'fresh', fingerprint });
    await app.db.insert(idempotencyKeys).values({ userId: p.id, key: 'old', fingerprint, createdAt: new Date(Date.now() - 5 * 60_000) });
    const send = (key: string) => app.inject({ method: 'POST', url: '/test/ok', headers: { ...p.headers, 'idempotency-key': key }, payload: {} });
    expect((await send('fresh')).statusCode).toBe(409);
    expect((await send('old')).statusCode).toBe(200);
  });
});
