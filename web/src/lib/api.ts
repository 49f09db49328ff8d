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

/** The error message to show a person, in words, with a fallback for network failures. */
export function errorMessage(err: unknown, fallback: string): string {
  if (!(err instanceof ApiError)) return fallback;
  // A refused field: its own sentence ("Password must contain a number"), not "newPassword: …".
  const first = (err.body as { errors?: { message?: unknown }[] } | undefined)?.errors?.[0]?.message;
  if (err.code === 'VALIDATION_ERROR' && typeof first === 'string' && first.trim()) return first;
  return err.message;
}
