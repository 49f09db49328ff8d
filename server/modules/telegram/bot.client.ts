import type { Config } from '../../config.js';
import { AppError } from '../../lib/errors.js';

/** A refusal or failure of the Bot API, in words an admin can act on; never a 5xx of ours. */
export const botError = (description: string) => new AppError('TELEGRAM_ERROR', 409, `Telegram refused: ${description}`);

/**
 * The Telegram Bot API over HTTPS: POST `<TELEGRAM_API_URL>/bot<token>/<method>` with JSON,
 * answering `{ ok, result }` or `{ ok: false, description }`.
 */
export async function botCall<T>(
  config: Pick<Config, 'TELEGRAM_BOT_TOKEN' | 'TELEGRAM_API_URL'>,
  method: string,
  params: Record<string, unknown> = {},
): Promise<T> {
  if (!config.TELEGRAM_BOT_TOKEN) throw new AppError('TELEGRAM_NOT_CONFIGURED', 409, 'Telegram is not set up on this site yet (TELEGRAM_BOT_TOKEN).');
  let res: Response;
  try {
    res = await fetch(`${config.TELEGRAM_API_URL.replace(/\/$/, '')}/bot${config.TELEGRAM_BOT_TOKEN}/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(params),
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    throw botError('Telegram could not be reached. Please try again.');
  }
  const body = (await res.json().catch(() => null)) as { ok?: boolean; result?: T; description?: string } | null;
  if (!body?.ok) throw botError(body?.description ?? `status ${res.status}`);
  return body.result as T;
}

export interface TgChat {
  id: number;
  title?: string;
  username?: string;
  type: string;
}
export interface TgUpdate {
  update_id: number;
  my_chat_member?: { chat: TgChat; new_chat_member: { status: string } };
}
