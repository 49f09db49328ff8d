import type { Ctx, RequestCtx } from '../../lib/context.js';
import { notFound } from '../../lib/errors.js';
import type { AuthUser } from '../../types.js';
import { audit } from '../audit/index.js';
import * as repo from './deposits.repo.js';
import { assertNotOwnRequest, assertUuid, notPending } from './wallet.shared.js';

/** The pending Telegram subscription `rawId`, or a clear 404/409. */
export async function pendingSubscription(ctx: Ctx, { id: rawId }: { id: string }) {
  const id = assertUuid(rawId, 'That subscription');
  const row = await repo.findDeposit(ctx.db, id);
  if (!row || row.method !== 'Telegram') throw notFound('That Telegram subscription was not found.');
  if (row.status !== 'pending') throw notPending('deposit', row.status);
  return row;
}

/**
 * Records `ctx.user`'s decision on a Telegram subscription: approved with its channel and invite
 * link, or rejected. Nothing moves in the ledger: the player bought channel access, not wallet money.
 */
export async function decideSubscription(
  ctx: RequestCtx<AuthUser>,
  { id, ...decision }: { id: string; status: 'approved' | 'rejected'; channelId: number | null; inviteLink: string | null },
) {
  const actorId = ctx.user.id;
  return ctx.db.transaction(async (tx) => {
    const request = await repo.findDeposit(tx, id);
    if (request) assertNotOwnRequest(actorId, request.userId);
    const decided = await repo.decidePendingSubscription(tx, id, { ...decision, now: ctx.now, decidedBy: actorId });
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

/**
 * Approving with an invite link is three steps, so that ten approvals at once make one link: the
 * decision is taken first (only one approval can take it), then the winner asks Telegram for the
 * link, then the link is stored. `createLink` runs once, only for the decision that won; when it
 * fails the approval is undone (the request is pending again); a link that cannot be stored is
 * handed to `revokeLink`.
 */
export async function approveSubscriptionWithLink(
  ctx: RequestCtx<AuthUser>,
  { id, channelId, link }: { id: string; channelId: number; link: { create: () => Promise<string>; revoke: (link: string) => Promise<void> } },
): Promise<void> {
  const { db } = ctx;
  const actorId = ctx.user.id;
  await decideSubscription(ctx, { id, status: 'approved', channelId, inviteLink: null });
  let inviteLink: string;
  try {
    inviteLink = await link.create();
  } catch (err) {
    await db.transaction(async (tx) => {
      if (await repo.undoSubscriptionApproval(tx, id, actorId)) {
        await audit(tx, {
          actorId,
          action: 'approve-undone',
          entity: 'telegram_subscription',
          entityId: id,
          before: { status: 'approved' },
          after: { status: 'pending' },
        });
      }
    });
    throw err;
  }
  if (!(await repo.attachInviteLink(db, id, inviteLink))) await link.revoke(inviteLink);
}

/** The caller's Telegram subscription requests, newest first. */
export async function subscriptionsOf(ctx: RequestCtx<AuthUser>) {
  return repo.listSubscriptions(ctx.db, ctx.user.id);
}
