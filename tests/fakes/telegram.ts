import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody } from './http.js';

export interface BotCall {
  method: string;
  params: Record<string, unknown>;
}

export interface FakeBotApi {
  /** A TELEGRAM_API_URL pointing at this server. */
  url: string;
  token: string;
  calls: BotCall[];
  /** Queues an update for getUpdates, as Telegram does when the bot is added to or removed from a chat. */
  addToChannel(chat: { id: number; title: string; username?: string }, status?: 'administrator' | 'left'): void;
  /** A public channel getChat can find by @name. */
  knowChannel(chat: { id: number; title: string; username: string }, botIsAdmin: boolean): void;
  close(): Promise<void>;
}

/**
 * A local server speaking the parts of the Telegram Bot API we use, as the real one answers them:
 * POST /bot<token>/<method> with JSON; `{ ok: true, result }` or `{ ok: false, error_code, description }`.
 * Methods: getMe, getUpdates, getChat, getChatMember, createChatInviteLink, revokeChatInviteLink, sendMessage.
 */
export async function startFakeBotApi(token = '123456:TEST-token'): Promise<FakeBotApi> {
  const BOT = { id: 777000111, is_bot: true, first_name: 'Rupee Arcade', username: 'rupee_arcade_bot' };
  const calls: BotCall[] = [];
  const updates: { update_id: number; my_chat_member: unknown }[] = [];
  const known = new Map<string, { chat: { id: number; title: string; username: string; type: 'channel' }; admin: boolean }>();
  let nextUpdate = 1;
  let links = 0;
  const server = createServer(async (req, res) => {
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    // For tests in another process: what the bot was asked so far.
    if (req.url === '/__calls') return reply(200, calls);
    const match = /^\/bot([^/]+)\/(\w+)$/.exec(req.url ?? '');
    if (!match) return reply(404, { ok: false, error_code: 404, description: 'Not Found' });
    if (match[1] !== token) return reply(401, { ok: false, error_code: 401, description: 'Unauthorized' });
    const text = await readBody(req);
    const params = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    const method = match[2];
    calls.push({ method, params });
    const chatOf = (id: unknown) => [...known.values()].find((k) => k.chat.id === Number(id) || `@${k.chat.username}` === id);
    switch (method) {
      case 'getMe':
        return reply(200, { ok: true, result: BOT });
      case 'getUpdates': {
        const offset = Number(params.offset ?? 0);
        return reply(200, { ok: true, result: updates.filter((u) => u.update_id >= offset) });
      }
      case 'getChat': {
        const found = chatOf(params.chat_id);
        return found ? reply(200, { ok: true, result: found.chat }) : reply(400, { ok: false, error_code: 400, description: 'Bad Request: chat not found' });
      }
      case 'getChatMember': {
        const found = chatOf(params.chat_id);
        if (!found) return reply(400, { ok: false, error_code: 400, description: 'Bad Request: chat not found' });
        return reply(200, { ok: true, result: { user: BOT, status: found.admin ? 'administrator' : 'left' } });
      }
      case 'createChatInviteLink': {
        if (!chatOf(params.chat_id) && !updates.some((u) => (u.my_chat_member as { chat: { id: number } }).chat.id === Number(params.chat_id))) {
          return reply(400, { ok: false, error_code: 400, description: 'Bad Request: chat not found' });
        }
        links += 1;
        return reply(200, {
          ok: true,
          result: {
            invite_link: `https://t.me/+fakeInvite${links}`,
            creator: BOT,
            creates_join_request: false,
            is_primary: false,
            is_revoked: false,
            member_limit: params.member_limit,
            name: params.name,
          },
        });
      }
      case 'revokeChatInviteLink':
        return reply(200, {
          ok: true,
          result: { invite_link: params.invite_link, creator: BOT, creates_join_request: false, is_primary: false, is_revoked: true },
        });
      case 'sendMessage':
        return reply(200, {
          ok: true,
          result: { message_id: calls.length, chat: { id: Number(params.chat_id), type: 'channel' }, date: Math.floor(Date.now() / 1000), text: params.text },
        });
      default:
        return reply(404, { ok: false, error_code: 404, description: 'Not Found: method not found' });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    token,
    calls,
    addToChannel(chat, status = 'administrator') {
      updates.push({
        update_id: nextUpdate++,
        my_chat_member: {
          chat: { ...chat, type: 'channel' },
          from: { id: 42, is_bot: false, first_name: 'Owner' },
          date: Math.floor(Date.now() / 1000),
          old_chat_member: { user: BOT, status: status === 'left' ? 'administrator' : 'left' },
          new_chat_member: { user: BOT, status },
        },
      });
    },
    knowChannel(chat, botIsAdmin) {
      known.set(chat.username, { chat: { ...chat, type: 'channel' }, admin: botIsAdmin });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
