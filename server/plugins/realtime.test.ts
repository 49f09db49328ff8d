import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../tests/helpers/app.js';
import type { App } from '../types.js';
import { JOIN_WITHIN_MS } from './realtime.js';

const ALLOWANCE = 20;

async function until(done: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !done(); waited += 20) {
    if (waited > 10_000) throw new Error(`waited 10 s for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('the realtime socket allowance of one client address', () => {
  let app: App;
  let url: string;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    app = await createTestApp({}, { SOCKET_MAX_PER_ADDRESS: String(ALLOWANCE) });
    await app.listen({ host: '127.0.0.1', port: 0 });
    url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    for (const s of sockets.splice(0)) s.close();
    await until(() => app.io.engine.clientsCount === 0, 'every connection to close');
  });
  afterAll(() => app.close());

  /** A socket.io client as the site opens it: whether it connected. */
  const open = () =>
    new Promise<boolean>((resolve) => {
      const socket = connect(url, { transports: ['websocket'], reconnection: false, forceNew: true });
      sockets.push(socket);
      socket.on('connect', () => resolve(true));
      socket.on('connect_error', () => resolve(false));
    });
  /** An engine.io session opened by hand, which never joins a namespace. */
  const handshake = async () => (await fetch(`${url}/socket.io/?EIO=4&transport=polling`)).status;

  it('lets no more than the allowance connect when fifty handshakes arrive at once, and gives places back as they close', async () => {
    const connected = await Promise.all(Array.from({ length: 50 }, open));
    expect(connected.filter(Boolean)).toHaveLength(ALLOWANCE);
    expect(app.io.engine.clientsCount).toBe(ALLOWANCE);
    for (const s of sockets.splice(0)) s.close();
    await until(() => app.io.engine.clientsCount === 0, 'the sockets to close');
    expect(await open()).toBe(true);
  });

  it('counts sessions that never join a namespace, and closes them soon', async () => {
    expect(app.io.connectTimeout()).toBe(JOIN_WITHIN_MS);
    expect(JOIN_WITHIN_MS).toBeLessThanOrEqual(10_000);
    app.io.connectTimeout(500);
    try {
      const statuses = await Promise.all(Array.from({ length: 30 }, handshake));
      expect(statuses.filter((s) => s === 200)).toHaveLength(ALLOWANCE);
      expect(statuses.filter((s) => s === 403)).toHaveLength(30 - ALLOWANCE);
      // The address is full, for a real client too.
      expect(await open()).toBe(false);
      // Never joined: closed after the join time, and their places are free again.
      await until(() => app.io.engine.clientsCount === 0, 'the sessions that never joined to close');
      expect(await open()).toBe(true);
    } finally {
      app.io.connectTimeout(JOIN_WITHIN_MS);
    }
  });
});
