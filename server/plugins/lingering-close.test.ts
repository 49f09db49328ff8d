import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../tests/helpers/app.js';
import type { App } from '../types.js';
import { DRAIN_MAX_BYTES } from './lingering-close.js';

/** One connection spoken to by hand: what arrived so far, and whether it failed or closed. */
function openConnection(port: number) {
  const socket: Socket = connect(port, '127.0.0.1');
  const state = { received: '', error: null as Error | null, closed: false };
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (state.received += chunk));
  socket.on('error', (err) => (state.error = err));
  socket.on('close', () => (state.closed = true));
  const until = async (done: () => boolean, what: string) => {
    for (let waited = 0; !done(); waited += 10) {
      if (waited > 10_000) throw new Error(`waited 10 s for ${what}; received: ${state.received.slice(0, 300)}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  return { socket, state, until };
}

const write = (socket: Socket, data: string | Buffer) => new Promise<void>((resolve, reject) => socket.write(data, (err) => (err ? reject(err) : resolve())));

describe('an answer sent before the request body has arrived', () => {
  let app: App;
  let port: number;
  beforeAll(async () => {
    app = await createTestApp();
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as { port: number }).port;
  });
  afterAll(() => app.close());

  it('reaches a client still sending a body over the limit, and the connection stays usable', async () => {
    const { socket, state, until } = openConnection(port);
    const size = 1536 * 1024;
    await write(
      socket,
      `POST /api/v1/users/register HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${size}\r\n\r\n{"fullName":"`,
    );
    // The body arrives slowly, as from a phone: the server has answered long before its end.
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let sent = 13;
    while (sent < size) {
      const part = chunk.subarray(0, Math.min(chunk.length, size - sent));
      await write(socket, part);
      sent += part.length;
      await new Promise((r) => setTimeout(r, 5));
    }
    await until(() => state.received.includes('"message"'), 'the refusal');
    expect(state.received).toMatch(/^HTTP\/1\.1 413 /);
    expect(state.received).toContain('"The request is too large."');
    expect(state.received.toLowerCase()).not.toContain('connection: close');

    // The same connection answers the next request.
    await write(socket, 'GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await until(() => state.received.includes('"ok":true'), 'the next answer on the same connection');
    expect(state.error).toBeNull();
    socket.destroy();
  });

  it('closes at once when the declared body is too large to be worth reading', async () => {
    const { socket, state, until } = openConnection(port);
    await write(
      socket,
      `POST /api/v1/users/register HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${DRAIN_MAX_BYTES + 1}\r\n\r\n`,
    );
    await until(() => state.closed, 'the connection to close');
    expect(state.received).toMatch(/^HTTP\/1\.1 413 /);
    expect(state.received.toLowerCase()).toContain('connection: close');
  });

  it('stops reading a chunked body once the most worth reading has arrived', async () => {
    const { socket, state, until } = openConnection(port);
    await write(socket, 'POST /api/v1/users/register HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n');
    // Chunks of 256 KiB, with no end: the server must close the connection well before 4 × the cap.
    const data = Buffer.alloc(256 * 1024, 'a');
    const chunk = Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from('\r\n')]);
    let sent = 0;
    while (!state.closed && !state.error && sent < 4 * DRAIN_MAX_BYTES) {
      await write(socket, chunk).catch(() => undefined);
      sent += data.length;
    }
    await until(() => state.closed, 'the connection to close');
    expect(sent).toBeLessThan(4 * DRAIN_MAX_BYTES);
    expect(state.received).toMatch(/^HTTP\/1\.1 413 /);
  });
});
