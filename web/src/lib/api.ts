import type { z } from 'zod';
import { formatDateTime } from './format';
import { currentLanguage, serverText, t } from './i18n';
import { session } from './session';

export class ApiError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly code?: string,
    public readonly body?: unknown,
  ) {
    super(message);
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  /** Sent as `Idempotency-Key`, so a retried money call moves nothing twice. */
  idempotencyKey?: string;
  /** A call that needs no session (login, register, public calls): a 401 is an answer, not a reason to refresh. */
  anonymous?: boolean;
  signal?: AbortSignal;
}

let refreshing: Promise<boolean> | null = null;

async function requestRefresh(): Promise<boolean> {
  const res = await fetch('/api/v1/users/refresh-token', { method: 'POST', credentials: 'include' });
  if (!res.ok) session.clear();
  return res.ok;
}

/**
 * Renews the session cookies with the refresh cookie, one request at a time in this tab and,
 * where the browser allows, across tabs (the server also lets a second tab's refresh of the same
 * moment through). A failure signs out.
 */
export function refreshSession(): Promise<boolean> {
  if (!refreshing) {
    const locked =
      typeof navigator !== 'undefined' && navigator.locks
        ? (navigator.locks.request('auth-refresh', requestRefresh) as unknown as Promise<boolean>)
        : requestRefresh();
    refreshing = locked
      .catch(() => false)
      .finally(() => {
        refreshing = null;
      });
  }
  return refreshing;
}

async function send(path: string, opts: RequestOptions): Promise<Response> {
  const url = new URL(path, window.location.origin);
  for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
  const headers: Record<string, string> = {};
  if (opts.idempotencyKey) headers['Idempotency-Key'] = opts.idempotencyKey;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  return fetch(url.pathname + url.search, { method: opts.method ?? 'GET', headers, body, credentials: 'include', signal: opts.signal });
}

/**
 * Calls the API with the session cookies; answers the parsed JSON body or throws ApiError with the
 * server's message. A 401 for a signed-in visitor renews the session once and tries again.
 */
export async function api<T = unknown>(path: string, opts: RequestOptions = {}): Promise<T> {
  let res = await send(path, opts);
  if (res.status === 401 && !opts.anonymous && session.user()) {
    if (await refreshSession()) res = await send(path, opts);
  }
  const json = await res.json().catch(() => null);
  if (!res.ok) {
    const message = (json && (json.message || json.error)) || `Request failed (${res.status})`;
    throw new ApiError(res.status, message, json?.code, json);
  }
  return json as T;
}

/**
 * Answers are checked against the contract where it costs the player nothing: in development and
 * in the tests every answer is parsed with the schema the server's route declares, so a screen
 * cannot be built against a shape the server does not send. In production the server has already
 * parsed each answer with that same schema on its way out (its response serializer), and the schema
 * library stays off the first visit's budget (docs/decisions/0020-answers-checked-at-the-edge.md).
 */
export const CHECK_ANSWERS = import.meta.env.DEV || import.meta.env.MODE === 'test';

/** A call's answer schema, from the contract, loaded only when answers are checked. */
export type AnswerSchema<T> = () => Promise<z.ZodType<T>>;

/** A whole answer schema of a contract module: `answerFrom(() => import('contracts/site'), (c) => c.siteSettingsAnswerSchema)`. */
export function answerFrom<M, S extends z.ZodType>(contract: () => Promise<M>, pick: (module: M) => S): AnswerSchema<z.output<S>> {
  return async () => pick(await contract()) as unknown as z.ZodType<z.output<S>>;
}

/**
 * The answer schema `{ success, message, data }` around a data schema of a contract module:
 * `okAnswer(() => import('contracts/color'), (c) => c.colorStateSchema)`.
 */
export function okAnswer<M, S extends z.ZodType>(
  contract: () => Promise<M>,
  pick: (module: M) => S,
): AnswerSchema<{ success: true; message: string; data: z.output<S> }> {
  return async () => {
    const [module, { ok }] = await Promise.all([contract(), import('../../../contracts/envelope')]);
    return ok(pick(module)) as unknown as z.ZodType<{ success: true; message: string; data: z.output<S> }>;
  };
}

/** `api`, with the answer read as the contract's schema says: the one way the web reads an answer. */
export async function apiAnswer<T>(schema: AnswerSchema<T>, path: string, opts: RequestOptions = {}): Promise<T> {
  const body = await api<unknown>(path, opts);
  return CHECK_ANSWERS ? (await schema()).parse(body) : (body as T);
}

/** The `data` of an answer `{ success, message, data }`. */
export async function apiData<T>(schema: AnswerSchema<{ data: T }>, path: string, opts: RequestOptions = {}): Promise<T> {
  return (await apiAnswer(schema, path, opts)).data;
}

/** The error message to show a person, in words, with a fallback for network failures. */
export function errorMessage(err: unknown, fallback: string): string {
  if (!(err instanceof ApiError)) return fallback;
  // A refused field: its own sentence ("Password must contain a number"), not "newPassword: …".
  const first = (err.body as { errors?: { message?: unknown }[] } | undefined)?.errors?.[0]?.message;
  if (err.code === 'VALIDATION_ERROR' && typeof first === 'string' && first.trim()) return serverText(first, err.code, fallback);
  if (err.code === 'SELF_EXCLUDED' && currentLanguage() !== 'en') {
    const words = breakWords(err.body);
    if (words) return words;
  }
  return serverText(err.message, err.code, fallback);
}

/**
 * A refusal during a break, with its end, in the player's language: the server sends the break
 * (`data: { kind, endsAt }`) beside its English sentence, which already says until when.
 */
function breakWords(body: unknown): string | null {
  const data = (body as { data?: { kind?: unknown; endsAt?: unknown } } | undefined)?.data;
  if (typeof data?.endsAt !== 'string') return null;
  const until = formatDateTime(data.endsAt);
  if (!until) return null;
  return data.kind === 'timeout'
    ? t('You are on a time-out until {{until}}. You can still withdraw your balance and see your history.', { until })
    : t('You have excluded yourself until {{until}}. You can still withdraw your balance and see your history.', { until });
}
