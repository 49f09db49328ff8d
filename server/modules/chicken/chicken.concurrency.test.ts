import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/helpers/app.js';
import { createPlayer } from '../../../tests/helpers/factories.js';
import { chickenRounds, ledgerTransfers } from '../../db/schema/index.js';
import type { App } from '../../types.js';
import { balanceOf } from '../ledger/ledger.service.js';
import { activePair, arrangeTraps, call, go, safeFor, start, stop } from './chicken.fixtures.js';

// These prove something on PostgreSQL (TEST_DATABASE_URL), where requests run in parallel
// transactions; on PGlite they run one after another and must give the same result.
describe('chicken road under concurrent calls', () => {
  let app: App;
  useTestApp((a) => (app = a), { checkLedgerAfterEach: true });

  it('pays once for 100 concurrent cash-outs of one round', async () => {
    const p = await createPlayer(app, { balance: 100 });
    await arrangeTraps(app, p, 'Easy', safeFor(2));
    const round = (await start(app, p, { betAmount: 10, difficulty: 'Easy' })).body.data!;
    await go(app, p);
    await go(app, p);
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => stop(app, p, i % 2 ? { roundId: round.roundId } : {})));
    const paid = answers.filter((a) => a.status === 200);
    expect(paid).toHaveLength(1);
    expect(paid[0].body.data).toMatchObject({ payout: 10.6, state: 'won' });
    for (const a of answers.filter((x) => x.status !== 200)) {
      expect([404, 409]).toContain(a.status);
    }
    expect(await balanceOf(app.db, p.id)).toBe(10_060);
    const wins = await app.db
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.reference, `chicken:${round.roundId}`));
    expect(wins.map((w) => w.kind).sort()).toEqual(['bet', 'win']);
  });

  // A first round takes the full path (the pair is made then); later ones the one-statement path.
  it.each([
    ['a first round', false],
    ['a round on an existing seed pair', true],
  ])('opens one round and debits one bet for 100 concurrent starts of %s', async (_what, pairExists) => {
    const p = await createPlayer(app, { balance: 1000 });
    if (pairExists) await call(app, p, 'GET', '/fairness');
    const answers = await Promise.all(Array.from({ length: 100 }, () => start(app, p, { betAmount: 10, difficulty: 'Medium' })));
    const opened = answers.filter((a) => a.status === 200);
    expect(opened).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200)) {
      expect(a.status).toBe(409);
      expect(a.body.code).toBe('ROUND_OPEN');
      expect(a.body.data).toMatchObject({ roundId: opened[0].body.data!.roundId });
    }
    expect(await balanceOf(app.db, p.id)).toBe(99_000);
    expect(await app.db.select().from(chickenRounds).where(eq(chickenRounds.userId, p.id))).toHaveLength(1);
    expect((await activePair(app, p.id)).nonce).toBe(1);
  });

  it('walks one lane per step under 50 concurrent steps', async () => {
    const p = await createPlayer(app, { balance: 100 });
    await arrangeTraps(app, p, 'Easy', (t) => t[0] === 24);
    await start(app, p, { betAmount: 10, difficulty: 'Easy' });
    const answers = await Promise.all(Array.from({ length: 50 }, () => go(app, p)));
    const lanes = answers
      .filter((a) => a.status === 200)
      .map((a) => a.body.data!.lane as number)
      .sort((a, b) => a - b);
    expect(lanes).toEqual(Array.from({ length: 24 }, (_, i) => i));
    expect(await balanceOf(app.db, p.id)).toBe(10_000 - 1000 + 24_500);
  });

  it('keeps start and rotate from interleaving: each start uses the pair it committed to', async () => {
    const p = await createPlayer(app, { balance: 1000 });
    await call(app, p, 'GET', '/fairness');
    const results = await Promise.all([
      start(app, p, { betAmount: 10, difficulty: 'Easy' }),
      call(app, p, 'POST', '/fairness/rotate', {}),
      call(app, p, 'POST', '/fairness/client-seed', { clientSeed: 'mine' }),
    ]);
    expect(results.every((r) => r.status < 500)).toBe(true);
    const [round] = await app.db.select().from(chickenRounds).where(eq(chickenRounds.userId, p.id));
    expect(round).toBeDefined();
    const pair = await activePair(app, p.id);
    // The round is open, so its pair is still the active one and its seed still secret.
    expect(round.seedPairId).toBe(pair.id);
    expect(round.clientSeed).toBe(pair.clientSeed);
  });
});
