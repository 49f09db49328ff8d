import { toPaise } from '../../../contracts/money.js';
import { LOSE, prizeRupees, segmentOf, SPIN_COOLDOWN_SECONDS, SPINS_PAGE_SIZE } from '../../../contracts/spinner.js';
import type { DbOrTx } from '../../db/client.js';
import type { RequestCtx } from '../../lib/context.js';
import { AppError, conflict } from '../../lib/errors.js';
import { totalPages } from '../../lib/paging.js';
import { balanceOf } from '../ledger/index.js';
import { drawFloat, grantPrize, revealedSeeds, takeNonce } from '../play/index.js';
import { assertNotExcluded } from '../responsible/index.js';
import type { AuthUser } from '../../types.js';
import * as repo from './spinner.repo.js';

const COOLDOWN_MS = SPIN_COOLDOWN_SECONDS * 1000;

function waitText(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  return `You can spin again in ${Math.floor(seconds / 60)}m ${seconds % 60}s`;
}

/** When a player may spin next: now or later, and the seconds until then (0: now). */
export interface SpinWait {
  canSpin: boolean;
  nextSpinAt: Date;
  retryAfter: number;
}

/** When the player may spin next, measured by `now`. */
async function waitAt(db: DbOrTx, userId: string, now: Date): Promise<SpinWait> {
  const last = await repo.lastSpinAt(db, userId);
  const next = last ? new Date(Math.max(now.getTime(), last.getTime() + COOLDOWN_MS)) : now;
  const retryAfter = Math.ceil((next.getTime() - now.getTime()) / 1000);
  return { canSpin: retryAfter === 0, nextSpinAt: next, retryAfter };
}

/** When the caller may spin next. */
export const spinStatus = (ctx: RequestCtx<AuthUser>): Promise<SpinWait> => waitAt(ctx.db, ctx.user.id, ctx.now);

/**
 * One spin, decided and paid by the server in one transaction: the player's next nonce (which
 * locks their seed pair, so two spins at once queue), the hourly limit, the draw, the record and
 * the prize from the promotions account. A refused spin rolls back and uses no nonce. With
 * `ctx.key` (the call's Idempotency-Key) the spin keeps it, and a spin run again with it
 * answers that spin instead of "wait an hour" (decision 0029).
 */
export async function spin(ctx: RequestCtx<AuthUser>) {
  const { now, key: requestKey } = ctx;
  const userId = ctx.user.id;
  return ctx.db.transaction(async (tx) => {
    const spun = requestKey ? await repo.findSpinByKey(tx, userId, requestKey) : undefined;
    if (spun) return { row: spun, balance: await balanceOf(tx, userId), nextSpinAt: new Date(spun.createdAt.getTime() + COOLDOWN_MS) };
    const pair = await takeNonce(tx, ctx.config.keys.seeds, userId);
    await assertNotExcluded(tx, userId, now);
    const status = await waitAt(tx, userId, now);
    if (!status.canSpin) {
      throw new AppError('SPIN_COOLDOWN', 429, waitText(status.retryAfter * 1000), {
        data: { nextSpinAt: status.nextSpinAt.toISOString(), retryAfter: status.retryAfter },
      });
    }
    const [wheel] = await repo.listPrizeSets(tx);
    if (!wheel) throw conflict('The wheel has no prizes yet. Please try again later.', 'NO_PRIZES');
    const index = segmentOf(drawFloat(pair.serverSeed, pair.clientSeed, pair.nonce), wheel.prizes.length);
    const prize = wheel.prizes[index];
    const amount = prize === LOSE ? 0 : toPaise(prizeRupees(prize));
    const row = await repo.insertSpin(tx, {
      userId,
      seedPairId: pair.id,
      serverSeedHash: pair.serverSeedHash,
      clientSeed: pair.clientSeed,
      nonce: pair.nonce,
      prizes: wheel.prizes,
      segment: index,
      prize,
      amount,
      requestKey: requestKey ?? null,
      createdAt: now,
    });
    await grantPrize(tx, { userId, wagerId: row.id, amount, now });
    return { row, balance: await balanceOf(tx, userId), nextSpinAt: new Date(now.getTime() + COOLDOWN_MS) };
  });
}

/** The player's spins, a page at a time, with the server seeds of the pairs already rotated. */
export async function listSpins(ctx: RequestCtx<AuthUser>, { page }: { page: number }) {
  const { rows, total } = await repo.listSpins(ctx.db, ctx.user.id, SPINS_PAGE_SIZE, (page - 1) * SPINS_PAGE_SIZE);
  const seeds = await revealedSeeds(ctx.db, [...new Set(rows.map((r) => r.seedPairId))]);
  return { rows, seeds, page, totalPages: totalPages(total, SPINS_PAGE_SIZE), total };
}
