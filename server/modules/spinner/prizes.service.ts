import type { Db } from '../../db/client.js';
import { conflict, notFound } from '../../lib/errors.js';
import { audit } from '../audit/index.js';
import { isUuid } from '../../../contracts/ids.js';
import { PRIZES_MAX, PRIZES_MIN, type PrizeSet } from '../../../contracts/spinner.js';
import * as repo from './spinner.repo.js';

const present = (row: repo.PrizeSetRow): PrizeSet => ({ _id: row.id, prizes: row.prizes });
const missing = () => notFound('That prize set does not exist.', 'PRIZE_SET_NOT_FOUND');

export async function listPrizeSets(db: Db): Promise<PrizeSet[]> {
  return (await repo.listPrizeSets(db)).map(present);
}

/** The back office adds a set only when there is none (the original app's empty form); then it edits that one. */
export async function createPrizeSet(db: Db, actorId: string, prizes: string[]): Promise<PrizeSet> {
  return db.transaction(async (tx) => {
    if ((await repo.listPrizeSets(tx)).length) throw conflict('There is already a prize set: edit it instead.', 'PRIZE_SET_EXISTS');
    const row = await repo.insertPrizeSet(tx, prizes, actorId);
    await audit(tx, { actorId, action: 'create', entity: 'spinner_prize_set', entityId: row.id, after: { prizes } });
    return present(row);
  });
}

/** Changes a set's prizes under a lock, recording before and after. */
async function change(db: Db, actorId: string, id: string, now: Date, action: string, next: (prizes: string[]) => string[]): Promise<PrizeSet> {
  if (!isUuid(id)) throw missing();
  return db.transaction(async (tx) => {
    const row = await repo.lockPrizeSet(tx, id.toLowerCase());
    if (!row) throw missing();
    const prizes = next(row.prizes);
    if (prizes.length < PRIZES_MIN) throw conflict(`A wheel needs at least ${PRIZES_MIN} prizes.`, 'TOO_FEW_PRIZES');
    if (prizes.length > PRIZES_MAX) throw conflict(`A wheel has at most ${PRIZES_MAX} prizes.`, 'TOO_MANY_PRIZES');
    const updated = await repo.setPrizes(tx, row.id, prizes, now);
    await audit(tx, { actorId, action, entity: 'spinner_prize_set', entityId: row.id, before: { prizes: row.prizes }, after: { prizes } });
    return present(updated);
  });
}

export const replacePrizes = (db: Db, actorId: string, id: string, prizes: string[], now: Date) => change(db, actorId, id, now, 'update', () => prizes);
export const addPrize = (db: Db, actorId: string, id: string, prize: string, now: Date) => change(db, actorId, id, now, 'add_prize', (p) => [...p, prize]);

/** Removes one segment carrying `prize` (the last one, if several do). */
export const removePrize = (db: Db, actorId: string, id: string, prize: string, now: Date) =>
  change(db, actorId, id, now, 'remove_prize', (p) => {
    const at = p.lastIndexOf(prize);
    if (at < 0) throw notFound(`The wheel has no "${prize}" segment.`, 'PRIZE_NOT_FOUND');
    return [...p.slice(0, at), ...p.slice(at + 1)];
  });

export async function deletePrizeSet(db: Db, actorId: string, id: string): Promise<PrizeSet> {
  if (!isUuid(id)) throw missing();
  return db.transaction(async (tx) => {
    const row = await repo.lockPrizeSet(tx, id.toLowerCase());
    if (!row) throw missing();
    await repo.deletePrizeSet(tx, row.id);
    await audit(tx, { actorId, action: 'delete', entity: 'spinner_prize_set', entityId: row.id, before: { prizes: row.prizes } });
    return present(row);
  });
}
