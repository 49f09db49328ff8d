import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody } from './http.js';

export interface CapturedSms {
  to: string;
  text: string;
  sender: string;
  authorization: string | undefined;
}

export interface FakeSmsGateway {
  /** An SMS_URL pointing at this gateway. */
  url: string;
  messages: CapturedSms[];
  /** Answer every following request with this status (e.g. 500 to test failures). */
  failWith(status: number | null): void;
  waitFor(to: string, timeoutMs?: number): Promise<CapturedSms>;
  close(): Promise<void>;
}

/**
 * A local HTTP server acting as the SMS gateway: POST JSON { to, text, sender } with
 * `Authorization: Bearer <key>`; answers 202 and keeps the message. With `apiKey` set it
 * refuses any other key with 401, like a real gateway.
 */
export async function startFakeSmsGateway(opts: { apiKey?: string } = {}): Promise<FakeSmsGateway> {
  const messages: CapturedSms[] = [];
  let failure: number | null = null;
  const server = createServer(async (req, res) => {
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'POST') return reply(405, { error: 'method not allowed' });
    if (opts.apiKey && req.headers.authorization !== `Bearer ${opts.apiKey}`) return reply(401, { error: 'bad api key' });
    if (failure) return reply(failure, { error: 'gateway failure' });
    try {
      const body = JSON.parse(await readBody(req)) as Partial<CapturedSms>;
      if (typeof body.to !== 'string' || typeof body.text !== 'string') return reply(400, { error: 'to and text are required' });
      messages.push({ to: body.to, text: body.text, sender: String(body.sender ?? ''), authorization: req.headers.authorization });
      return reply(202, { id: String(messages.length), status: 'queued' });
    } catch {
      return reply(400, { error: 'invalid json' });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1/messages`,
    messages,
    failWith: (status) => {
      failure = status;
    },
    async waitFor(to, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = [...messages].reverse().find((m) => m.to === to);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no SMS to ${to} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
