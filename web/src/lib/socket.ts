import { io, type Socket } from 'socket.io-client';
import type { ColorEvents } from '../../../contracts/color';
import { CHECK_ANSWERS } from './api';

/** The events the server sends on the realtime socket, by name, as their contract reads them. */
export type ServerEvents = ColorEvents;
export type ServerEvent = keyof ServerEvents;

/**
 * Each event is read by its contract's schema where answers are (lib/api.ts): while developing and
 * in tests, so a server and a screen that drift apart fail there, loudly. A production build trusts
 * the server: this import is dead code in it, dropped with the schemas and zod.
 */
const schemas = CHECK_ANSWERS ? (await import('../../../contracts/color')).colorEventSchemas : null;

/** A server event whose payload does not match its contract. */
export class SocketEventError extends Error {
  override name = 'SocketEventError';
}

/**
 * The payload of `event` as its contract reads it. A mismatch throws a SocketEventError that names
 * the event and each field that is wrong (only while developing and in tests: see above).
 */
export function readEvent<E extends ServerEvent>(event: E, payload: unknown): ServerEvents[E] {
  if (!schemas) return payload as ServerEvents[E];
  const parsed = schemas[event].safeParse(payload);
  if (parsed.success) return parsed.data as ServerEvents[E];
  const fields = parsed.error.issues.map((i) => `${i.path.join('.') || '(the payload)'}: ${i.message}`).join('; ');
  throw new SocketEventError(`The server's "${event}" event does not match contracts/color.ts (${fields}): ${JSON.stringify(payload)}`);
}

/**
 * Calls `handler` with each `event` the server sends, read by its contract first. A tested screen
 * fails on a malformed event; while developing it is logged and dropped (a throw here would close
 * the connection as unreadable and reconnect).
 */
export function onServerEvent<E extends ServerEvent>(socket: Socket, event: E, handler: (payload: ServerEvents[E]) => void): void {
  socket.on(event as string, (payload: unknown) => {
    let read: ServerEvents[E];
    try {
      read = readEvent(event, payload);
    } catch (err) {
      if (import.meta.env.MODE === 'test') throw err;
      console.error(err);
      return;
    }
    handler(read);
  });
}

/**
 * The realtime socket: a WebSocket straight away, HTTP long-polling only where a WebSocket cannot
 * open. Connection timeout 20 s, reconnect after 1 s, backing off to 5 s.
 */
export function openSocket(): Socket {
  return io({
    transports: ['websocket', 'polling'],
    tryAllTransports: true,
    timeout: 20_000,
    reconnectionDelay: 1000,
    reconnectionDelayMax: 5000,
  });
}
