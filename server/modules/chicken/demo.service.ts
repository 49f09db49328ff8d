import { randomUUID } from 'node:crypto';
import { DEMO_START_BALANCE } from '../../../contracts/chicken.js';
import { toPaise } from '../../../contracts/money.js';
import type { Db, Tx } from '../../db/client.js';
import type { Ctx } from '../../lib/context.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { assertBetInRange, assertGameOpen, betLimitsOf, newClientSeed, newServerSeed, sha256Hex } from '../play/index.js';
import type { RoundRow } from './chicken.repo.js';
import { newRound, paidAt, roundOpen, stepOutcome, type StartInput } from './chicken.rules.js';
import type { Played } from './chicken.service.js';
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

/** A round's row as the demo player's row keeps it, with its own server seed. */
function asDemo({ requestKey: _requestKey, stepKey: _stepKey, createdAt, endedAt, ...r }: RoundRow, serverSeed: string): DemoRound {
  return { ...r, serverSeed, createdAt: createdAt.toISOString(), endedAt: endedAt ? endedAt.toISOString() : null };
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

/** The visitor's demo player: the one their cookie names (`id`), or a new one with the starting play money. */
export async function demoPlayer(ctx: Ctx, { id }: { id: string | undefined }): Promise<repo.DemoPlayerRow> {
  const found = id ? await repo.findDemoPlayer(ctx.db, id) : undefined;
  return found ?? repo.insertDemoPlayer(ctx.db, START, ctx.now);
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

/** Which demo player a call is for: the id its cookie names. */
export interface DemoCall {
  id: string;
}

/** A demo round from the real game's rules (chicken.rules.ts `newRound`), on a fresh pair of seeds of its own at nonce 0. */
export async function startDemo(ctx: Ctx, { id, round: input }: DemoCall & { round: StartInput }) {
  const { db, config, now } = ctx;
  assertBetInRange(betLimitsOf(config), input.bet);
  await assertGameOpen(db, 'chicken');
  return locked(db, id, async (tx, p) => {
    const open = openRound(p);
    if (open) throw roundOpen(asRow(open));
    if (input.bet > p.balance) throw badRequest('Not enough play money. Reset your demo balance to play on.', 'INSUFFICIENT_BALANCE');
    const serverSeed = newServerSeed();
    const clientSeed = newClientSeed();
    const seeds = { id: p.id, serverSeed, serverSeedHash: sha256Hex(serverSeed), clientSeed, nonce: 0 };
    const round = asDemo(newRound(config, input, { id: randomUUID(), userId: p.id, seeds, now }), serverSeed);
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
  return { ...round, state, lane, ...paidAt(round, state, lane), endedAt: now.toISOString() };
}

export async function stepDemo(ctx: Ctx, { id }: DemoCall) {
  const { db, now } = ctx;
  return locked(db, id, async (tx, p) => {
    const round = requireOpen(p);
    const step = stepOutcome(round);
    const next = step.state === 'playing' ? { ...round, lane: step.lane } : ended(round, step.state, step.lane, now);
    const balance = p.balance + (next.payout ?? 0);
    await repo.saveDemoPlayer(tx, p.id, { balance, round: next }, now);
    return played(next, balance, step.state !== 'lost');
  });
}

export async function stopDemo(ctx: Ctx, { id }: DemoCall) {
  const { db, now } = ctx;
  return locked(db, id, async (tx, p) => {
    const round = requireOpen(p);
    const won = ended(round, 'won', round.lane, now);
    const balance = p.balance + (won.payout ?? 0);
    await repo.saveDemoPlayer(tx, p.id, { balance, round: won }, now);
    return played(won, balance);
  });
}

/** Back to the starting play money; an open demo round is dropped with it. */
export async function resetDemo(ctx: Ctx, { id }: DemoCall): Promise<{ balance: number; round: null }> {
  const { db, now } = ctx;
  return locked(db, id, async (tx, p) => {
    await repo.saveDemoPlayer(tx, p.id, { balance: START, round: null }, now);
    return { balance: START, round: null };
  });
}
