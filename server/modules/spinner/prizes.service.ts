import { isUuid } from '../../../contracts/ids.js';
import { PRIZES_MAX, PRIZES_MIN } from '../../../contracts/spinner.js';
import type { Ctx, RequestCtx } from '../../lib/context.js';
import { conflict, notFound } from '../../lib/errors.js';
import type { AuthUser } from '../../types.js';
import { audit } from '../audit/index.js';
import * as repo from './spinner.repo.js';

const missing = () => notFound('That prize set does not exist.', 'PRIZE_SET_NOT_FOUND');

/** Every prize set, oldest first: the first is the wheel. */
export async function listPrizeSets(ctx: Ctx): Promise<repo.PrizeSetRow[]> {
  return repo.listPrizeSets(ctx.db);
}

/** The back office adds a set only when there is none (the original app's empty form); then it edits that one. */
export async function createPrizeSet(ctx: RequestCtx<AuthUser>, { prizes }: { prizes: string[] }): Promise<repo.PrizeSetRow> {
  const actorId = ctx.user.id;
  return ctx.db.transaction(async (tx) => {
    if ((await repo.listPrizeSets(tx)).length) throw conflict('There is already a prize set: edit it instead.', 'PRIZE_SET_EXISTS');
    const row = await repo.insertPrizeSet(tx, prizes, actorId);
    await audit(tx, { actorId, action: 'create', entity: 'spinner_prize_set', entityId: row.id, after: { prizes } });
    return row;
  });
}

/** Changes a set's prizes under a lock, recording before and after. */
async function change(ctx: RequestCtx<AuthUser>, id: string, action: string, next: (prizes: string[]) => string[]): Promise<repo.PrizeSetRow> {
  if (!isUuid(id)) throw missing();
  const actorId = ctx.user.id;
  return ctx.db.transaction(async (tx) => {
    const row = await repo.lockPrizeSet(tx, id.toLowerCase());
    if (!row) throw missing();
    const prizes = next(row.prizes);
    if (prizes.length < PRIZES_MIN) throw conflict(`A wheel needs at least ${PRIZES_MIN} prizes.`, 'TOO_FEW_PRIZES');
    if (prizes.length > PRIZES_MAX) throw conflict(`A wheel has at most ${PRIZES_MAX} prizes.`, 'TOO_MANY_PRIZES');
    const updated = await repo.setPrizes(tx, row.id, prizes, ctx.now);
    await audit(tx, { actorId, action, entity: 'spinner_prize_set', entityId: row.id, before: { prizes: row.prizes }, after: { prizes } });
    return updated;
  });
}

export const replacePrizes = (ctx: RequestCtx<AuthUser>, { id, prizes }: { id: string; prizes: string[] }) => change(ctx, id, 'update', () => prizes);
export const addPrize = (ctx: RequestCtx<AuthUser>, { id, prize }: { id: string; prize: string }) => change(ctx, id, 'add_prize', (p) => [...p, prize]);

/** Removes one segment carrying `prize` (the last one, if several do). */
export const removePrize = (ctx: RequestCtx<AuthUser>, { id, prize }: { id: string; prize: string }) =>
  change(ctx, id, 'remove_prize', (p) => {
    const at = p.lastIndexOf(prize);
    if (at < 0) throw notFound(`The wheel has no "${prize}" segment.`, 'PRIZE_NOT_FOUND');
    return [...p.slice(0, at), ...p.slice(at + 1)];
  });

export async function deletePrizeSet(ctx: RequestCtx<AuthUser>, { id }: { id: string }): Promise<repo.PrizeSetRow> {
  if (!isUuid(id)) throw missing();
  const actorId = ctx.user.id;
  return ctx.db.transaction(async (tx) => {
    const row = await repo.lockPrizeSet(tx, id.toLowerCase());
    if (!row) throw missing();
    await repo.deletePrizeSet(tx, row.id);
    await audit(tx, { actorId, action: 'delete', entity: 'spinner_prize_set', entityId: row.id, before: { prizes: row.prizes } });
    return row;
  });
}
