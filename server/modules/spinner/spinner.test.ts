import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { drawSpin, prizeRupees } from '../../../contracts/spinner.js';
import { rows, useTestAppWithAdmin } from '../../../tests/helpers/app.js';
import { createAdmin, createPlayer, type TestUser } from '../../../tests/helpers/factories.js';
import { manualClock } from '../../lib/clock.js';
import type { App } from '../../types.js';
import { balanceOf } from '../ledger/index.js';

describe('the prize wheel', () => {
  let app: App;
  let admin: TestUser;
  // The hour between spins passes when a test says so.
  const clock = manualClock();
  useTestAppWithAdmin((a, ad) => ((app = a), (admin = ad)), { checkLedgerAfterEach: true, clock });

  const spin = (who: TestUser, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: '/api/v1/spinner/spin', headers: { ...who.headers, ...headers } });
  const wheel = async () => ((await app.inject({ url: '/api/v1/spinner/prizes' })).json() as { _id: string; prizes: string[] }[])[0];
  const setWheel = async (prizes: string[]) => {
    const res = await app.inject({ method: 'PUT', url: `/api/v1/spinner/prize/${(await wheel())._id}`, headers: admin.headers, payload: { prizes } });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('has a default prize set on a fresh install, public, as a bare array', async () => {
    const res = await app.inject({ url: '/api/v1/spinner/prizes' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ _id: expect.any(String), prizes: ['10', '20', 'LOSE', '50', '5', 'LOSE', '100', '15'] }]);
  });

  it('draws the segment the published algorithm gives and credits exactly that prize', async () => {
    const p = await createPlayer(app);
    const res = await spin(p);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.prizes[data.index]).toBe(data.prize);
    expect(data.amount).toBe(prizeRupees(data.prize));
    expect(await balanceOf(app.db, p.id)).toBe(Math.round(data.amount * 100));
    expect(data.balance).toBe(data.amount);
    // Listed with its seeds; the server seed stays secret until the pair is rotated.
    const before = (await app.inject({ url: '/api/v1/spinner/spins', headers: p.headers })).json().data;
    expect(before).toMatchObject({ total: 1, page: 1, totalPages: 1 });
    expect(before.spins[0]).toMatchObject({
      _id: data.spinId,
      index: data.index,
      prize: data.prize,
      nonce: data.nonce,
      serverSeedHash: data.serverSeedHash,
      serverSeed: null,
    });
    // Reveal the seed and recompute the spin as anyone could.
    const rotated = (await app.inject({ method: 'POST', url: '/api/v1/fairness/rotate', headers: p.headers, payload: {} })).json().data;
    expect(rotated.previousServerSeedHash).toBe(data.serverSeedHash);
    expect(await drawSpin({ serverSeed: rotated.previousServerSeed, clientSeed: data.clientSeed, nonce: data.nonce, segments: data.prizes.length })).toBe(
      data.index,
    );
  });

  it('allows one spin an hour, also through direct calls, and says how long to wait', async () => {
    const p = await createPlayer(app);
    expect((await spin(p)).statusCode).toBe(200);
    const again = await spin(p);
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ code: 'SPIN_COOLDOWN', message: 'You can spin again in 60m 0s', data: { retryAfter: 3600 } });
    expect((await app.inject({ url: '/api/v1/spinner/status', headers: p.headers })).json().data).toMatchObject({ canSpin: false, retryAfter: 3600 });
    clock.advance(59 * 60_000 + 58_000);
    expect((await spin(p)).json().message).toBe('You can spin again in 0m 2s');
    clock.advance(2_000);
    expect((await app.inject({ url: '/api/v1/spinner/status', headers: p.headers })).json().data).toMatchObject({ canSpin: true, retryAfter: 0 });
    expect((await spin(p)).statusCode).toBe(200);
    // A refused spin used no nonce: the nonces of the two spins follow each other.
    const nonces = await rows<{ nonce: number }>(app, sql`SELECT nonce FROM spins WHERE user_id = ${p.id} ORDER BY created_at`);
    expect(nonces.map((r) => r.nonce)).toEqual([0, 1]);
  });

  it('credits at most one prize when 50 spins arrive at once', async () => {
    await setWheel(['25', '25']);
    const p = await createPlayer(app);
    const answers = await Promise.all(Array.from({ length: 50 }, () => spin(p)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.every((c) => c === 200 || c === 429)).toBe(true);
    expect(await balanceOf(app.db, p.id)).toBe(2500);
    const [{ n }] = await rows<{ n: number }>(app, sql`SELECT count(*)::int AS n FROM spins WHERE user_id = ${p.id}`);
    expect(n).toBe(1);
  });

  it('records a LOSE without moving money, and replays a retried spin with its Idempotency-Key', async () => {
    await setWheel(['LOSE', 'LOSE']);
    const p = await createPlayer(app);
    const first = await spin(p, { 'idempotency-key': 'spin-1' });
    expect(first.json().data).toMatchObject({ prize: 'LOSE', amount: 0, balance: 0 });
    const retried = await spin(p, { 'idempotency-key': 'spin-1' });
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toEqual(first.json());
    expect(await balanceOf(app.db, p.id)).toBe(0);
  });

  it('lets an admin with the games page edit the wheel, refuses others, checks prizes and records every change', async () => {
    const player = await createPlayer(app);
    const noGames = await createAdmin(app, { accessPages: ['transaction'] });
    const id = (await wheel())._id;
    const put = (who: TestUser, payload: unknown) =>
      app.inject({ method: 'PUT', url: `/api/v1/spinner/prize/${id}`, headers: who.headers, payload: payload as object });
    expect((await put(player, { prizes: ['1', '2'] })).statusCode).toBe(403);
    expect((await put(noGames, { prizes: ['1', '2'] })).statusCode).toBe(403);
    expect((await app.inject({ method: 'PUT', url: `/api/v1/spinner/prize/${id}`, payload: { prizes: ['1', '2'] } })).statusCode).toBe(401);

    for (const [prizes, message] of [
      [['10'], 'prizes: A wheel needs at least 2 prizes'],
      [['10', 'abc'], 'prizes.1: A prize is an amount in rupees (up to 100000, at most two decimals) or LOSE'],
      [['10', '0'], 'prizes.1: A prize is an amount in rupees (up to 100000, at most two decimals) or LOSE'],
      [['10', '1.005'], 'prizes.1: A prize is an amount in rupees (up to 100000, at most two decimals) or LOSE'],
    ] as const) {
      const res = await put(admin, { prizes });
      expect(res.statusCode, JSON.stringify(prizes)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await put(admin, { prizes: [' 10 ', 'lose', '2.50'] })).json().data.prizes).toEqual(['10', 'LOSE', '2.50']);
    const add = await app.inject({ method: 'POST', url: `/api/v1/spinner/prize/${id}/add`, headers: admin.headers, payload: { prize: '500' } });
    expect(add.json().data.prizes).toEqual(['10', 'LOSE', '2.50', '500']);
    const remove = await app.inject({ method: 'POST', url: `/api/v1/spinner/prize/${id}/remove`, headers: admin.headers, payload: { prize: 'LOSE' } });
    expect(remove.json().data.prizes).toEqual(['10', '2.50', '500']);
    expect((await app.inject({ method: 'POST', url: `/api/v1/spinner/prize/${id}/remove`, headers: admin.headers, payload: { prize: '7' } })).statusCode).toBe(
      404,
    );
    expect((await app.inject({ method: 'POST', url: '/api/v1/spinner/prize', headers: admin.headers, payload: { prizes: ['1', '2'] } })).statusCode).toBe(409);

    const audit = await rows<{ action: string }>(app, sql`SELECT action FROM audit_log WHERE entity = 'spinner_prize_set' AND entity_id = ${id} ORDER BY id`);
    expect(audit.map((r) => r.action)).toEqual(expect.arrayContaining(['update', 'add_prize', 'remove_prize']));

    // Without a wheel there is nothing to spin; an admin adds one from the empty form.
    expect((await app.inject({ method: 'DELETE', url: `/api/v1/spinner/prize/${id}`, headers: admin.headers })).statusCode).toBe(200);
    expect(await app.inject({ url: '/api/v1/spinner/prizes' }).then((r) => r.json())).toEqual([]);
    const p = await createPlayer(app);
    expect((await spin(p)).json()).toMatchObject({ code: 'NO_PRIZES' });
    const created = await app.inject({ method: 'POST', url: '/api/v1/spinner/prize', headers: admin.headers, payload: { prizes: ['10', 'LOSE'] } });
    expect(created.statusCode).toBe(201);
    expect(created.json().data.prizes).toEqual(['10', 'LOSE']);
  });
});
