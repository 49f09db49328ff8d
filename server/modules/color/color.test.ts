import { createHash, createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  chainReaches,
  checkChainPage,
  colourName,
  drawColorNumber,
  newChainCheck,
  payoutOf,
  returnToPlayer,
  SELECTIONS,
  type Selection,
} from '../../../contracts/color.js';
import { useTestApp } from '../../../tests/helpers/app.js';
import { createAdmin, createPlayer, type TestUser } from '../../../tests/helpers/factories.js';
import { manualClock } from '../../lib/clock.js';
import type { App } from '../../types.js';
import { drawFloat } from '../play/index.js';
import { balanceOf } from '../ledger/index.js';
import { HashChain } from './color.chain.js';
import { currentPeriod, offsetsOf } from './color.rules.js';
import { settleDue, settlePeriod, type ColorGame } from './color.service.js';
import { resultView } from './color.view.js';

const sha = (t: string) => createHash('sha256').update(t, 'utf8').digest('hex');

/** The verifier of docs/fairness.md ("Verify a period"), written from that page alone. */
function verifyFromDocs(
  { hash, index, number }: { hash: string; index: number; number: number },
  { terminalHash, salt }: { terminalHash: string; salt: string },
) {
  let h = hash;
  for (let i = 0; i < index; i++) h = sha(h);
  const b = createHmac('sha256', hash).update(`${salt}:${index}:0`).digest();
  const drawn = Math.floor(((b[0] * 2 ** 24 + b[1] * 2 ** 16 + b[2] * 2 ** 8 + b[3]) / 2 ** 32) * 10);
  return h === terminalHash && drawn === number;
}

describe('the colour game’s hash chain', () => {
  it('walks down from the seed: hash(n − 1) = sha256(hash(n)), and any hash reaches the terminal one', async () => {
    const chain = new HashChain('a'.repeat(64), 2500);
    expect(chain.hashAt(2500)).toBe('a'.repeat(64));
    expect(chain.hashAt(2499)).toBe(sha('a'.repeat(64)));
    for (const n of [1, 999, 1000, 1001, 2000, 2499]) expect(sha(chain.hashAt(n))).toBe(chain.hashAt(n - 1));
    expect(chain.hashAt(0)).toBe(chain.terminalHash);
    expect(await chainReaches(chain.hashAt(37), 37, chain.terminalHash)).toBe(true);
    expect(await chainReaches(chain.hashAt(37), 36, chain.terminalHash)).toBe(false);
  });

  it('checks a period against the hashes already proven: a walk stops at the nearest, and a forged one is caught there', async () => {
    const chain = new HashChain('b'.repeat(64), 5000);
    const proven = new Map<number, string>();
    expect(await chainReaches(chain.hashAt(2500), 2500, chain.terminalHash, proven)).toBe(true);
    // The period and a waypoint every 1,000 hashes on its way down.
    expect([...proven.keys()].sort((a, b) => a - b)).toEqual([1000, 2000, 2500]);
    for (const n of proven.keys()) expect(proven.get(n)).toBe(chain.hashAt(n));
    // A later period walks down to 2,500 only: a wrong terminal hash is no longer consulted.
    expect(await chainReaches(chain.hashAt(2600), 2600, 'f'.repeat(64), proven)).toBe(true);
    // Below a waypoint, down to it.
    expect(await chainReaches(chain.hashAt(1500), 1500, 'f'.repeat(64), proven)).toBe(true);
    // A hash that is not the chain's fails against the proven one, and is not recorded.
    expect(await chainReaches('c'.repeat(64), 2700, chain.terminalHash, proven)).toBe(false);
    expect(await chainReaches(chain.hashAt(2700), 2699, chain.terminalHash, proven)).toBe(false);
    expect(proven.has(2699)).toBe(false);
    expect(proven.has(2700)).toBe(false);
  });

  it('checks a whole chain page by page in as many steps as its newest index, and names the periods that do not verify', async () => {
    const chain = new HashChain('d'.repeat(64), 3000);
    const salt = `00000000${'e'.repeat(56)}`;
    const period = async (index: number, hash = chain.hashAt(index)) => ({
      period: `p${index}`,
      index,
      hash,
      number: await drawColorNumber(hash, salt, index),
    });
    // Periods 2,500 down to 1, with a gap (1,200–1,299 were never played), in pages of 500.
    const indexes = Array.from({ length: 2500 }, (_, i) => 2500 - i).filter((n) => n < 1200 || n >= 1300);
    const periods = await Promise.all(indexes.map((n) => period(n)));
    const check = newChainCheck();
    for (let i = 0; i < periods.length; i += 500) await checkChainPage(periods.slice(i, i + 500), { terminalHash: chain.terminalHash, salt }, check);
    expect(check).toMatchObject({ checked: periods.length, failed: [] });
    // A hash from another chain, with the number it would draw, is caught; so is a forged number.
    const other = new HashChain('f'.repeat(64), 3000);
    const forged = [...periods];
    forged[10] = await period(forged[10].index, other.hashAt(forged[10].index));
    forged[20] = { ...forged[20], number: (forged[20].number + 1) % 10 };
    const caught = newChainCheck();
    await checkChainPage(forged, { terminalHash: chain.terminalHash, salt }, caught);
    expect(caught.failed).toEqual([forged[10].period, forged[20].period]);
  });

  it('gives each bet type the return its payout table implies, over 100,000 bets per type', () => {
    // The table: green/red 2× (1.5× on 0 or 5), violet 4.5×, a number 9×, big/small 2×, after a 2% fee.
    expect(returnToPlayer('green')).toBeCloseTo(0.931, 6);
    expect(returnToPlayer('red')).toBeCloseTo(0.931, 6);
    expect(returnToPlayer('violet')).toBeCloseTo(0.882, 6);
    expect(returnToPlayer('7')).toBeCloseTo(0.882, 6);
    expect(returnToPlayer('big')).toBeCloseTo(0.98, 6);
    const N = 100_000;
    const stake = 10_000; // ₹100 in paise
    const paid = Object.fromEntries(SELECTIONS.map((s) => [s, 0])) as Record<Selection, number>;
    const salt = randomBytes(16).toString('hex');
    let h = randomBytes(32).toString('hex');
    for (let seq = 1; seq <= N; seq++) {
      h = sha(h);
      const n = Math.floor(drawFloat(h, salt, seq) * 10);
      for (const s of SELECTIONS) paid[s] += payoutOf(stake, s, n);
    }
    for (const s of SELECTIONS) {
      const rtp = paid[s] / (N * stake);
      // Four standard errors of the mean payout: a fair draw fails this about once in 16,000 runs.
      const mean = returnToPlayer(s);
      const values = Array.from({ length: 10 }, (_, n) => payoutOf(stake, s, n) / stake);
      const sd = Math.sqrt(values.reduce((a, v) => a + (v - mean) ** 2, 0) / 10);
      expect(Math.abs(rtp - mean), `${s}: ${rtp}`).toBeLessThan((4 * sd) / Math.sqrt(N));
    }
  });
});

describe('colour bets', () => {
  let app: App;
  let admin: TestUser;
  let game: ColorGame;
  const clock = manualClock(new Date('2026-11-23T12:00:00.000Z'));
  useTestApp(
    async (a) => {
      app = a;
      admin = await createAdmin(a);
      game = await a.colorChains.game({ db: a.db, config: a.config, now: clock.now() });
    },
    { checkLedgerAfterEach: true, clock, env: { ROUND_SECONDS: '60', COLOR_CHAIN_LENGTH: '5000' } },
  );

  const bet = (p: TestUser, body: Record<string, unknown>) => app.inject({ method: 'POST', url: '/api/v1/color/bet', headers: p.headers, payload: body });
  /** Moves the clock to `seconds` into the period open now (the first one before the chain starts). */
  const into = (seconds: number) => {
    const p = currentPeriod(game, clock.now())!;
    clock.advance(p.start.getTime() + seconds * 1000 - clock.now().getTime());
    return currentPeriod(game, clock.now())!;
  };

  it('commits the chain before its first period and lists the periods ahead with their times', async () => {
    expect(game.live.epoch!.getTime()).toBeGreaterThan(clock.now().getTime());
    const res = await app.inject({ url: '/api/v1/color/next-periods' });
    expect(res.statusCode).toBe(200);
    const periods = res.json().data as { period: string; startTime: string; endTime: string }[];
    expect(periods).toHaveLength(21);
    expect(periods[0].period).toMatch(/^\d{12}$/);
    expect(Date.parse(periods[1].startTime) - Date.parse(periods[0].startTime)).toBe(60_000);
    const state = (await app.inject({ url: '/api/v1/color/state' })).json().data;
    expect(state.commitment).toMatchObject({ terminalHash: game.live.terminalHash, chainLength: 5000, roundSeconds: 60 });
  });

  it('takes a bet on the open period, pays it at the end by the table, and settles once', async () => {
    const p = await createPlayer(app, { balance: 1000 });
    const period = into(10);
    const placed = await Promise.all(
      (['green', 'red', 'violet', 'big', 'small', '3'] as const).map((selection) => bet(p, { period: period.period, selection, amount: 100 })),
    );
    for (const r of placed) expect(r.statusCode, r.body).toBe(200);
    expect(await balanceOf(app.db, p.id)).toBe(100_000 - 60_000);
    clock.advance(60_000);
    const [result] = await settleDue({ db: app.db, now: clock.now() }, { game });
    expect(result.period).toBe(period.period);
    const expected = (['green', 'red', 'violet', 'big', 'small', '3'] as const).reduce((sum, s) => sum + payoutOf(10_000, s, result.number), 0);
    expect(await balanceOf(app.db, p.id)).toBe(40_000 + expected);
    // Again: nothing more is paid.
    await settlePeriod({ db: app.db, now: app.clock.now() }, { game: game, seq: period.seq });
    expect(await settleDue({ db: app.db, now: clock.now() }, { game })).toEqual([]);
    expect(await balanceOf(app.db, p.id)).toBe(40_000 + expected);
    const mine = (await app.inject({ url: '/api/v1/color/bets', headers: p.headers })).json().data;
    expect(mine.bets).toHaveLength(6);
    expect(mine.bets.every((b: { number: number; status: string }) => b.number === result.number && b.status !== 'open')).toBe(true);
    // Anyone can verify it from the commitment alone, as docs/fairness.md tells.
    const { commitment } = (await app.inject({ url: '/api/v1/color/state' })).json().data;
    expect(await chainReaches(result.hash, result.seq, commitment.terminalHash)).toBe(true);
    expect(await drawColorNumber(result.hash, commitment.salt, result.seq)).toBe(result.number);
    expect(resultView(result, offsetsOf(game.chains))).toMatchObject({ colour: colourName(result.number), chain: 1, index: result.seq });
  });

  it('refuses bets once they close, 5 seconds before the end, and on any other period', async () => {
    const p = await createPlayer(app, { balance: 100 });
    const period = into(55);
    const late = await bet(p, { period: period.period, selection: 'red', amount: 10 });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'BETS_CLOSED' });
    expect(late.json().message).toMatch(/^Bets for period \d{12} are closed\. Period \d{12} opens in 5 s\.$/);
    clock.advance(5_000);
    const old = await bet(p, { period: period.period, selection: 'red', amount: 10 });
    expect(old.json()).toMatchObject({ code: 'PERIOD_CLOSED' });
    expect((await bet(p, { period: period.period, selection: 'purple', amount: 10 })).statusCode).toBe(400);
    expect(await balanceOf(app.db, p.id)).toBe(10_000);
    await settleDue({ db: app.db, now: clock.now() }, { game });
  });

  it('keeps the player’s limits and a hidden game’s closure', async () => {
    const p = await createPlayer(app, { balance: 100 });
    await app.inject({
      method: 'PUT',
      url: '/api/v1/responsible/limits',
      headers: p.headers,
      payload: { limits: [{ kind: 'bet', period: 'day', amount: 15 }] },
    });
    const period = into(1);
    expect((await bet(p, { period: period.period, selection: '5', amount: 10 })).statusCode).toBe(200);
    expect((await bet(p, { period: period.period, selection: '5', amount: 10 })).json()).toMatchObject({ code: 'LIMIT_REACHED' });
    await app.inject({ method: 'POST', url: '/api/v1/admin/game-visibility', headers: admin.headers, payload: { gameType: 'color', isVisible: false } });
    expect((await bet(admin, { period: period.period, selection: '5', amount: 10 })).json()).toMatchObject({ code: 'GAME_HIDDEN' });
    await app.inject({ method: 'POST', url: '/api/v1/admin/game-visibility', headers: admin.headers, payload: { gameType: 'color', isVisible: true } });
    clock.advance(60_000);
    await settleDue({ db: app.db, now: clock.now() }, { game });
  });

  it('catches up after a stop: every ended period gets its result, none twice', async () => {
    const before = currentPeriod(game, clock.now())!;
    clock.advance(5 * 60_000);
    const results = await settleDue({ db: app.db, now: clock.now() }, { game });
    expect(results.map((r) => r.seq)).toEqual(Array.from({ length: results.length }, (_, i) => results[0].seq + i));
    expect(results.at(-1)!.seq).toBe(currentPeriod(game, clock.now())!.seq - 1);
    expect(results[0].seq).toBeLessThanOrEqual(before.seq);
    const history = (await app.inject({ url: '/api/v1/color/history' })).json().data;
    expect(history.periods[0].seq).toBe(results.at(-1)!.seq);
    // Every period verifies from the published commitment with the documented verifier, and a forged number does not.
    const { commitment } = (await app.inject({ url: '/api/v1/color/state' })).json().data;
    for (const period of history.periods) expect(verifyFromDocs(period, commitment), period.period).toBe(true);
    const first = history.periods[0];
    expect(verifyFromDocs({ ...first, number: (first.number + 1) % 10 }, commitment)).toBe(false);
  });
});
