import type { Config } from '../../config.js';
import { subscriptionView } from '../wallet/index.js';
import type { ChannelRow } from './telegram.repo.js';
import { roundRecord } from './telegram.rules.js';

// How Telegram's rows read in its answers.

export const channelView = (c: ChannelRow) => ({ id: String(c.id), title: c.title, username: c.username });

/** GET /my-channels beside its message: whether a bot is set up, and the channels it administers. */
export const channelsView = (found: { configured: boolean; channels: ChannelRow[] }) => ({
  configured: found.configured,
  channels: found.channels.map(channelView),
});

/** A round, as the audit log records it too. */
export const roundView = roundRecord;

/** The caller's subscriptions, and whether a bot is set up to make their invite links. */
export const subscriptionsView = (rows: Parameters<typeof subscriptionView>[0][], config: Pick<Config, 'TELEGRAM_BOT_TOKEN'>) => ({
  subscriptions: rows.map(subscriptionView),
  configured: Boolean(config.TELEGRAM_BOT_TOKEN),
});

/** What an approval says: the channel its invite link opens. */
export const approvedMessage = (channel: Pick<ChannelRow, 'title'>) => `Subscription approved: the player's invite link to ${channel.title} is ready.`;
