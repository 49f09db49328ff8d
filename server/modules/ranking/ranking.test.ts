import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rankingAnswerSchema } from '../../../contracts/ranking.js';
import { useTestApp } from '../../../tests/helpers/app.js';
import { createPlayer, type TestUser } from '../../../tests/helpers/factories.js';
import type { App } from '../../types.js';

describe('the weekly ranking', () => {
  let app: App;
  useTestApp((a) => (app = a), { checkLedgerAfterEach: true });

  /** Plays a round of `bet` rupees and cashes out before the first step (the bet comes back, the round is settled). */
  async function play(p: TestUser, bet: number) {
    const start = await app.inject({
      method: 'POST',
      url: '/api/v1/chicken-road/start',
      headers: p.headers,
      payload: { userId: p.id, gameType: 'chicken', betAmount: bet, difficulty: 'Easy' },
    });
    expect(start.statusCode, start.body).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/v1/chicken-road/stop', headers: p.headers, payload: { userId: p.id } })).statusCode).toBe(200);
  }

  it('ranks this week’s players by rupees staked in settled rounds, with masked names, bonuses and the jackpot', async () => {
    const asha = await createPlayer(app, { fullName: 'Asha Rao', balance: 10_000 });
    const vikram = await createPlayer(app, { fullName: 'Vikram Singh', balance: 10_000 });
    const meera = await createPlayer(app, { fullName: 'Meera Joshi', balance: 10_000 });
    await play(asha, 100);
    await play(vikram, 500);
    await play(meera, 200);
    await play(asha, 250);
    // An open round is not settled: it does not count yet.
    await app.inject({
      method: 'POST',
      url: '/api/v1/chicken-road/start',
      headers: meera.headers,
      payload: { userId: meera.id, gameType: 'chicken', betAmount: 1000, difficulty: 'Easy' },
    });
    // Last week's rounds do not count either.
    await app.db.execute(
      sql`UPDATE chicken_rounds SET ended_at = now() - interval '8 days', created_at = now() - interval '8 days' WHERE user_id = ${meera.id} AND state <> 'playing'`,
    );

    const res = await app.inject({ url: '/api/v1/ranking' });
    expect(res.statusCode).toBe(200);
    const { data } = rankingAnswerSchema.parse(res.json());
    expect(data.entries).toEqual([
      { rank: 1, name: 'V****h', points: 500 },
      { rank: 2, name: 'A****o', points: 350 },
    ]);
    // No money figure: nothing is paid for a rank.
    expect(res.body).not.toMatch(/jackpot|bonus/i);
    // Nothing that names a player fully leaves the server.
    for (const who of [asha, vikram, meera]) {
      for (const secret of [who.fullName, who.email, who.phoneNumber, who.id]) expect(res.body).not.toContain(secret);
    }
  });

  it('answers an empty week with an empty list', async () => {
    await app.db.execute(sql`UPDATE chicken_rounds SET ended_at = ended_at - interval '8 days' WHERE ended_at IS NOT NULL`);
    const { data } = (await app.inject({ url: '/api/v1/ranking' })).json();
    expect(data).toMatchObject({ entries: [] });
    // The week begins on a Monday at midnight in India (18:30 UTC on Sunday).
    const start = new Date(data.weekStart);
    expect([start.getUTCDay(), start.getUTCHours(), start.getUTCMinutes()]).toEqual([0, 18, 30]);
  });
});
