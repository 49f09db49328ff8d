/** The one error type: a stable code, an HTTP status and a message a person understands. */
export class AppError extends Error {
  constructor(
    public readonly code: string,
    public readonly status: number,
    message: string,
    public readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, code = 'BAD_REQUEST') => new AppError(code, 400, message);
export const unauthorized = (message = 'Please sign in to continue.', code = 'UNAUTHORIZED') => new AppError(code, 401, message);
export const forbidden = (message = 'You do not have access to this.', code = 'FORBIDDEN') => new AppError(code, 403, message);
export const notFound = (message = 'Not found.', code = 'NOT_FOUND') => new AppError(code, 404, message);
export const conflict = (message: string, code = 'CONFLICT', extra: Record<string, unknown> = {}) => new AppError(code, 409, message, extra);

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

/** The PostgreSQL error code and constraint of an error thrown by pg, PGlite or Drizzle, if any. */
/** Network errors and PostgreSQL's connection and shutdown codes: the database cannot be reached now. */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', '57P01', '57P02', '57P03']);
const UNREACHABLE_TEXT =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly/i;

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

export function pgError(err: unknown): { code?: string; constraint?: string } {
  for (const e of causes(err)) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
      return { code: e.code, constraint: typeof e.constraint === 'string' ? e.constraint : undefined };
    }
  }
  return {};
}
