import type { ErrorCode } from '../../contracts/errors.js';

/** The one error type: a stable code (contracts/errors.ts), an HTTP status and a message a person understands. */
export class AppError extends Error {
  constructor(
    public readonly code: ErrorCode,
    public readonly status: number,
    message: string,
    public readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, code: ErrorCode = 'BAD_REQUEST') => new AppError(code, 400, message);
export const unauthorized = (message = 'Please sign in to continue.', code: ErrorCode = 'UNAUTHORIZED') => new AppError(code, 401, message);
export const forbidden = (message = 'You do not have access to this.', code: ErrorCode = 'FORBIDDEN') => new AppError(code, 403, message);
export const notFound = (message = 'Not found.', code: ErrorCode = 'NOT_FOUND') => new AppError(code, 404, message);
export const conflict = (message: string, code: ErrorCode = 'CONFLICT', extra: Record<string, unknown> = {}) => new AppError(code, 409, message, extra);

/** PostgreSQL error codes we turn into 4xx answers. */
export const PG = {
  uniqueViolation: '23505',
  checkViolation: '23514',
  foreignKeyViolation: '23503',
  serializationFailure: '40001',
  deadlockDetected: '40P01',
  /** Raised by the money functions (migration 0015) when a payment's idempotency key was used before. */
  alreadyRecorded: 'RA409',
} as const;

/**
 * Network errors and PostgreSQL's codes for a database that cannot serve us now, each what a
 * restart or a failover says (docs/decisions/0029-unknown-commits.md):
 * - class 08, connection exceptions (checked below), and 57P01 admin_shutdown, 57P02 crash_shutdown,
 *   57P03 cannot_connect_now (starting up, shutting down, in recovery: a primary being demoted or
 *   a standby being promoted);
 * - 25006 read_only_sql_transaction: a write that reached a node which is no longer the primary
 *   ("cannot execute INSERT in a read-only transaction"): refused before it did anything;
 * - 53300 too_many_connections: every server reconnecting to the new primary at once.
 * Not 40001 (serialization_failure): that is a collision, answered 409.
 */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', '57P01', '57P02', '57P03', '25006', '53300']);
/** node-postgres's own words: a connection lost or not made, or no answer within query_timeout ("Query read timeout"). */
const UNREACHABLE_TEXT =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly|Query read timeout/i;
/** Errors after which a connection is not used again (the pool drops it): no answer in time, or a server that is no longer the primary. */
const ABANDON_CODES = new Set(['25006']);
const ABANDON_TEXT = /Query read timeout/i;

/** `err` and what caused it, four deep at most (driver errors wrap the connection's). */
function* causes(err: unknown): Generator<{ code?: unknown; message?: unknown; constraint?: unknown }> {
  let e = err as { code?: unknown; message?: unknown; constraint?: unknown; cause?: unknown } | undefined;
  for (let i = 0; e && i < 4; i++) {
    yield e;
    e = e.cause as typeof e;
  }
}

/** Whether `err` (or what caused it) says the database could not be reached: answered 503, to be retried. */
export function isDatabaseUnreachable(err: unknown): boolean {
  for (const e of causes(err)) {
    if (typeof e.code === 'string' && (UNREACHABLE.has(e.code) || /^08[0-9A-Z]{3}$/.test(e.code))) return true;
    if (typeof e.message === 'string' && UNREACHABLE_TEXT.test(e.message)) return true;
  }
  return false;
}

/**
 * Whether the connection that met `err` is in a state not to be trusted again: a query it sent got
 * no answer within the client's query timeout (its answer may still come, and the statement may
 * still be running), or the server it reaches has become a standby (read-only). Such a connection
 * is closed rather than put back in the pool (db/client.ts).
 */
export function isConnectionSpoilt(err: unknown): boolean {
  for (const e of causes(err)) {
    if (typeof e.code === 'string' && ABANDON_CODES.has(e.code)) return true;
    if (typeof e.message === 'string' && ABANDON_TEXT.test(e.message)) return true;
  }
  return false;
}

/** The PostgreSQL error code and constraint of an error thrown by pg, PGlite or Drizzle, if any. */
export function pgError(err: unknown): { code?: string; constraint?: string } {
  for (const e of causes(err)) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
      return { code: e.code, constraint: typeof e.constraint === 'string' ? e.constraint : undefined };
    }
  }
  return {};
}
