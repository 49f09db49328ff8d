import { NOT_CONFIGURED } from '../../../contracts/telegram.js';
import type { Config } from '../../config.js';
import type { Db, DbOrTx } from '../../db/client.js';
import type { Ctx, RequestCtx } from '../../lib/context.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import type { AuthUser } from '../../types.js';
import { audit } from '../audit/index.js';
import { approveSubscriptionWithLink, decideSubscription, pendingSubscription } from '../wallet/index.js';
import { botCall, type TgChat, type TgUpdate } from './bot.client.js';
import * as repo from './telegram.repo.js';
import { announcement, roundRecord } from './telegram.rules.js';

type BotConfig = Pick<Config, 'TELEGRAM_BOT_TOKEN' | 'TELEGRAM_API_URL' | 'PUBLIC_URL'>;

/**
 * The channels the bot administers. Telegram tells a bot when it is made an administrator of a
 * channel (or removed) through `my_chat_member` updates; each call reads the new ones first.
 */
export async function channels(ctx: Ctx): Promise<{ configured: boolean; channels: repo.ChannelRow[] }> {
  const { db, config, now } = ctx;
  if (!config.TELEGRAM_BOT_TOKEN) return { configured: false, channels: [] };
  const offset = await repo.updateOffset(db);
  const updates = await botCall<TgUpdate[]>(config, 'getUpdates', { offset, timeout: 0, allowed_updates: ['my_chat_member'] });
  for (const u of updates) {
    const m = u.my_chat_member;
    if (!m || m.chat.type !== 'channel') continue;
    if (m.new_chat_member.status === 'administrator')
      await repo.saveChannel(db, { id: m.chat.id, title: m.chat.title ?? String(m.chat.id), username: m.chat.username ?? null }, now);
    else await repo.removeChannel(db, m.chat.id);
  }
  if (updates.length) await repo.saveOffset(db, updates[updates.length - 1].update_id + 1);
  return { configured: true, channels: await repo.listChannels(db) };
}

/** Adds a public channel by its @name, once the bot is an administrator there. */
export async function addChannel(ctx: RequestCtx<AuthUser>, { username }: { username: string }) {
  const { db, config, now } = ctx;
  const actorId = ctx.user.id;
  const chat = await botCall<TgChat>(config, 'getChat', { chat_id: `@${username}` });
  if (chat.type !== 'channel') throw badRequest(`@${username} is not a channel.`, 'NOT_A_CHANNEL');
  const me = await botCall<{ id: number }>(config, 'getMe');
  const member = await botCall<{ status: string }>(config, 'getChatMember', { chat_id: chat.id, user_id: me.id });
  if (member.status !== 'administrator' && member.status !== 'creator') {
    throw badRequest(`Make the bot an administrator of @${username} first, then add it again.`, 'BOT_NOT_ADMIN');
  }
  const row = { id: chat.id, title: chat.title ?? `@${username}`, username: chat.username ?? username };
  await db.transaction(async (tx) => {
    await repo.saveChannel(tx, row, now);
    await audit(tx, { actorId, action: 'create', entity: 'telegram_channel', entityId: String(row.id), before: null, after: row });
  });
  return row;
}

/**
 * Approves a subscription with a single-use invite link to the chosen channel (shown to the
 * player), or rejects it (the player sees that too). An approval answers the channel.
 */
export async function decideTelegramDeposit(
  ctx: RequestCtx<AuthUser>,
  input: { id: string; status: 'approved' | 'rejected'; channelId?: number },
): Promise<{ status: 'rejected' } | { status: 'approved'; channel: repo.ChannelRow }> {
  const { db, config } = ctx;
  const deposit = await pendingSubscription(ctx, { id: input.id });
  if (input.status === 'rejected') {
    await decideSubscription(ctx, { id: deposit.id, status: 'rejected', channelId: null, inviteLink: null });
    return { status: 'rejected' };
  }
  if (!config.TELEGRAM_BOT_TOKEN) throw new AppError('TELEGRAM_NOT_CONFIGURED', 409, NOT_CONFIGURED);
  const channel = await repo.findChannel(db, input.channelId!);
  if (!channel) throw notFound('That channel is not one the bot administers. Refresh the channel list and choose again.', 'CHANNEL_NOT_FOUND');
  await approveSubscriptionWithLink(ctx, {
    id: deposit.id,
    channelId: channel.id,
    link: {
      create: async () =>
        (
          await botCall<{ invite_link: string }>(config, 'createChatInviteLink', {
            chat_id: channel.id,
            member_limit: 1,
            name: `Subscription ${deposit.id.slice(0, 8)}`,
          })
        ).invite_link,
      revoke: async (invite_link) => {
        await botCall(config, 'revokeChatInviteLink', { chat_id: channel.id, invite_link });
      },
    },
  });
  return { status: 'approved', channel };
}

export async function listRounds(ctx: Ctx, q: { gameType?: 'chicken' | 'color'; status?: repo.RoundRow['status'] }): Promise<repo.RoundRow[]> {
  return repo.listRounds(ctx.db, q);
}

/** A round is announced only in a channel the bot administers (the list Telegram keeps us told of). */
async function assertOwnChannel(db: DbOrTx, channelId: number): Promise<void> {
  if (!(await repo.findChannel(db, channelId))) {
    throw badRequest('That channel is not one the bot administers. Refresh the channel list and choose again.', 'CHANNEL_NOT_FOUND');
  }
}

export async function createRound(ctx: RequestCtx<AuthUser>, input: repo.NewRound): Promise<repo.RoundRow> {
  const actorId = ctx.user.id;
  await assertOwnChannel(ctx.db, input.channelId);
  return ctx.db.transaction(async (tx) => {
    const row = await repo.insertRound(tx, { ...input, createdBy: actorId });
    await audit(tx, { actorId, action: 'create', entity: 'telegram_round', entityId: row.id, before: null, after: roundRecord(row) });
    return row;
  });
}

export async function editRound(ctx: RequestCtx<AuthUser>, { id, round }: { id: string; round: repo.NewRound }): Promise<repo.RoundRow> {
  const actorId = ctx.user.id;
  await assertOwnChannel(ctx.db, round.channelId);
  return ctx.db.transaction(async (tx) => {
    const row = await repo.updateRound(tx, id, round);
    if (!row) throw notFound('Round not found.', 'ROUND_NOT_FOUND');
    await audit(tx, { actorId, action: 'update', entity: 'telegram_round', entityId: id, before: null, after: roundRecord(row) });
    return row;
  });
}

export async function removeRound(ctx: RequestCtx<AuthUser>, { id }: { id: string }): Promise<repo.RoundRow> {
  const actorId = ctx.user.id;
  return ctx.db.transaction(async (tx) => {
    const row = await repo.deleteRound(tx, id);
    if (!row) throw notFound('Round not found.', 'ROUND_NOT_FOUND');
    await audit(tx, { actorId, action: 'delete', entity: 'telegram_round', entityId: id, before: roundRecord(row), after: null });
    return row;
  });
}

/**
 * The round scheduler: posts each round whose start has come to its channel (scheduled → active)
 * and completes each whose end has passed. Rows are locked (skipping ones another server holds),
 * so a round is posted once. Without a bot token nothing is posted and rounds stay scheduled.
 */
export async function runScheduler(db: Db, config: BotConfig, now: Date, log: { warn: (o: object, m: string) => void }) {
  if (!config.TELEGRAM_BOT_TOKEN) return;
  await db.transaction(async (tx) => {
    const due = await repo.lockDueRounds(tx, now);
    const done = due.filter((r) => r.endTime <= now).map((r) => r.id);
    const posted: string[] = [];
    for (const r of due.filter((x) => x.status === 'scheduled' && x.endTime > now)) {
      try {
        await botCall(config, 'sendMessage', { chat_id: r.channelId, text: announcement(r, config.PUBLIC_URL), disable_web_page_preview: true });
        posted.push(r.id);
      } catch (err) {
        log.warn({ err, round: r.id }, 'could not post a game round to Telegram');
      }
    }
    await repo.setRoundStatus(tx, posted, 'active', now, true);
    await repo.setRoundStatus(tx, done, 'completed', now);
  });
}
