import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/helpers/app.js';
import { createAdmin, createPlayer } from '../../../tests/helpers/factories.js';
import type { App } from '../../types.js';
import { arrangeTraps, call, go, safeFor, start, stop } from './chicken.fixtures.js';

describe('bets and game history', () => {
  let app: App;
  useTestApp((a) => (app = a), { checkLedgerAfterEach: true });

  it('lists own bets ten a page, newest first, and the game history', async () => {
    const p = await createPlayer(app, { balance: 1000 });
    const other = await createPlayer(app, { balance: 100 });
    for (let i = 0; i < 12; i++) {
      await arrangeTraps(app, p, 'Easy', safeFor(1));
      await start(app, p, { betAmount: 10 + i, difficulty: 'Easy' });
      await go(app, p);
      await stop(app, p);
    }
    await start(app, p, { betAmount: 10, difficulty: 'Easy' });
    await start(app, other, { betAmount: 10, difficulty: 'Easy' });
    const page1 = (await call(app, p, 'GET', '/bets?page=1')).body.data!;
    expect(page1).toMatchObject({ page: 1, totalPages: 2, total: 13 });
    const bets = page1.bets as Record<string, unknown>[];
    expect(bets).toHaveLength(10);
    // Open and not stepped yet: a cash-out now would return the bet, 1×.
    expect(bets[0]).toMatchObject({ state: 'playing', payoutAmount: 0, multiplier: 1, lanesCrossed: 0, serverSeed: null });
    expect(bets[0]).not.toHaveProperty('traps');
    expect(bets[1]).toMatchObject({ state: 'won', betAmount: 21, payoutAmount: 21.42, multiplier: 1.02, nonce: 11, serverSeed: null });
    expect(String(bets[1]._id).length).toBeGreaterThanOrEqual(4);
    const page2 = (await call(app, p, 'GET', '/bets?page=2')).body.data!;
    expect((page2.bets as { betAmount: number }[]).map((b) => b.betAmount)).toEqual([12, 11, 10]);
    expect((await call(app, p, 'GET', '/bets?page=0')).status).toBe(400);

    const history = await call(app, p, 'GET', `/admin/game-history/${p.id}/chicken`);
    expect(history.status).toBe(200);
    expect(history.body.data).toHaveLength(12);
    expect((history.body.data as unknown as Record<string, unknown>[])[0]).toEqual({
      _id: bets[1]._id,
      createdAt: bets[1].createdAt,
      betAmount: 21,
      payoutAmount: 21.42,
    });
    // The player's own id in capitals is still theirs.
    const upper = await call(app, p, 'GET', `/admin/game-history/${p.id.toUpperCase()}/chicken`);
    expect(upper.status).toBe(200);
    expect(upper.body.data).toEqual(history.body.data);
    // A game we do not have (the screen's default) lists all of the player's bets.
    expect((await call(app, p, 'GET', `/admin/game-history/${p.id}/aviator`)).body.data).toEqual(history.body.data);
    expect((await call(app, p, 'GET', `/admin/game-history/${other.id}/chicken`)).status).toBe(403);
    const admin = await createAdmin(app, { accessPages: ['transaction'] });
    expect((await call(app, admin, 'GET', `/admin/game-history/${p.id}/chicken`)).body.data).toHaveLength(12);
    expect((await call(app, admin, 'GET', `/admin/game-history/nobody/chicken`)).body.data).toEqual([]);
    const gamesAdmin = await createAdmin(app, { accessPages: ['games'] });
    expect((await call(app, gamesAdmin, 'GET', `/admin/game-history/${p.id}/chicken`)).status).toBe(403);
  });
});
