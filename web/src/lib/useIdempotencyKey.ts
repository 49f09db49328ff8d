import { useCallback, useRef } from 'react';
import { ApiError } from './api';

/** A random v4 UUID; `crypto.randomUUID` exists only in secure contexts, so fall back to random bytes. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * True when the server gave a final answer, so the key is spent: the server replays that answer for
 * the same key. A network failure, a 5xx or a "still in progress" 409 leaves the outcome unknown, and
 * the retry must carry the same key so the money moves at most once.
 */
export const isFinalAnswer = (err: unknown) => err instanceof ApiError && err.status < 500 && err.status !== 409;

/**
 * One Idempotency-Key per form submission. `keyFor(payload)` hands out the pending key again while the
 * same payload is retried after an unknown outcome; a changed payload or a settled request gets a new one.
 */
export function useIdempotencyKey() {
  const pending = useRef<{ key: string; fingerprint: string } | null>(null);
  const keyFor = useCallback((payload: unknown) => {
    const fingerprint = JSON.stringify(payload);
    if (pending.current?.fingerprint !== fingerprint) pending.current = { key: newIdempotencyKey(), fingerprint };
    return pending.current.key;
  }, []);
  /** Call with the outcome: success (no error) or an error; keeps the key only when a retry is needed. */
  const settle = useCallback((err?: unknown) => {
    if (err === undefined || isFinalAnswer(err)) pending.current = null;
  }, []);
  return { keyFor, settle };
}
