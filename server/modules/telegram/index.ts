// Telegram through its Bot API: the bot's channels, game rounds announced in them, subscription approvals.
export { channelRoutes, telegramRoutes as routes } from './telegram.routes.js';
