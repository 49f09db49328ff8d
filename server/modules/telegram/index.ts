// Telegram through its Bot API: the bot's channels, game rounds announced in them, subscription approvals.
export { runScheduler } from './telegram.service.js';
