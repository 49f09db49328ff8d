import { randomUUID } from 'node:crypto';
import { DEMO_START_BALANCE } from '../../../contracts/chicken.js';
import { toPaise } from '../../../contracts/money.js';
import type { Db, Tx } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { assertBetInRange, assertGameOpen, betLimitsOf, newClientSeed, newServerSeed, sha256Hex } from '../play/index.js';
import { drawTrapsFast } from './chicken.draw.js';
import type { RoundRow } from './chicken.repo.js';
import { cashOutAt, stepOutcome, type GameSettings, type Played, type StartInput } from './chicken.service.js';
import { roundView } from './chicken.view.js';
import * as repo from './demo.repo.js';

/*
 * Demo Chicken Road: the real game's rules and draw, with play money held on the demo player's
 * own row. Nothing here touches the ledger or the wallet. Each demo round has a fresh server
 * seed, shown as its hash at the start and revealed at the end, so a demo round verifies too.
 */

// A demo call carries no Idempotency-Key: a demo round keeps none.
type DemoRound = Omit<RoundRow, 'createdAt' | 'endedAt' | 'requestKey' | 'stepKey'> & { serverSeed: string; createdAt: string; endedAt: string | null };

const START = toPaise(DEMO_START_BALANCE);

function asRow(r: DemoRound): RoundRow {
  return { ...r, createdAt: new Date(r.createdAt), endedAt: r.endedAt ? new Date(r.endedAt) : null, requestKey: null, stepKey: null };
}

/** A demo round as the real game's calls answer one: its row, its seed once ended, the play money (paise). */
const played = (r: DemoRound, balance: number, safe?: boolean): Played => ({
  round: asRow(r),
  serverSeed: r.state === 'playing' ? null : r.serverSeed,
  balance,
  ...(safe === undefined ? {} : { safe }),
});
const openRound = (p: repo.DemoPlayerRow): DemoRound | null => {
  const r = p.round as DemoRound | null;
  return r && r.state === 'playing' ? r : null;
};

/** The visitor's demo player: the one their cookie names, or a new one with the starting play money. */
export async function demoPlayer(db: Db, id: string | undefined, now: Date): Promise<repo.DemoPlayerRow> {
  const found = id ? await repo.findDemoPlayer(db, id) : undefined;
  return found ?? repo.insertDemoPlayer(db, START, now);
}

/** The play money (paise) and the open round, if any. */
export function demoState(p: repo.DemoPlayerRow): { balance: number; round: RoundRow | null } {
  const round = openRound(p);
  return { balance: p.balance, round: round ? asRow(round) : null };
}

async function locked<T>(db: Db, id: string, fn: (tx: Tx, p: repo.DemoPlayerRow) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const p = await repo.lockDemoPlayer(tx, id);
    if (!p) throw notFound('Your demo session has ended. Reload the page to start a new one.', 'DEMO_NOT_FOUND');
    return fn(tx, p);
  });
}

export async function startDemo(db: Db, settings: GameSettings, id: string, input: StartInput, now: Date) {
  assertBetInRange(betLimitsOf(settings), input.bet);
  await assertGameOpen(db, 'chicken');
  return locked(db, id, async (tx, p) => {
    const open = openRound(p);
    if (open) throw conflict('You have an unfinished round. Finish it before starting a new one.', 'ROUND_OPEN', { data: roundView(asRow(open)) });
    if (input.bet > p.balance) throw badRequest('Not enough play money. Reset your demo balance to play on.', 'INSUFFICIENT_BALANCE');
    const serverSeed = newServerSeed();
    const clientSeed = newClientSeed();
    const round: DemoRound = {
      id: randomUUID(),
      userId: p.id,
      seedPairId: p.id,
      serverSeed,
      serverSeedHash: sha256Hex(serverSeed),
      clientSeed,
      nonce: 0,
      difficulty: input.difficulty,
      rtpPpm: Math.round(settings.GAME_RTP * 1_000_000),
      bet: input.bet,
      maxWin: toPaise(settings.GAME_MAX_WIN),
      autoCashout: input.autoCashout === null ? null : Math.round(input.autoCashout * 100),
      traps: drawTrapsFast(serverSeed, clientSeed, 0, input.difficulty),
      state: 'playing',
      lane: -1,
      multiplier: null,
      payout: null,
      createdAt: now.toISOString(),
      endedAt: null,
    };
    const balance = p.balance - input.bet;
    await repo.saveDemoPlayer(tx, p.id, { balance, round, newRound: true }, now);
    return played(round, balance);
  });
}

function requireOpen(p: repo.DemoPlayerRow): DemoRound {
  const open = openRound(p);
  if (!open) throw notFound('You have no open round.', 'NO_OPEN_ROUND');
  return open;
}

function ended(round: DemoRound, state: 'won' | 'lost', lane: number, now: Date): DemoRound {
  const paid = state === 'won' ? cashOutAt(round, lane) : { multiplier: 0, payout: 0 };
  return { ...round, state, lane, ...paid, endedAt: now.toISOString() };
}

export async function stepDemo(db: Db, id: string, now: Date) {
  return locked(db, id, async (tx, p) => {
    const round = requireOpen(p);
    const step = stepOutcome(round);
    const next = step.state === 'playing' ? { ...round, lane: step.lane } : ended(round, step.state, step.lane, now);
    const balance = p.balance + (next.payout ?? 0);
    await repo.saveDemoPlayer(tx, p.id, { balance, round: next }, now);
    return played(next, balance, step.state !== 'lost');
  });
}

export async function stopDemo(db: Db, id: string, now: Date) {
  return locked(db, id, async (tx, p) => {
    const round = requireOpen(p);
    const won = ended(round, 'won', round.lane, now);
    const balance = p.balance + (won.payout ?? 0);
    await repo.saveDemoPlayer(tx, p.id, { balance, round: won }, now);
    return played(won, balance);
  });
}

/** Back to the starting play money; an open demo round is dropped with it. */
export async function resetDemo(db: Db, id: string, now: Date): Promise<{ balance: number; round: null }> {
  return locked(db, id, async (tx, p) => {
    await repo.saveDemoPlayer(tx, p.id, { balance: START, round: null }, now);
    return { balance: START, round: null };
  });
}
