import { describe, expect, it } from 'vitest';
import { DEMO_START_BALANCE, drawTraps, multiplierLadder } from '../../../contracts/chicken.js';
import { sha256Hex } from '../../../contracts/fairness.math.js';
import { useTestApp } from '../../../tests/helpers/app.js';
import type { App } from '../../types.js';
import { call } from './chicken.fixtures.js';

describe('demo chicken road', () => {
  let app: App;
  useTestApp((a) => (app = a));

  it('plays a round by the real game’s rules on its own seeds, one open round at a time', async () => {
    const opened = await app.inject({ url: '/api/v1/demo/chicken-road' });
    expect(opened.json()).toMatchObject({ success: true, message: 'Demo', data: { balance: DEMO_START_BALANCE, round: null } });
    const cookie = { cookie: String(opened.headers['set-cookie']).split(';')[0] };

    const started = await call(app, null, 'POST', '/demo/chicken-road/start', { betAmount: 10, difficulty: 'Easy', autoCashout: 1.5 }, cookie);
    expect(started.status).toBe(200);
    const round = started.body.data!;
    expect(round).toMatchObject({
      state: 'playing',
      lane: -1,
      betAmount: 10,
      autoCashout: 1.5,
      nonce: 0,
      multipliers: multiplierLadder('Easy'),
      multiplier: 1,
      serverSeed: null,
      balance: DEMO_START_BALANCE - 10,
    });
    expect(round).not.toHaveProperty('traps');

    const again = await call(app, null, 'POST', '/demo/chicken-road/start', { betAmount: 10, difficulty: 'Hard' }, cookie);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ success: false, code: 'ROUND_OPEN', data: { roundId: round.roundId, state: 'playing', difficulty: 'Easy' } });
    expect(again.body.data).not.toHaveProperty('traps');

    let last = round;
    while (last.state === 'playing') last = (await call(app, null, 'POST', '/demo/chicken-road/go', undefined, cookie)).body.data!;
    const serverSeed = last.serverSeed as string;
    expect(await sha256Hex(serverSeed)).toBe(round.serverSeedHash);
    expect(last.traps).toEqual(await drawTraps({ serverSeed, clientSeed: round.clientSeed as string, nonce: 0, difficulty: 'Easy' }));
    const paid = last.state === 'won' ? 10 * (last.multiplier as number) : 0;
    expect(last.payout).toBeCloseTo(paid, 2);
    expect(last.balance).toBeCloseTo(DEMO_START_BALANCE - 10 + paid, 2);
  });
});
