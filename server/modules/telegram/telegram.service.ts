import { NOT_CONFIGURED, type TelegramRound } from '../../../contracts/telegram.js';
import type { Config } from '../../config.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import { formatIst } from '../../lib/india-time.js';
import { audit } from '../audit/index.js';
import { approveSubscriptionWithLink, decideSubscription, pendingSubscription } from '../wallet/index.js';
import { botCall, type TgChat, type TgUpdate } from './bot.client.js';
import * as repo from './telegram.repo.js';

type BotConfig = Pick<Config, 'TELEGRAM_BOT_TOKEN' | 'TELEGRAM_API_URL' | 'PUBLIC_URL'>;

const channelView = (c: repo.ChannelRow) => ({ id: String(c.id), title: c.title, username: c.username });

/**
 * The channels the bot administers. Telegram tells a bot when it is made an administrator of a
 * channel (or removed) through `my_chat_member` updates; each call reads the new ones first.
 */
export async function channels(db: Db, config: BotConfig, now: Date) {
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
  return { configured: true, channels: (await repo.listChannels(db)).map(channelView) };
}

/** Adds a public channel by its @name, once the bot is an administrator there. */
export async function addChannel(db: Db, config: BotConfig, actorId: string, username: string, now: Date) {
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
  return { id: String(row.id), title: row.title, username: row.username };
}

/**
 * Approves a subscription with a single-use invite link to the chosen channel (shown to the
 * player), or rejects it (the player sees that too).
 */
export async function decideTelegramDeposit(
  db: Db,
  config: BotConfig,
  actorId: string,
  input: { id: string; status: 'approved' | 'rejected'; channelId?: number },
  now: Date,
) {
  const deposit = await pendingSubscription(db, input.id);
  if (input.status === 'rejected') {
    await decideSubscription(db, actorId, deposit.id, { status: 'rejected', channelId: null, inviteLink: null, now });
    return 'Subscription rejected.';
  }
  if (!config.TELEGRAM_BOT_TOKEN) throw new AppError('TELEGRAM_NOT_CONFIGURED', 409, NOT_CONFIGURED);
  const channel = await repo.findChannel(db, input.channelId!);
  if (!channel) throw notFound('That channel is not one the bot administers. Refresh the channel list and choose again.', 'CHANNEL_NOT_FOUND');
  await approveSubscriptionWithLink(db, actorId, deposit.id, channel.id, now, {
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
  });
  return `Subscription approved: the player's invite link to ${channel.title} is ready.`;
}

export const roundView = (r: repo.RoundRow): TelegramRound => ({
  _id: r.id,
  gameType: r.gameType,
  multipliers: r.multipliers,
  startTime: r.startTime.toISOString(),
  endTime: r.endTime.toISOString(),
  status: r.status,
  period: r.period,
  channelId: String(r.channelId),
});

export async function listRounds(db: DbOrTx, q: { gameType?: 'chicken' | 'color'; status?: repo.RoundRow['status'] }) {
  return (await repo.listRounds(db, q)).map(roundView);
}

/** A round is announced only in a channel the bot administers (the list Telegram keeps us told of). */
async function assertOwnChannel(db: DbOrTx, channelId: number): Promise<void> {
  if (!(await repo.findChannel(db, channelId))) {
    throw badRequest('That channel is not one the bot administers. Refresh the channel list and choose again.', 'CHANNEL_NOT_FOUND');
  }
}

export async function createRound(db: Db, actorId: string, input: repo.NewRound) {
  await assertOwnChannel(db, input.channelId);
  return db.transaction(async (tx) => {
    const row = await repo.insertRound(tx, { ...input, createdBy: actorId });
    await audit(tx, { actorId, action: 'create', entity: 'telegram_round', entityId: row.id, before: null, after: roundView(row) });
    return roundView(row);
  });
}

export async function editRound(db: Db, actorId: string, id: string, input: repo.NewRound) {
  await assertOwnChannel(db, input.channelId);
  return db.transaction(async (tx) => {
    const row = await repo.updateRound(tx, id, input);
    if (!row) throw notFound('Round not found.', 'ROUND_NOT_FOUND');
    await audit(tx, { actorId, action: 'update', entity: 'telegram_round', entityId: id, before: null, after: roundView(row) });
    return roundView(row);
  });
}

export async function removeRound(db: Db, actorId: string, id: string) {
  return db.transaction(async (tx) => {
    const row = await repo.deleteRound(tx, id);
    if (!row) throw notFound('Round not found.', 'ROUND_NOT_FOUND');
    await audit(tx, { actorId, action: 'delete', entity: 'telegram_round', entityId: id, before: roundView(row), after: null });
    return roundView(row);
  });
}

/** The announcement posted when a round starts: what to play and until when, with the proof link; never a result. */
export function announcement(r: repo.RoundRow, publicUrl: string | undefined): string {
  const game = r.gameType === 'color' ? 'Colour Prediction' : 'Chicken Road';
  const site = publicUrl?.replace(/\/$/, '') ?? '';
  const proof = r.gameType === 'color' ? `${site}/color${r.period ? `?period=${encodeURIComponent(r.period)}` : ''}` : `${site}/fairness`;
  return [
    `${game} round${r.period ? ` ${r.period}` : ''} is on now, until ${formatIst(r.endTime)} (India time).`,
    `Prediction: ${r.multipliers.map((m) => `${m}x`).join(', ')}`,
    `Every result can be checked: ${proof}`,
  ].join('\n');
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
