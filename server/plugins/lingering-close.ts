import { Socket } from 'node:net';
import fp from 'fastify-plugin';
import type { App } from '../types.js';

/** A body this large is not read just to let its sender see the refusal: the connection closes at once. */
export const DRAIN_MAX_BYTES = 8 * 1024 * 1024;
/** How long the rest of a refused body may take to arrive before the connection is dropped. */
export const DRAIN_MAX_MS = 5_000;

/**
 * Answering before the request's body has arrived (a body over the size limit, a refused upload)
 * and closing the connection at once makes the kernel reset it while the client is still sending:
 * the client then sees a network error instead of the answer. As web servers do ("lingering
 * close"), the rest of such a body is read and thrown away, up to DRAIN_MAX_BYTES and for at most
 * DRAIN_MAX_MS, so the client reads the answer and the connection stays usable.
 */
export const lingeringClosePlugin = fp(async (app: App) => {
  app.addHook('onSend', async (request, reply) => {
    const raw = request.raw;
    // Only a real connection (not a request injected in-process) whose body has not all arrived.
    if (raw.complete !== false || !(raw.socket instanceof Socket) || raw.method === 'GET' || raw.method === 'HEAD') return;
    const declared = Number(request.headers['content-length']);
    if (declared > DRAIN_MAX_BYTES) {
      reply.header('connection', 'close');
      return;
    }
    reply.removeHeader('connection');
    const socket = raw.socket;
    const timer = setTimeout(() => socket.destroy(), DRAIN_MAX_MS).unref();
    raw.once('end', () => clearTimeout(timer));
    raw.once('close', () => clearTimeout(timer));
    raw.resume();
  });
});
