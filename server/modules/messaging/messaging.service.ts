import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { createMailTransport } from './mail.transport.js';
import { insertOutboxMessage } from './outbox.repo.js';
import { createSmsTransport } from './sms.transport.js';

export type Channel = 'email' | 'sms';

export interface OutgoingMessage {
  channel: Channel;
  /** An e-mail address or a phone number in E.164. */
  to: string;
  subject: string;
  text: string;
  /** The one-time code inside the text, kept by the development outbox for tests and tools. */
  code?: string;
}

export interface Messenger {
  /** Delivers or throws; the caller decides what a failure means. */
  send(message: OutgoingMessage): Promise<void>;
  close(): void;
}

/** A production log is read by more people than the code's owner: the code never goes into it. */
function redacted(message: OutgoingMessage): Pick<OutgoingMessage, 'subject' | 'text'> {
  const hide = (value: string) => (message.code ? value.split(message.code).join('[code redacted]') : value);
  return { subject: hide(message.subject), text: hide(message.text) };
}

/**
 * Sends e-mail over SMTP (`SMTP_URL`) and SMS through the HTTP gateway (`SMS_URL`). A channel
 * without a transport goes to the outbox: the message is written to the log (in production with
 * its code redacted). With DEV_OUTBOX (never in production) every message is also stored,
 * readable at GET /api/v1/dev/outbox.
 */
export function createMessenger(deps: { config: Config; db: Db; log: FastifyBaseLogger }): Messenger {
  const { config, db, log } = deps;
  const mail = config.SMTP_URL ? createMailTransport(config.SMTP_URL, config.SMTP_FROM) : null;
  const sms = config.SMS_URL ? createSmsTransport(config.SMS_URL, config.SMS_API_KEY, config.SMS_SENDER) : null;

  return {
    async send(message) {
      if (config.devOutbox) {
        await insertOutboxMessage(db, { recipient: message.to, channel: message.channel, code: message.code ?? null, body: message.text });
      }
      if (message.channel === 'email' && mail) return mail.send(message);
      if (message.channel === 'sms' && sms) return sms.send(message);
      const { subject, text } = config.isProduction ? redacted(message) : message;
      log.info(
        { outbox: { channel: message.channel, to: message.to, subject, text } },
        `outbox: ${message.channel} to ${message.to} (no transport configured)`,
      );
    },
    close() {
      mail?.close();
    },
  };
}
