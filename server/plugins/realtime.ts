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

/**
 * socket.io on the API host, default namespace and path (the original client's socket.io calls): the server
 * speaks, clients listen; nothing a client sends is read. A browser's connection must come from
 * our own pages (the same host, PUBLIC_URL or CORS_ORIGINS), and one client address holds at most
 * SOCKET_MAX_PER_ADDRESS connections on a server. Closed with the app.
 */
export const realtimePlugin = fp(async (app: App) => {
  const origins = app.config.CORS_ORIGINS;
  const allowedOrigins = new Set([...(app.config.PUBLIC_URL ? [new URL(app.config.PUBLIC_URL).origin] : []), ...origins.map((o) => new URL(o).origin)]);
  const trust = proxyTrust(app.config.TRUST_PROXY);
  const open = new Map<string, number>();
  const io = new Server(app.server, {
    serveClient: false,
    cors: origins.length ? { origin: origins, credentials: true } : undefined,
    // Clients only listen: a message from one is never larger than a ping.
    maxHttpBufferSize: 1024,
    allowRequest: (request, answer) => {
      if (!ownOrigin(request.headers.origin, request.headers.host, allowedOrigins)) return answer('This page may not connect here.', false);
      if ((open.get(clientAddress(request, trust)) ?? 0) >= app.config.SOCKET_MAX_PER_ADDRESS) return answer('Too many connections.', false);
      answer(null, true);
    },
  });
  io.on('connection', (socket) => {
    const address = clientAddress(socket.request, trust);
    open.set(address, (open.get(address) ?? 0) + 1);
    socket.once('disconnect', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
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
