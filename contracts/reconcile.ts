import { z } from 'zod';

/*
 * A bank statement matched to deposit claims: the limits of a statement file, the column mapping
 * that reads it, its credit lines and what each line (or a deposit no line paid) turned out to be.
 * Amounts are integer paise; dates are India's calendar days (YYYY-MM-DD).
 */

/** The largest statement file read: 5 MB, many months of a busy account's CSV (a 10 MB file is refused). */
export const STATEMENT_MAX_BYTES = 5 * 1024 * 1024;
/** The most transaction rows one statement may hold. */
export const STATEMENT_MAX_ROWS = 20_000;

/**
 * What a statement line (or a pending deposit) turned out to be:
 * - matched: one pending deposit claims the line, same amount: approvable;
 * - amount-differs: one deposit claims it, for another amount;
 * - unclaimed: no deposit names its UTR or reference (suggestions: same amount, made shortly before);
 * - claimed-twice: two or more deposits claim it (by UTR, by reference, or both);
 * - already-approved: its deposit was approved before, or the line paid a deposit already;
 * - rejected-claim: every deposit that claimed it was rejected;
 * - no-credit: a pending deposit that no line pays, older than the waiting time.
 */
export const RECONCILE_KINDS = ['matched', 'amount-differs', 'unclaimed', 'claimed-twice', 'already-approved', 'rejected-claim', 'no-credit'] as const;
export type ReconcileKind = (typeof RECONCILE_KINDS)[number];

/** How a line found its deposits: the UTR (the bank's reference of the UPI payment) or a deposit reference in the narration. */
export const MATCH_BY = ['utr', 'reference'] as const;
export type MatchBy = (typeof MATCH_BY)[number];

/** The codes a refused statement file answers with (each with a message naming the row and column where one applies). */
export const STATEMENT_ERROR_CODES = [
  'FILE_TOO_LARGE',
  'STATEMENT_EMPTY',
  'STATEMENT_FORMAT',
  'STATEMENT_NO_HEADER',
  'STATEMENT_FORMULA',
  'STATEMENT_TOO_MANY_ROWS',
  'STATEMENT_COLUMN_MISSING',
  'STATEMENT_BAD_AMOUNT',
  'STATEMENT_BAD_DATE',
  'STATEMENT_BAD_CREDIT_DEBIT',
] as const;
export type StatementErrorCode = (typeof STATEMENT_ERROR_CODES)[number];

const columnName = z.string().trim().min(1, 'Choose a column.').max(200);

/**
 * Which column of a statement holds what, by the header's text: the date, the narration (remarks,
 * description, particulars), the reference (optional: Chq./Ref.No., UTR) and the credit amount; or,
 * for statements with one Amount column, that column and the Dr/Cr column beside it (only Cr rows count).
 */
export const statementMappingSchema = z.object({
  date: columnName,
  narration: columnName,
  reference: columnName.nullish(),
  credit: columnName,
  creditDebitColumn: columnName.nullish(),
});
export type StatementMapping = z.infer<typeof statementMappingSchema>;

/** A guessed mapping: each column, or null where no header looked like it. */
export const statementMappingGuessSchema = z.object({
  date: z.string().nullable(),
  narration: z.string().nullable(),
  reference: z.string().nullable(),
  credit: z.string().nullable(),
  creditDebitColumn: z.string().nullable(),
});
export type StatementMappingGuess = z.infer<typeof statementMappingGuessSchema>;

export const ISO_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** One credit line of a statement. */
export const statementLineSchema = z.object({
  /** The line's place in the file, counted from 1 (the spreadsheet's row number). */
  row: z.number().int().positive(),
  date: z.string().regex(ISO_DATE_PATTERN),
  narration: z.string(),
  reference: z.string().nullable(),
  /** Paise, more than zero. */
  credit: z.number().int().positive(),
  /** The UPI payment's twelve-digit reference (RRN), found in the reference or the narration. */
  utr: z.string().nullable(),
  /** Deposit references (RA…) the narration or reference carries. */
  depositRefs: z.array(z.string()),
  /** Same line, same fingerprint: in a repeated or overlapping import too. */
  fingerprint: z.string(),
});
export type StatementLine = z.infer<typeof statementLineSchema>;

/** One row of the matching: the line (null for no-credit), the deposits that claim it and the suggestions, by id. */
export const reconcileOutcomeSchema = z.object({
  kind: z.enum(RECONCILE_KINDS),
  row: z.number().int().positive().nullable(),
  deposits: z.array(z.string()),
  suggestions: z.array(z.string()),
  by: z.enum(MATCH_BY).nullable(),
  approvable: z.boolean(),
});
export type ReconcileOutcome = z.infer<typeof reconcileOutcomeSchema>;
