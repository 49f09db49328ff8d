import { isExpired, session } from './session';

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
  /** Skip the access token (login, register, public calls). */
  anonymous?: boolean;
  signal?: AbortSignal;
}

let refreshing: Promise<string | null> | null = null;

async function requestNewToken(): Promise<string | null> {
  const res = await fetch('/api/v1/users/refresh-token', { method: 'POST', credentials: 'include' });
  const json = await res.json().catch(() => null);
  const token: string | undefined = json?.data?.accessToken;
  if (!res.ok || !token) {
    session.clear();
    return null;
  }
  session.set(token);
  return token;
}

/**
 * Asks for a new access token with the refresh cookie, one request at a time across all tabs:
 * the server treats a second use of a rotated refresh token as theft and signs everyone out.
 * A tab that waited for the lock uses the token another tab just obtained. A failure signs out.
 */
export function refreshAccessToken(): Promise<string | null> {
  const stale = session.token();
  const run = async () => {
    const current = session.token();
    if (current && current !== stale && !isExpired(current)) return current;
    return requestNewToken();
  };
  if (!refreshing) {
    const locked =
      typeof navigator !== 'undefined' && navigator.locks ? (navigator.locks.request('auth-refresh', run) as unknown as Promise<string | null>) : run();
    refreshing = locked
      .catch(() => null)
      .finally(() => {
        refreshing = null;
      });
  }
  return refreshing;
}

async function send(path: string, opts: RequestOptions, token: string | null): Promise<Response> {
  const url = new URL(path, window.location.origin);
  for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (opts.idempotencyKey) headers['Idempotency-Key'] = opts.idempotencyKey;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  return fetch(url.pathname + url.search, { method: opts.method ?? 'GET', headers, body, credentials: 'include', signal: opts.signal });
}

/** Calls the API; answers the parsed JSON body or throws ApiError with the server's message. */
export async function api<T = unknown>(path: string, opts: RequestOptions = {}): Promise<T> {
  let token = opts.anonymous ? null : session.token();
  if (token && isExpired(token)) token = await refreshAccessToken();
  let res = await send(path, opts, token);
  if (res.status === 401 && token && !opts.anonymous) {
    token = await refreshAccessToken();
    if (token) res = await send(path, opts, token);
  }
  const json = await res.json().catch(() => null);
  if (!res.ok) {
    const message = (json && (json.message || json.error)) || `Request failed (${res.status})`;
    throw new ApiError(res.status, message, json?.code, json);
  }
  return json as T;
}

/** The error message to show a person, with a fallback for network failures. */
export const errorMessage = (err: unknown, fallback: string) => (err instanceof ApiError ? err.message : fallback);
