import fp from 'fastify-plugin';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import type { App } from '../types.js';

/**
 * socket.io on the API host, default namespace and path (API-CONTRACT "Realtime"): the server
 * speaks, clients listen; nothing a client sends is read. Closed with the app.
 */
export const realtimePlugin = fp(async (app: App) => {
  const origins = app.config.CORS_ORIGINS;
  const io = new Server(app.server, {
    serveClient: false,
    cors: origins.length ? { origin: origins, credentials: true } : undefined,
    // Clients only listen: a message from one is never larger than a ping.
    maxHttpBufferSize: 1024,
  });
  // Several servers: rooms and broadcasts reach every server's clients through Redis.
  let redis: Redis[] = [];
  if (app.config.REDIS_URL) {
    const pub = new Redis(app.config.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 2 });
    const sub = pub.duplicate();
    redis = [pub, sub];
    io.adapter(createAdapter(pub, sub));
  }
  app.decorate('io', io);
  app.addHook('onClose', async () => {
    await new Promise<void>((resolve) => io.close(() => resolve()));
    for (const r of redis) r.disconnect();
  });
});
