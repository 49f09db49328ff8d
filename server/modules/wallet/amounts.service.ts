import { toRupees } from '../../../contracts/money.js';
import type { Ctx, RequestCtx } from '../../lib/context.js';
import { conflict, notFound } from '../../lib/errors.js';
import type { AuthUser } from '../../types.js';
import { audit } from '../audit/index.js';
import * as repo from './amounts.repo.js';
import { assertUuid } from './wallet.shared.js';

const LABEL: Record<repo.FixedAmountKind, string> = { refer: 'refer amount', telegram: 'Telegram amount' };
const ENTITY: Record<repo.FixedAmountKind, string> = { refer: 'refer_amount', telegram: 'telegram_amount' };

/** How an amount is written in the audit log. */
const audited = (row: repo.FixedAmountRow) => ({ _id: row.id, amount: toRupees(row.amount) });

export async function listAmounts(ctx: Ctx, { kind }: { kind: repo.FixedAmountKind }) {
  return repo.listFixedAmounts(ctx.db, kind);
}

export async function createAmount(ctx: RequestCtx<AuthUser>, { kind, amount }: { kind: repo.FixedAmountKind; amount: number }) {
  const actorId = ctx.user.id;
  return ctx.db.transaction(async (tx) => {
    const row = await repo.insertFixedAmount(tx, { kind, amount, createdBy: actorId });
    if (!row) throw conflict(`A ${LABEL[kind]} already exists. Delete it first to set a new one.`, 'ALREADY_EXISTS');
    await audit(tx, { actorId, action: 'create', entity: ENTITY[kind], entityId: row.id, after: audited(row) });
    return row;
  });
}

export async function deleteAmount(ctx: RequestCtx<AuthUser>, { kind, id }: { kind: repo.FixedAmountKind; id: string }) {
  const actorId = ctx.user.id;
  const missing = `That ${LABEL[kind]}`;
  const safeId = assertUuid(id, missing);
  return ctx.db.transaction(async (tx) => {
    const row = await repo.deleteFixedAmount(tx, kind, safeId);
    if (!row) throw notFound(`${missing} was not found.`);
    await audit(tx, { actorId, action: 'delete', entity: ENTITY[kind], entityId: row.id, before: audited(row) });
    return row;
  });
}
export type { FixedAmountKind } from './amounts.repo.js';
