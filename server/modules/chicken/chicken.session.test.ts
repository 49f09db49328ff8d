import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/helpers/app.js';
import { createPlayer } from '../../../tests/helpers/factories.js';
import { chickenRounds, refreshTokens, users } from '../../db/schema/index.js';
import type { App } from '../../types.js';
import { balanceOf } from '../ledger/ledger.service.js';
import { go, start, stop } from './chicken.fixtures.js';

/*
 * Game calls check the caller's session inside their one money statement, not on the way in
 * (config.sessionInStatement). Whatever ends a session must still stop them at once, with
 * nothing moved: a sign-out, a block, a new password (token version), a withdrawn verification.
 */
const BET = { betAmount: 10, difficulty: 'Easy' };

describe('game calls check the session in their own statement', () => {
  let app: App;
  useTestApp((a) => void (app = a), { checkLedgerAfterEach: true });

  const endings: [string, (userId: string) => Promise<unknown>][] = [
    ['a sign-out', (id) => app.db.update(refreshTokens).set({ revokedAt: new Date() }).where(eq(refreshTokens.userId, id))],
    ['a block', (id) => app.db.update(users).set({ blockedAt: new Date() }).where(eq(users.id, id))],
    [
      'a new password',
      (id) =>
        app.db
          .update(users)
          .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
          .where(eq(users.id, id)),
    ],
    ['a withdrawn verification', (id) => app.db.update(users).set({ verifiedAt: null }).where(eq(users.id, id))],
  ];

  it.each(endings)('after %s, start, go and stop answer 401 and move nothing', async (_name, end) => {
    const p = await createPlayer(app, { balance: 500 });
    // A round in play, on the fast path (the pair and the round are remembered).
    expect((await start(app, p, BET)).status).toBe(200);
    expect((await go(app, p)).status).toBe(200);
    const [before] = await app.db.select().from(chickenRounds).where(eq(chickenRounds.userId, p.id));
    const balance = await balanceOf(app.db, p.id);

    await end(p.id);
    for (const res of [await go(app, p), await stop(app, p), await start(app, p, BET)]) {
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ success: false });
    }
    const after = await app.db.select().from(chickenRounds).where(eq(chickenRounds.userId, p.id));
    expect(after).toEqual([before]);
    expect(await balanceOf(app.db, p.id)).toBe(balance);
  });

  it('a replayed Idempotency-Key after a sign-out answers 401, not the stored answer', async () => {
    const p = await createPlayer(app, { balance: 500 });
    const headers = { ...p.headers, 'idempotency-key': 'start-once-0001' };
    const first = await app.inject({ method: 'POST', url: '/api/v1/chicken-road/start', headers, payload: { betAmount: 10, difficulty: 'Easy' } });
    expect(first.statusCode).toBe(200);
    await app.db.update(refreshTokens).set({ revokedAt: new Date() }).where(eq(refreshTokens.userId, p.id));
    const again = await app.inject({ method: 'POST', url: '/api/v1/chicken-road/start', headers, payload: { betAmount: 10, difficulty: 'Easy' } });
    expect(again.statusCode).toBe(401);
  });

  it('a session still open plays on, on the fast path and after it', async () => {
    const p = await createPlayer(app, { balance: 500 });
    expect((await start(app, p, BET)).status).toBe(200);
    expect((await stop(app, p)).status).toBe(200);
    // A second round right away: the remembered pair, one statement each.
    expect((await start(app, p, BET)).status).toBe(200);
    expect((await stop(app, p)).status).toBe(200);
  });
});
