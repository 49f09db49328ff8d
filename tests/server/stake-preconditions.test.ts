import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { manualClock } from '../../server/lib/clock.js';
import { drawTrapsFast } from '../../server/modules/chicken/chicken.draw.js';
import * as chickenRepo from '../../server/modules/chicken/chicken.repo.js';
import { currentPeriod } from '../../server/modules/color/color.rules.js';
import type { ColorGame } from '../../server/modules/color/color.service.js';
import { balanceOf } from '../../server/modules/ledger/index.js';
import { betLimitsOf, fastPath, readActivePair, STAKE_PRECONDITIONS, type StakeGame, type StakePrecondition } from '../../server/modules/play/index.js';
import type { App } from '../../server/types.js';
import { useTestApp } from '../helpers/app.js';
import { createAdmin, createPlayer, type TestUser } from '../helpers/factories.js';

/*
 * The staking preconditions have one home, STAKE_PRECONDITIONS in server/modules/play. Here each
 * is broken in turn, alone, against every way a stake can be placed: Chicken Road's one-statement
 * SQL function, Chicken Road's start call on its one-statement path and on its full path, and a
 * colour bet. Each must refuse, with the precondition's own answer, and move no money; the same
 * player and stake without the breach must go through, so the breach is what refused it.
 */

const STAKE = 100; // rupees
const OPENING = 1000;

interface Breach {
  /** The answer the player gets. */
  status: number;
  code: string;
  data?: Record<string, unknown>;
  /** Breaks the precondition for this player and game; answers the stake (rupees) and how to mend it. */
  arrange(p: TestUser, game: StakeGame): Promise<{ amount: number; mend?: () => Promise<void> }>;
}

describe('every staking precondition, at every place a stake is placed', () => {
  let app: App;
  let admin: TestUser;
  let colour: ColorGame;
  const clock = manualClock(new Date('2026-11-23T12:00:00.000Z'));
  useTestApp(
    async (a) => {
      app = a;
      admin = await createAdmin(a);
      colour = await a.colorChains.game({ db: a.db, config: a.config, now: clock.now() });
    },
    { checkLedgerAfterEach: true, clock, env: { ROUND_SECONDS: '60', COLOR_CHAIN_LENGTH: '5000' } },
  );

  const call = (p: TestUser, method: 'POST' | 'PUT' | 'GET', url: string, payload?: object) =>
    app.inject({ method, url: `/api/v1${url}`, headers: p.headers, payload });
  const setVisible = async (game: StakeGame, isVisible: boolean) => {
    const gameType = game === 'chicken' ? 'chicken' : 'color';
    const res = await call(admin, 'POST', '/admin/game-visibility', { gameType, isVisible });
    expect(res.statusCode, res.body).toBe(200);
  };

  const BREACHES: Record<StakePrecondition, Breach> = {
    betInRange: {
      status: 400,
      code: 'BET_TOO_SMALL',
      arrange: async () => ({ amount: app.config.GAME_MIN_BET - 1 }),
    },
    gameVisible: {
      status: 403,
      code: 'GAME_HIDDEN',
      arrange: async (_, game) => {
        await setVisible(game, false);
        return { amount: STAKE, mend: () => setVisible(game, true) };
      },
    },
    notExcluded: {
      status: 403,
      code: 'SELF_EXCLUDED',
      arrange: async (p) => {
        expect((await call(p, 'POST', '/responsible/exclusion', { kind: 'timeout', days: 1 })).statusCode).toBe(200);
        return { amount: STAKE };
      },
    },
    withinLimits: {
      status: 403,
      code: 'LIMIT_REACHED',
      arrange: async (p) => {
        const res = await call(p, 'PUT', '/responsible/limits', { limits: [{ kind: 'bet', period: 'day', amount: STAKE - 1 }] });
        expect(res.statusCode, res.body).toBe(200);
        return { amount: STAKE };
      },
    },
    balance: {
      status: 400,
      code: 'INSUFFICIENT_BALANCE',
      // Said by the precondition itself, not only by the ledger's last-resort refusal.
      data: { balance: OPENING },
      arrange: async () => ({ amount: OPENING + 1 }),
    },
  };

  it('knows a breach for exactly the preconditions of the one list', () => {
    expect(Object.keys(BREACHES)).toEqual([...STAKE_PRECONDITIONS]);
  });

  /** A player ready to stake: funded, and on the one-statement path unless `firstRound` (no seed pair yet). */
  async function player(firstRound = false): Promise<TestUser> {
    const p = await createPlayer(app, { balance: OPENING });
    if (!firstRound) expect((await call(p, 'GET', '/fairness')).statusCode).toBe(200);
    return p;
  }

  /** Chicken Road's one-statement function, called as the server calls it. */
  async function startInOneStatement(p: TestUser, amount: number) {
    const pair = (await readActivePair(app.db, app.config.keys.seeds, p.id))!;
    const id = randomUUID();
    return chickenRepo.startAtOnce(app.db, {
      id,
      userId: p.id,
      seedPairId: pair.id,
      serverSeedHash: pair.serverSeedHash,
      clientSeed: pair.clientSeed,
      nonce: pair.nonce,
      difficulty: 'Easy',
      rtpPpm: 970_000,
      bet: Math.round(amount * 100),
      maxWin: 100_000_000,
      autoCashout: null,
      traps: drawTrapsFast(pair.serverSeed, pair.clientSeed, pair.nonce, 'Easy'),
      play: fastPath('chicken', id),
      limits: betLimitsOf(app.config),
      now: clock.now(),
      metadata: { game: 'chicken' },
    });
  }

  /** A colour bet on the period open now, ten seconds in. */
  function colourBet(p: TestUser, amount: number) {
    const open = currentPeriod(colour, clock.now())!;
    clock.advance(open.start.getTime() + 10_000 - clock.now().getTime());
    return call(p, 'POST', '/color/bet', { period: currentPeriod(colour, clock.now())!.period, selection: 'red', amount });
  }

  const viaHttp = (game: StakeGame, place: (p: TestUser, amount: number) => Promise<{ statusCode: number; json(): unknown }>, firstRound = false) => ({
    game,
    firstRound,
    async refuses(p: TestUser, amount: number, breach: Breach) {
      const res = await place(p, amount);
      expect(res.statusCode).toBe(breach.status);
      expect(res.json()).toMatchObject({ success: false, code: breach.code, ...(breach.data ? { data: breach.data } : {}) });
    },
    async accepts(p: TestUser, amount: number) {
      const res = await place(p, amount);
      expect(res.statusCode, JSON.stringify(res.json())).toBe(200);
    },
  });
  const chickenStart = (p: TestUser, amount: number) => call(p, 'POST', '/chicken-road/start', { betAmount: amount, difficulty: 'Easy' });

  const ENTRY_POINTS = {
    'Chicken Road’s one-statement SQL function': {
      game: 'chicken' as const,
      firstRound: false,
      async refuses(p: TestUser, amount: number) {
        expect((await startInOneStatement(p, amount)).outcome).toBe('full');
      },
      async accepts(p: TestUser, amount: number) {
        expect((await startInOneStatement(p, amount)).outcome).toBe('done');
      },
    },
    'Chicken Road’s start, one-statement path': viaHttp('chicken', chickenStart),
    'Chicken Road’s start, full path (a first round)': viaHttp('chicken', chickenStart, true),
    'a colour bet': viaHttp('color', colourBet),
  };

  for (const [name, entry] of Object.entries(ENTRY_POINTS)) {
    for (const precondition of STAKE_PRECONDITIONS) {
      it(`${name} refuses a stake when ${precondition} fails, and moves nothing`, async () => {
        const breach = BREACHES[precondition];
        const p = await player(entry.firstRound);
        const { amount, mend } = await breach.arrange(p, entry.game);
        try {
          await entry.refuses(p, amount, breach);
          expect(await balanceOf(app.db, p.id)).toBe(OPENING * 100);
        } finally {
          await mend?.();
        }
        // The same place takes a fair stake from a player who meets every precondition.
        const fair = await player(entry.firstRound);
        await entry.accepts(fair, STAKE);
        expect(await balanceOf(app.db, fair.id)).toBe((OPENING - STAKE) * 100);
      });
    }
  }
});
