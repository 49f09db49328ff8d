import { describe, expect, it } from 'vitest';
import { drawTraps } from '../../../contracts/chicken.js';
import { sha256Hex } from '../../../contracts/fairness.math.js';
import { useTestApp } from '../../../tests/helpers/app.js';
import { createPlayer } from '../../../tests/helpers/factories.js';
import type { App } from '../../types.js';
import { call, go, start } from './chicken.fixtures.js';

describe('seed pairs', () => {
  let app: App;
  useTestApp((a) => (app = a), { checkLedgerAfterEach: true });

  it('shows a hash, a client seed and nonce 0 for a new player', async () => {
    const p = await createPlayer(app);
    const res = await call(app, p, 'GET', '/fairness');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ serverSeedHash: expect.stringMatching(/^[0-9a-f]{64}$/), clientSeed: expect.stringMatching(/^[0-9a-f]{16}$/), nonce: 0 });
    expect((await call(app, p, 'GET', '/fairness')).body.data).toEqual(res.body.data);
    expect((await call(app, null, 'GET', '/fairness')).status).toBe(401);
  });

  it('sets a client seed of 1 to 64 printable characters', async () => {
    const p = await createPlayer(app);
    const res = await call(app, p, 'POST', '/fairness/client-seed', { clientSeed: 'my lucky seed!' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ clientSeed: 'my lucky seed!', nonce: 0 });
    expect((await call(app, p, 'GET', '/fairness')).body.data!.clientSeed).toBe('my lucky seed!');
    for (const clientSeed of ['', ' padded', 'x'.repeat(65), 'tab\there', 'snow☃', 42]) {
      const bad = await call(app, p, 'POST', '/fairness/client-seed', { clientSeed });
      expect(bad.status, String(clientSeed)).toBe(400);
      expect(bad.body.message).toMatch(/Client seed|clientSeed/);
    }
  });

  it('rotates: reveals the seed behind the hash shown before, and the rounds it drew can be recomputed', async () => {
    const p = await createPlayer(app, { balance: 100 });
    const before = (await call(app, p, 'GET', '/fairness')).body.data!;
    const played: { roundId: string; difficulty: 'Easy' | 'Hardest'; traps: number[] }[] = [];
    for (const difficulty of ['Hardest', 'Easy'] as const) {
      const round = (await start(app, p, { betAmount: 10, difficulty })).body.data!;
      let step;
      do step = (await go(app, p)).body.data!;
      while (step.state === 'playing');
      played.push({ roundId: String(round.roundId), difficulty, traps: step.traps as number[] });
    }
    const bets = (await call(app, p, 'GET', '/bets')).body.data!.bets as Record<string, unknown>[];
    expect(bets.every((b) => b.serverSeed === null)).toBe(true);

    const res = await call(app, p, 'POST', '/fairness/rotate', {});
    expect(res.status).toBe(200);
    const rotated = res.body.data!;
    const seed = String(rotated.previousServerSeed);
    expect(await sha256Hex(seed)).toBe(before.serverSeedHash);
    expect(rotated).toMatchObject({ previousServerSeedHash: before.serverSeedHash, previousClientSeed: before.clientSeed, previousNonce: 2, nonce: 0 });
    expect(rotated.serverSeedHash).not.toBe(before.serverSeedHash);
    expect((await call(app, p, 'GET', '/fairness')).body.data).toEqual({ serverSeedHash: rotated.serverSeedHash, clientSeed: rotated.clientSeed, nonce: 0 });

    const after = (await call(app, p, 'GET', '/bets')).body.data!.bets as Record<string, unknown>[];
    for (const round of played) {
      const bet = after.find((b) => b.roundId === round.roundId)!;
      expect(bet.serverSeed).toBe(seed);
      expect(bet.traps).toEqual(round.traps);
      const recomputed = await drawTraps({ serverSeed: seed, clientSeed: String(bet.clientSeed), nonce: Number(bet.nonce), difficulty: round.difficulty });
      expect(recomputed).toEqual(round.traps);
    }
    expect(after.map((b) => b.nonce)).toEqual([1, 0]);
  });

  it('keeps a chosen client seed on rotation and counts nonces from 0 again', async () => {
    const p = await createPlayer(app, { balance: 100 });
    const res = await call(app, p, 'POST', '/fairness/rotate', { clientSeed: 'fresh' });
    expect(res.body.data).toMatchObject({ clientSeed: 'fresh', nonce: 0 });
    const round = (await start(app, p, { betAmount: 10, difficulty: 'Easy' })).body.data!;
    expect(round).toMatchObject({ clientSeed: 'fresh', nonce: 0, serverSeedHash: res.body.data!.serverSeedHash });
  });
});
