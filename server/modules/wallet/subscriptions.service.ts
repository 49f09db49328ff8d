import { toRupees } from '../../../contracts/money.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { audit } from '../audit/index.js';
import * as repo from './deposits.repo.js';
import { assertUuid, iso, notPending } from './wallet.shared.js';

/** The pending Telegram subscription `rawId`, or a clear 404/409. */
export async function pendingSubscription(db: DbOrTx, rawId: string) {
  const id = assertUuid(rawId, 'That subscription');
  const row = await repo.findDeposit(db, id);
  if (!row || row.method !== 'Telegram') throw notFound('That Telegram subscription was not found.');
  if (row.status !== 'pending') throw notPending('deposit', row.status);
  return row;
}

/**
 * Records the decision on a Telegram subscription: approved with its channel and invite link, or
 * rejected. Nothing moves in the ledger: the player bought channel access, not wallet money.
 */
export async function decideSubscription(
  db: Db,
  actorId: string,
  id: string,
  decision: { status: 'approved' | 'rejected'; channelId: number | null; inviteLink: string | null },
) {
  return db.transaction(async (tx) => {
    const decided = await repo.decidePendingSubscription(tx, id, { ...decision, decidedBy: actorId });
    if (!decided) throw notPending('deposit', (await repo.findDeposit(tx, id))?.status ?? 'decided');
    await audit(tx, {
      actorId,
      action: decision.status === 'approved' ? 'approve' : 'reject',
      entity: 'telegram_subscription',
      entityId: decided.id,
      before: { status: 'pending' },
      after: { status: decided.status, channelId: decision.channelId === null ? null : String(decision.channelId), userId: decided.userId },
    });
    return decided;
  });
}

export async function subscriptionsOf(db: DbOrTx, userId: string) {
  return (await repo.listSubscriptions(db, userId)).map((r) => ({
    _id: r.id,
    amount: toRupees(r.amount),
    gameName: typeof r.details?.gameName === 'string' ? r.details.gameName : null,
    status: r.status,
    inviteLink: r.status === 'approved' ? r.inviteLink : null,
    createdAt: iso(r.createdAt),
  }));
}
