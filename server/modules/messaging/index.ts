// Messages to players: e-mail over SMTP, SMS through an HTTP gateway, and the development outbox.
export { createMessenger } from './messaging.service.js';
export type { Channel, Messenger, OutgoingMessage } from './messaging.service.js';
