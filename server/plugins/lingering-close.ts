import { Socket } from 'node:net';
import fp from 'fastify-plugin';
import type { App } from '../types.js';

/** At most this much of a refused body is read just to let its sender see the refusal; a body declared larger closes the connection at once. */
export const DRAIN_MAX_BYTES = 8 * 1024 * 1024;
/** How long the rest of a refused body may take to arrive before the connection is dropped. */
export const DRAIN_MAX_MS = 5_000;

/**
 * Answering before the request's body has arrived (a body over the size limit, a refused upload)
 * and closing the connection at once makes the kernel reset it while the client is still sending:
 * the client then sees a network error instead of the answer. As web servers do ("lingering
 * close"), the rest of such a body is read and thrown away, so the client reads the answer and the
 * connection stays usable. A body declared larger than DRAIN_MAX_BYTES is not drained at all; any
 * other, a chunked one included, is dropped with its connection once DRAIN_MAX_BYTES have been read
 * or DRAIN_MAX_MS have passed.
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
    let drained = 0;
    raw.on('data', (chunk: Buffer) => {
      drained += chunk.length;
      if (drained > DRAIN_MAX_BYTES) socket.destroy();
    });
  });
});
