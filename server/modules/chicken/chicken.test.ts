import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { multiplierLadder, TRAPS } from '../../../contracts/chicken.js';
import { createTestApp, useTestApp } from '../../../tests/helpers/app.js';
import { createPlayer } from '../../../tests/helpers/factories.js';
import { chickenRounds, ledgerTransfers } from '../../db/schema/index.js';
import { pgError, PG } from '../../lib/errors.js';
import type { App } from '../../types.js';
import { balanceOf, transfer } from '../ledger/ledger.service.js';
import { activePair, arrangeTraps, call, go, safeFor, start, stop } from './chicken.fixtures.js';

describe('chicken road', () => {
  let app: App;
  useTestApp((a) => (app = a), { checkLedgerAfterEach: true });

  it('starts a round: debits the bet and answers the ladder and the seeds, never the traps', async () => {
    const p = await createPlayer(app, { balance: 100 });
    const fairness = (await call(app, p, 'GET', '/fairness')).body.data!;
    const res = await start(app, p, { userId: p.id, gameType: 'chicken', betAmount: '25.50', difficulty: 'hardest' });
    expect(res.status).toBe(200);
    const data = res.body.data!;
    expect(data).toMatchObject({
      state: 'playing',
      lane: -1,
      difficulty: 'Hardest',
      betAmount: 25.5,
      autoCashout: null,
      balance: 74.5,
      serverSeedHash: fairness.serverSeedHash,
      clientSeed: fairness.clientSeed,
      nonce: 0,
      multipliers: multiplierLadder('Hardest'),
      // Before the first step a cash-out returns the bet.
      multiplier: 1,
      lanesCrossed: 0,
    });
    expect(data).not.toHaveProperty('traps');
    expect(data.serverSeed).toBeNull();
    expect(await balanceOf(app.db, p.id)).toBe(7450);
    const [bet] = await app.db
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.idempotencyKey, `bet:${data.roundId}`));
    expect(bet).toMatchObject({ amount: 2550, kind: 'bet' });
    // The nonce went up with the bet.
    expect((await call(app, p, 'GET', '/fairness')).body.data!.nonce).toBe(1);
  });

  it('refuses a bet above the balance with "Insufficient balance!", changing nothing', async () => {
    const p = await createPlayer(app, { balance: 5 });
    const res = await start(app, p, { betAmount: 10, difficulty: 'Easy' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Insufficient balance!');
    expect(await balanceOf(app.db, p.id)).toBe(500);
    expect(await app.db.select().from(chickenRounds).where(eq(chickenRounds.userId, p.id))).toHaveLength(0);
    expect((await call(app, p, 'GET', '/fairness')).body.data!.nonce).toBe(0);
  });

  it('refuses bad input with a 4xx and a message', async () => {
    const p = await createPlayer(app, { balance: 1_000_000 });
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ betAmount: 10, difficulty: 'Extreme' }, /difficulty/i],
      [{ betAmount: 9, difficulty: 'Easy' }, /minimum bet is ₹10/],
      [{ betAmount: 9.99, difficulty: 'Easy' }, /minimum bet/],
      [{ betAmount: 'abc', difficulty: 'Easy' }, /number/],
      [{ betAmount: 10001, difficulty: 'Easy' }, /maximum bet is ₹10,000/],
      [{ betAmount: 1e15, difficulty: 'Easy' }, /exceed/],
      [{ betAmount: 10.123, difficulty: 'Easy' }, /two decimals/],
      [{ betAmount: -10, difficulty: 'Easy' }, /greater than zero/],
      [{ betAmount: 10, difficulty: 'x'.repeat(10_000) }, /difficulty/i],
      [{ betAmount: 10, difficulty: 'Easy', gameType: 'aviator' }, /chicken/],
      [{ betAmount: 10, difficulty: 'Easy', autoCashout: 0.5 }, /auto cashout/i],
      [{ difficulty: 'Easy' }, /.+/],
    ];
    for (const [body, message] of cases) {
      const res = await start(app, p, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.message).toMatch(message);
    }
    expect((await go(app, p, { roundId: 'not-a-round' })).status).toBe(400);
    expect((await stop(app, p, { roundId: 'x'.repeat(10_000) })).status).toBe(400);
    expect(await balanceOf(app.db, p.id)).toBe(100_000_000);
  });

  it('answers 401 without credentials and 403 for another player’s userId', async () => {
    const p = await createPlayer(app, { balance: 100 });
    const other = await createPlayer(app, { balance: 100 });
    expect((await call(app, null, 'POST', '/chicken-road/start', { betAmount: 10, difficulty: 'Easy' })).status).toBe(401);
    expect((await call(app, null, 'GET', '/chicken-road/active')).status).toBe(401);
    const res = await start(app, p, { userId: other.id, betAmount: 10, difficulty: 'Easy' });
    expect(res.status).toBe(403);
    expect(await balanceOf(app.db, other.id)).toBe(10_000);
    await arrangeTraps(app, p, 'Easy', safeFor(1));
    const round = (await start(app, p, { userId: p.id, betAmount: 10, difficulty: 'Easy' })).body.data!;
    await go(app, p);
    expect((await stop(app, p, { userId: other.id })).status).toBe(403);
    // Another player cannot step or cash out this round, even knowing its id.
    expect((await go(app, other, { roundId: round.roundId })).status).toBe(404);
    expect((await stop(app, other, { roundId: round.roundId })).status).toBe(404);
    expect((await stop(app, p, { roundId: round.roundId })).status).toBe(200);
  });

  it('allows one open round: a second start answers 409 ROUND_OPEN with that round', async () => {
    const p = await createPlayer(app, { balance: 100 });
    const first = (await start(app, p, { betAmount: 10, difficulty: 'Medium' })).body.data!;
    const again = await start(app, p, { betAmount: 20, difficulty: 'Easy' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ success: false, code: 'ROUND_OPEN', data: { roundId: first.roundId, state: 'playing', difficulty: 'Medium' } });
    expect(again.body.data).not.toHaveProperty('traps');
    expect(await balanceOf(app.db, p.id)).toBe(9000);
    const active = await call(app, p, 'GET', '/chicken-road/active');
    expect(active.body.data).toMatchObject({ roundId: first.roundId, lane: -1 });
  });

  it('walks lane by lane and pays bet × the last safe multiplier, ignoring any payout in the body', async () => {
    const p = await createPlayer(app, { balance: 100 });
    const traps = await arrangeTraps(app, p, 'Medium', safeFor(3));
    const round = (await start(app, p, { betAmount: 10, difficulty: 'Medium' })).body.data!;
    const ladder = multiplierLadder('Medium');
    for (let lane = 0; lane < 3; lane++) {
      const step = await go(app, p, { roundId: round.roundId });
      expect(step.status).toBe(200);
      expect(step.body.data).toMatchObject({ lane, safe: true, state: 'playing', multiplier: ladder[lane], lanesCrossed: lane + 1, balance: 90 });
      expect(step.body.data).not.toHaveProperty('traps');
    }
    expect((await stop(app, p, { roundId: round.roundId, stop: 1 })).status).toBe(200);
    const done = (await call(app, p, 'GET', '/bets')).body.data!.bets as Record<string, unknown>[];
    expect(done[0]).toMatchObject({ state: 'won', multiplier: ladder[2], payoutAmount: 14.6, lanesCrossed: 3, traps });
    // 10 × 1.46 = 14.60, whatever the body claimed.
    const p2 = await createPlayer(app, { balance: 100 });
    await arrangeTraps(app, p2, 'Medium', safeFor(1));
    await start(app, p2, { betAmount: 10, difficulty: 'Medium', userId: p2.id, gameType: 'chicken' });
    await go(app, p2);
    const res = await stop(app, p2, { userId: p2.id, betAmount: 5000, payout: 1_000_000 });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ state: 'won', payout: 11.1, multiplier: 1.11, balance: 101.1 });
    expect(await balanceOf(app.db, p2.id)).toBe(10_110);
    const [win] = await app.db
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.idempotencyKey, `payout:${res.body.data!.roundId}`));
    expect(win).toMatchObject({ amount: 1110, kind: 'win' });
  });

  it('ends the round lost on a trap and then shows traps, payout 0 and the seeds', async () => {
    const p = await createPlayer(app, { balance: 100 });
    const traps = await arrangeTraps(app, p, 'Hard', (t) => Math.min(...t) === 2);
    const round = (await start(app, p, { betAmount: 10, difficulty: 'Hard' })).body.data!;
    await go(app, p);
    await go(app, p);
    const hit = await go(app, p);
    expect(hit.status).toBe(200);
    expect(hit.body.data).toMatchObject({ lane: 2, safe: false, state: 'lost', multiplier: 0, payout: 0, traps, lanesCrossed: 2, balance: 90 });
    expect(hit.body.data).toMatchObject({ serverSeedHash: round.serverSeedHash, serverSeed: null, clientSeed: round.clientSeed, nonce: round.nonce });
    // Afterwards the round is over: no more steps, no cash-out, and a new round may start.
    const late = await stop(app, p, { roundId: round.roundId });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ code: 'ROUND_ENDED', data: { state: 'lost', traps, payout: 0 } });
    expect((await go(app, p)).status).toBe(404);
    expect((await call(app, p, 'GET', '/chicken-road/active')).body.data).toBeNull();
    expect(await balanceOf(app.db, p.id)).toBe(9000);
  });

  it('ends a round stopped before the first step by returning the bet, so start then stop never leaves it open', async () => {
    const p = await createPlayer(app, { balance: 100 });
    const round = (await start(app, p, { userId: p.id, gameType: 'chicken', betAmount: '12.34', difficulty: 'Hard' })).body.data!;
    expect(await balanceOf(app.db, p.id)).toBe(8766);
    const res = await stop(app, p, { userId: p.id, gameType: 'chicken', betAmount: 12.34, payout: 100 });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Bet returned.');
    expect(res.body.data).toMatchObject({ roundId: round.roundId, state: 'won', lane: -1, lanesCrossed: 0, multiplier: 1, payout: 12.34, balance: 100 });
    // Ended like any round: traps and end time shown.
    expect(res.body.data!.traps).toHaveLength(TRAPS.Hard);
    expect(res.body.data!.endedAt).toEqual(expect.any(String));
    expect(await balanceOf(app.db, p.id)).toBe(10_000);
    const [refund] = await app.db
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.idempotencyKey, `payout:${round.roundId}`));
    expect(refund).toMatchObject({ amount: 1234, kind: 'win' });

    // Nothing stays open: no step, no second stop, and the next start is not refused as "open".
    expect((await call(app, p, 'GET', '/chicken-road/active')).body.data).toBeNull();
    expect((await go(app, p)).status).toBe(404);
    expect((await stop(app, p)).status).toBe(404);
    const late = await stop(app, p, { roundId: round.roundId });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ code: 'ROUND_ENDED', data: { state: 'won', payout: 12.34 } });
    expect((await start(app, p, { betAmount: 10, difficulty: 'Easy' })).status).toBe(200);
    const [latest, returned] = (await call(app, p, 'GET', '/bets')).body.data!.bets as Record<string, unknown>[];
    expect(latest).toMatchObject({ state: 'playing' });
    expect(returned).toMatchObject({ roundId: round.roundId, state: 'won', multiplier: 1, payoutAmount: 12.34, betAmount: 12.34, lanesCrossed: 0 });
  });

  it('keeps the round rules in the database: only a bet returned in full ends a round before its first step', async () => {
    const p = await createPlayer(app, { balance: 100 });
    const round = (await start(app, p, { betAmount: 10, difficulty: 'Easy' })).body.data!;
    const end = (multiplier: number, payout: number, state = 'won') =>
      app.db
        .execute(
          sql`UPDATE chicken_rounds SET state = ${state}, multiplier = ${multiplier}, payout = ${payout}, ended_at = now() WHERE id = ${String(round.roundId)}`,
        )
        .then(
          () => 'updated',
          (err: unknown) => pgError(err).code,
        );
    expect(await end(200, 2000)).toBe(PG.checkViolation);
    expect(await end(100, 500)).toBe(PG.checkViolation);
    expect(await end(0, 0, 'lost')).toBe(PG.checkViolation);
    expect((await call(app, p, 'GET', '/chicken-road/active')).body.data).toMatchObject({ roundId: round.roundId, state: 'playing' });
    expect((await stop(app, p)).status).toBe(200);
  });

  it('rolls back a cash-out whose payout key was already used, leaving the round open', async () => {
    const p = await createPlayer(app, { balance: 100 });
    await arrangeTraps(app, p, 'Easy', safeFor(1));
    const round = (await start(app, p, { betAmount: 10, difficulty: 'Easy' })).body.data!;
    await go(app, p);
    await app.db.transaction((tx) =>
      transfer(tx, {
        from: { system: 'house' },
        to: { system: 'cash' },
        amount: 1,
        kind: 'adjustment',
        reference: 'test',
        idempotencyKey: `payout:${round.roundId}`,
        at: new Date(),
      }),
    );
    const res = await stop(app, p);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ success: false, code: 'ALREADY_APPLIED', message: 'This payment was already recorded.' });
    expect((await call(app, p, 'GET', '/chicken-road/active')).body.data).toMatchObject({ roundId: round.roundId, state: 'playing', lane: 0 });
    expect(await balanceOf(app.db, p.id)).toBe(9000);
  });

  it('accepts the player’s own userId written in capitals', async () => {
    const p = await createPlayer(app, { balance: 100 });
    const res = await start(app, p, { userId: p.id.toUpperCase(), betAmount: 10, difficulty: 'Easy' });
    expect(res.status).toBe(200);
    expect((await stop(app, p, { userId: p.id.toUpperCase(), roundId: String(res.body.data!.roundId).toUpperCase() })).status).toBe(200);
  });

  it('cashes out on the server when the auto-cashout multiplier is reached', async () => {
    const p = await createPlayer(app, { balance: 100 });
    await arrangeTraps(app, p, 'Easy', safeFor(3));
    const round = (await start(app, p, { betAmount: 20, difficulty: 'Easy', autoCashout: '1.10' })).body.data!;
    expect(round.autoCashout).toBe(1.1);
    expect((await go(app, p)).body.data).toMatchObject({ state: 'playing', multiplier: 1.02 });
    expect((await go(app, p)).body.data).toMatchObject({ state: 'playing', multiplier: 1.06 });
    const third = await go(app, p);
    expect(third.body.data).toMatchObject({ lane: 2, safe: true, state: 'won', multiplier: 1.11, payout: 22.2, balance: 102.2 });
    expect(third.body.data!.traps).toHaveLength(1);
    expect(await balanceOf(app.db, p.id)).toBe(10_220);
  });

  it('pays the last multiplier when the chicken crosses every lane', async () => {
    const p = await createPlayer(app, { balance: 100 });
    await arrangeTraps(app, p, 'Easy', (t) => t[0] === 24);
    await start(app, p, { betAmount: 10, difficulty: 'Easy' });
    let last;
    for (let lane = 0; lane < 24; lane++) {
      last = await go(app, p);
      expect(last.body.data!.safe).toBe(true);
      expect(last.body.data!.state).toBe(lane < 23 ? 'playing' : 'won');
    }
    expect(last!.body.data).toMatchObject({ lane: 23, lanesCrossed: 24, state: 'won', multiplier: 24.5, payout: 245, traps: [24], balance: 335 });
    expect((await go(app, p)).status).toBe(404);
  });

  it('caps a payout at the maximum win and cashes out once it is reached', async () => {
    const capped = await createTestApp({ GAME_MAX_WIN: 15 });
    try {
      const p = await createPlayer(capped, { balance: 100 });
      await arrangeTraps(capped, p, 'Hardest', safeFor(1));
      await start(capped, p, { betAmount: 10, difficulty: 'Hardest' });
      const step = await go(capped, p);
      // 10 × 1.63 = 16.30, capped at 15.
      expect(step.body.data).toMatchObject({ state: 'won', multiplier: 1.63, payout: 15, balance: 105 });
    } finally {
      await capped.close();
    }
  });

  it('replays start, go and stop sent again with the same Idempotency-Key', async () => {
    const p = await createPlayer(app, { balance: 100 });
    await arrangeTraps(app, p, 'Easy', safeFor(2));
    const key = (k: string) => ({ 'idempotency-key': k });
    const first = await call(app, p, 'POST', '/chicken-road/start', { betAmount: 10, difficulty: 'Easy' }, key('s1'));
    const again = await call(app, p, 'POST', '/chicken-road/start', { betAmount: 10, difficulty: 'Easy' }, key('s1'));
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const step = await call(app, p, 'POST', '/chicken-road/go', {}, key('g1'));
    expect((await call(app, p, 'POST', '/chicken-road/go', {}, key('g1'))).body).toEqual(step.body);
    expect(step.body.data!.lane).toBe(0);
    await call(app, p, 'POST', '/chicken-road/stop', {}, key('c1'));
    expect((await call(app, p, 'POST', '/chicken-road/stop', {}, key('c1'))).status).toBe(200);
    expect(await balanceOf(app.db, p.id)).toBe(10_020);
    const rounds = await app.db
      .select()
      .from(chickenRounds)
      .where(and(eq(chickenRounds.userId, p.id)));
    expect(rounds).toHaveLength(1);
    expect((await activePair(app, p.id)).nonce).toBe(1);
  });
});
