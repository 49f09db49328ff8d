import { z } from 'zod';
import { ok } from './envelope.js';
import { MATCH_BY, RECONCILE_KINDS, statementMappingSchema } from './reconcile.js';
import { REQUEST_STATUSES } from './wallet.js';

// The calls of the back office's Bank statements page: their requests and answers.

export const BANK_ACCOUNT_NAME_MAX = 80;
export const IMPORTS_PAGE_SIZE = 20;
/** Lines one approval call may take. */
export const APPROVE_LINES_MAX = 200;

export const bankAccountSchema = z.object({ _id: z.string(), name: z.string(), mapping: statementMappingSchema.nullable() });
export type BankAccount = z.infer<typeof bankAccountSchema>;
export const bankAccountListAnswerSchema = ok(z.array(bankAccountSchema));
export const bankAccountAnswerSchema = ok(bankAccountSchema);
export const newBankAccountSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Name the bank account, e.g. "HDFC current account 1234".')
    .max(BANK_ACCOUNT_NAME_MAX, `Keep the name under ${BANK_ACCOUNT_NAME_MAX} characters.`),
});

/** A deposit as a statement line is matched against it. */
export const claimViewSchema = z.object({
  _id: z.string(),
  playerName: z.string().nullable(),
  userId: z.string(),
  amount: z.number(),
  utr: z.string().nullable(),
  reference: z.string().nullable(),
  status: z.enum(REQUEST_STATUSES),
  createdAt: z.string(),
  /** A first approval of two is on record. */
  awaitingSecondApproval: z.boolean(),
});
export type ClaimView = z.infer<typeof claimViewSchema>;

export const statementLineViewSchema = z.object({
  _id: z.string(),
  row: z.number().int(),
  date: z.string(),
  narration: z.string(),
  reference: z.string().nullable(),
  credit: z.number(),
  utr: z.string().nullable(),
  /** The deposit this line paid, once used. */
  usedFor: z.string().nullable(),
});
export type StatementLineView = z.infer<typeof statementLineViewSchema>;

/** One row of the result: a credit line and what claims it, or a deposit that no line paid. */
export const reconcileRowSchema = z.object({
  kind: z.enum(RECONCILE_KINDS),
  line: statementLineViewSchema.nullable(),
  deposits: z.array(claimViewSchema),
  /** Pending deposits of the same amount made shortly before an unclaimed credit: a hint, never a match. */
  suggestions: z.array(claimViewSchema),
  /** How the first deposit claims the line: its UTR, or its reference in the narration. */
  by: z.enum(MATCH_BY).nullable(),
  /** The line matched one pending deposit exactly, and approving it credits that deposit. */
  approvable: z.boolean(),
});
export type ReconcileRow = z.infer<typeof reconcileRowSchema>;

export const statementImportSchema = z.object({
  _id: z.string(),
  accountId: z.string(),
  accountName: z.string(),
  fileName: z.string(),
  creditLines: z.number().int(),
  newLines: z.number().int(),
  firstDate: z.string().nullable(),
  lastDate: z.string().nullable(),
  importedBy: z.string().nullable(),
  createdAt: z.string(),
});
export type StatementImport = z.infer<typeof statementImportSchema>;

export const reconcileResultSchema = z.object({
  import: statementImportSchema,
  rows: z.array(reconcileRowSchema),
  counts: z.record(z.enum(RECONCILE_KINDS), z.number().int()),
  /** Deposits approved on import (RECONCILE_AUTO_APPROVE), by this call only. */
  autoApproved: z.number().int(),
  /** A pending deposit this many hours old that no line paid is "no credit" (RECONCILE_NO_CREDIT_HOURS). */
  noCreditAfterHours: z.number().int(),
});
export type ReconcileResult = z.infer<typeof reconcileResultSchema>;
export const reconcileResultAnswerSchema = ok(reconcileResultSchema);

export const importListAnswerSchema = ok(
  z.object({ imports: z.array(statementImportSchema), page: z.number().int(), totalPages: z.number().int(), total: z.number().int() }),
);

export const approveLinesSchema = z.object({
  lineIds: z
    .array(z.uuid('Choose lines of this statement.'))
    .min(1, 'Choose at least one matched line.')
    .max(APPROVE_LINES_MAX, `Approve at most ${APPROVE_LINES_MAX} lines at once.`),
});
export const APPROVE_OUTCOMES = ['approved', 'awaiting-second', 'refused'] as const;
export const approveResultSchema = z.object({
  lineId: z.string(),
  depositId: z.string().nullable(),
  outcome: z.enum(APPROVE_OUTCOMES),
  message: z.string(),
});
export type ApproveResult = z.infer<typeof approveResultSchema>;
export const approveAnswerSchema = ok(z.object({ results: z.array(approveResultSchema), result: reconcileResultSchema }));
