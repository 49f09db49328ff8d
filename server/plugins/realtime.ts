import type { IncomingMessage } from 'node:http';
import fp from 'fastify-plugin';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { reportOutages } from '../lib/readiness.js';
import { Server } from 'socket.io';
import { clientAddress, proxyTrust } from '../lib/proxy.js';
import type { App } from '../types.js';

/** No Origin (not a browser page), our own host, or an origin the configuration names. */
function ownOrigin(origin: string | undefined, host: string | undefined, allowed: Set<string>): boolean {
  if (!origin) return true;
  try {
    const url = new URL(origin);
    return url.host === host || allowed.has(url.origin);
  } catch {
    return false;
  }
}

/** What the plugin uses of an engine.io connection. */
interface EngineConnection {
  request: IncomingMessage;
  once(event: 'close', listener: () => void): void;
  /** `true`: at once, without waiting for the client's next poll. */
  close(discard?: boolean): void;
}

/** A client's engine.io session must join a namespace within this time, or it is closed. */
export const JOIN_WITHIN_MS = 10_000;

/**
 * socket.io on the API host, default namespace and path (the original client's socket.io calls): the server
 * speaks, clients listen; nothing a client sends is read. A browser's connection must come from
 * our own pages (the same host, PUBLIC_URL or CORS_ORIGINS), and one client address holds at most
 * SOCKET_MAX_PER_ADDRESS connections on a server. Closed with the app.
 *
 * The allowance counts every engine.io connection of the address, taken in the same step as the
 * check (so handshakes at once cannot pass it together) and given back when that connection
 * closes, or when its handshake never became one. A connection that joins no namespace within
 * JOIN_WITHIN_MS is closed.
 */
export const realtimePlugin = fp(async (app: App) => {
  const origins = app.config.CORS_ORIGINS;
  const allowedOrigins = new Set([...(app.config.PUBLIC_URL ? [new URL(app.config.PUBLIC_URL).origin] : []), ...origins.map((o) => new URL(o).origin)]);
  const trust = proxyTrust(app.config.TRUST_PROXY);
  const open = new Map<string, number>();
  const giveBack = (address: string) => {
    const left = (open.get(address) ?? 1) - 1;
    if (left > 0) open.set(address, left);
    else open.delete(address);
  };
  // Handshakes allowed whose engine.io connection is not made yet, and how each gives its place back.
  const handshaking = new WeakMap<IncomingMessage, { release: () => void; address: string }>();
  const io = new Server(app.server, {
    serveClient: false,
    cors: origins.length ? { origin: origins, credentials: true } : undefined,
    // Clients only listen: a message from one is never larger than a ping.
    maxHttpBufferSize: 1024,
    connectTimeout: JOIN_WITHIN_MS,
    // Called for each new engine.io connection (not for requests of one already open).
    allowRequest: (request, answer) => {
      if (!ownOrigin(request.headers.origin, request.headers.host, allowedOrigins)) return answer('This page may not connect here.', false);
      const address = clientAddress(request, trust);
      const held = open.get(address) ?? 0;
      if (held >= app.config.SOCKET_MAX_PER_ADDRESS) return answer('Too many connections.', false);
      open.set(address, held + 1);
      // Given back if the request's own connection closes before the handshake is done.
      const release = () => {
        request.socket.off('close', release);
        if (handshaking.delete(request)) giveBack(address);
      };
      handshaking.set(request, { release, address });
      request.socket.once('close', release);
      answer(null, true);
    },
  });
  // Engine.io connections that joined a namespace.
  const joined = new WeakSet<object>();
  io.on('connection', (socket) => joined.add(socket.conn));
  // Before socket.io's own listener, so that this connection's timer runs before socket.io's.
  io.engine.prependListener('connection', (connection: EngineConnection) => {
    const hold = handshaking.get(connection.request);
    // Its handshake was given back already: it is not counted, so it is not kept.
    if (!hold) return connection.close(true);
    connection.request.socket.off('close', hold.release);
    handshaking.delete(connection.request);
    // socket.io would ask a connection that joined nothing to close, and one that does not poll
    // would linger for the transport's close timeout (30 s): it is dropped at once instead.
    const late = setTimeout(() => joined.has(connection) || connection.close(true), io.connectTimeout());
    connection.once('close', () => {
      clearTimeout(late);
      giveBack(hold.address);
    });
  });
  // A handshake that failed after it was allowed.
  io.engine.on('connection_error', (error: { req?: IncomingMessage }) => {
    if (error.req) handshaking.get(error.req)?.release();
  });
  // Several servers: rooms and broadcasts reach every server's clients through Redis.
  let redis: Redis[] = [];
  if (app.config.REDIS_URL) {
    // Their commands wait for Redis however long it is away (null: no limit of retries), rather
    // than fail where the adapter does not expect it: a server keeps its own sockets meanwhile,
    // and broadcasts between servers resume when Redis is back.
    const pub = new Redis(app.config.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: null });
    const sub = pub.duplicate();
    redis = [pub, sub];
    for (const [i, client] of redis.entries())
      reportOutages(client, app.log, 'realtime broadcasts between servers wait', app.outages.redis, i ? 'realtime subscriber' : 'realtime publisher');
    io.adapter(createAdapter(pub, sub));
  }
  app.decorate('io', io);
  app.addHook('onClose', async () => {
    await new Promise<void>((resolve) => io.close(() => resolve()));
    for (const r of redis) r.disconnect();
  });
});
