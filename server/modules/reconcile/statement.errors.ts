import { STATEMENT_MAX_BYTES, type StatementErrorCode } from '../../../contracts/reconcile.js';
import { AppError } from '../../lib/errors.js';

/** A refused statement file: a stable code, 400 (413 when too large) and a message a person can act on. */
export const statementError = (code: StatementErrorCode, message: string, extra: Record<string, unknown> = {}): AppError =>
  new AppError(code, code === 'FILE_TOO_LARGE' ? 413 : 400, message, extra);

/** "10 MB". */
export const megabytes = (bytes: number): string => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

export const tooLargeError = (): AppError =>
  statementError('FILE_TOO_LARGE', `The statement is too large. The limit is ${megabytes(STATEMENT_MAX_BYTES)}: export a shorter period.`);

/** Spreadsheet column letters of a 0-based index: 0 → A, 27 → AB. */
export function columnLetter(index: number): string {
  let s = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

/** "column C (Narration)", or "column C" when the column has no header. */
export const columnLabel = (index: number, header?: string): string => (header ? `column ${columnLetter(index)} (${header})` : `column ${columnLetter(index)}`);
