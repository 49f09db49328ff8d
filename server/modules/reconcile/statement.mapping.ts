import { createHash } from 'node:crypto';
import type { StatementLine, StatementMapping, StatementMappingGuess } from '../../../contracts/reconcile.js';
import { depositReferencesIn } from '../../../contracts/upi.js';
import { findUtr, parseAmount, parseStatementDate } from './statement.cells.js';
import { columnLabel, statementError } from './statement.errors.js';

// Which column of a bank statement holds what, and the credit lines a mapping reads from its rows.

/** A statement's table: its header names and data rows, with each row's line number in the file. */
export interface StatementTable {
  headers: string[];
  rows: string[][];
  /** The file's line (1-based) of each row; without it, rows are taken to follow a header on line 1. */
  rowNumbers?: number[];
}

/** A header as compared: lower case, punctuation and spaces reduced to single spaces ("Chq./Ref.No." → "chq ref no"). */
export const normalizeHeader = (header: string): string =>
  header
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/**
 * Header names of the common Indian layouts (HDFC, SBI, ICICI, Axis, Kotak), most telling first,
 * each matched against a whole normalized header.
 */
const HEADERS = {
  date: [/^(txn|tran|trans|transaction|posting|post)( posted)? (date|dt)$/, /^(date|dt)$/, /^value (date|dt)$/],
  narration: [
    /^(narration|narrative|description|particulars|remarks|details)$/,
    /^(transaction|txn|tran) (remarks|description|particulars|details|narration)$/,
  ],
  reference: [/^(chq|cheque|chqno|ref|reference|utr|instrument)( (ref|reference|no|number|cheque|chq|id))*$/],
  credit: [/^(deposit|deposits|credit|credits|cr)( cr)?( amt| amount)?( in)?( inr| rs)?$/],
  amount: [/^(txn |tran |transaction )?(amount|amt)( in)?( inr| rs)?$/],
  creditDebit: [/^(dr cr|cr dr|dr or cr|cr or dr|debit credit|credit debit)( indicator| flag| type)?$/, /^type$/],
} as const;

/** The first header matching the most telling pattern, after index `after`; -1 when none does. */
function findHeader(normalized: string[], patterns: readonly RegExp[], after = -1): number {
  for (const pattern of patterns) {
    const i = normalized.findIndex((h, j) => j > after && pattern.test(h));
    if (i >= 0) return i;
  }
  return -1;
}

/** Where the credit is read: a credit column, else an Amount column with the Dr/Cr column after it. */
function creditColumns(normalized: string[]): { credit: number; creditDebit: number } {
  const credit = findHeader(normalized, HEADERS.credit);
  if (credit >= 0) return { credit, creditDebit: -1 };
  const amount = findHeader(normalized, HEADERS.amount);
  if (amount < 0) return { credit: -1, creditDebit: -1 };
  const after = findHeader(normalized, HEADERS.creditDebit, amount);
  const creditDebit = after >= 0 ? after : findHeader(normalized, HEADERS.creditDebit);
  return creditDebit >= 0 ? { credit: amount, creditDebit } : { credit: -1, creditDebit: -1 };
}

/** Whether a row is a statement's header: it names a date column and a credit column (or Amount with Dr/Cr). */
export function isHeaderRow(cells: string[], hint?: Pick<StatementMapping, 'date' | 'credit'> | null): boolean {
  const normalized = cells.map(normalizeHeader);
  if (hint) return normalized.includes(normalizeHeader(hint.date)) && normalized.includes(normalizeHeader(hint.credit));
  return findHeader(normalized, HEADERS.date) >= 0 && creditColumns(normalized).credit >= 0;
}

/** The mapping the headers suggest for the common Indian layouts: each column's name, or null where none looks like it. */
export function guessMapping(headers: string[]): StatementMappingGuess {
  const normalized = headers.map(normalizeHeader);
  const name = (i: number) => (i >= 0 ? headers[i]! : null);
  const { credit, creditDebit } = creditColumns(normalized);
  return {
    date: name(findHeader(normalized, HEADERS.date)),
    narration: name(findHeader(normalized, HEADERS.narration)),
    reference: name(findHeader(normalized, HEADERS.reference)),
    credit: name(credit),
    creditDebitColumn: name(creditDebit),
  };
}

interface Columns {
  date: number;
  narration: number;
  reference: number | null;
  credit: number;
  creditDebit: number | null;
}

const FIELD_LABELS = { date: 'date', narration: 'narration', reference: 'reference', credit: 'credit amount', creditDebitColumn: 'Dr/Cr' } as const;

/** The index of the column a mapping names (exactly, else ignoring case and punctuation); refused naming it when absent. */
function columnIndex(headers: string[], name: string, field: keyof typeof FIELD_LABELS): number {
  const exact = headers.indexOf(name);
  if (exact >= 0) return exact;
  const loose = headers.map(normalizeHeader).indexOf(normalizeHeader(name));
  if (loose >= 0) return loose;
  throw statementError(
    'STATEMENT_COLUMN_MISSING',
    `The column "${name}" chosen for the ${FIELD_LABELS[field]} is not in this file. Its columns are: ${headers.filter(Boolean).join(', ')}.`,
    { column: name },
  );
}

/** The columns of a mapping in a table's headers. */
function resolveColumns(headers: string[], m: StatementMapping): Columns {
  return {
    date: columnIndex(headers, m.date, 'date'),
    narration: columnIndex(headers, m.narration, 'narration'),
    reference: m.reference ? columnIndex(headers, m.reference, 'reference') : null,
    credit: columnIndex(headers, m.credit, 'credit'),
    creditDebit: m.creditDebitColumn ? columnIndex(headers, m.creditDebitColumn, 'creditDebitColumn') : null,
  };
}

/** Cr or Dr in a Dr/Cr column; refused naming the row when it says neither. */
function creditSide(text: string, row: number, where: string): 'cr' | 'dr' {
  const word = normalizeHeader(text);
  if (/^(cr|c|credit|deposit)$/.test(word)) return 'cr';
  if (/^(dr|d|debit|withdrawal)$/.test(word)) return 'dr';
  const says = text ? `says "${text}"` : 'is empty';
  throw statementError('STATEMENT_BAD_CREDIT_DEBIT', `Row ${row}: ${where} ${says}, but it should say Cr or Dr.`, { row, value: text });
}

type UnprintedLine = Omit<StatementLine, 'fingerprint'>;

/** One data row as a credit line, or null for a debit, a zero or an empty amount; refused when a value does not read. */
function readLine(cells: string[], row: number, c: Columns, headers: string[]): UnprintedLine | null {
  const cell = (i: number | null) => (i === null ? '' : (cells[i] ?? '').trim());
  const where = (i: number) => columnLabel(i, headers[i]);
  const amountText = cell(c.credit);
  const indicator = cell(c.creditDebit);
  if (!amountText && !indicator) return null;
  if (c.creditDebit !== null && creditSide(indicator, row, where(c.creditDebit)) === 'dr') return null;
  if (!amountText) {
    if (c.creditDebit === null) return null;
    throw statementError('STATEMENT_BAD_AMOUNT', `Row ${row}: ${where(c.credit)} is empty, but ${where(c.creditDebit)} says Cr.`, { row, value: '' });
  }
  const amount = parseAmount(amountText);
  if (!amount) throw statementError('STATEMENT_BAD_AMOUNT', `Row ${row}: "${amountText}" in ${where(c.credit)} is not an amount.`, { row, value: amountText });
  if (amount.side === 'dr' || amount.negative || amount.paise === 0) return null;
  const dateText = cell(c.date);
  const date = parseStatementDate(dateText);
  if (!date) {
    throw statementError(
      'STATEMENT_BAD_DATE',
      `Row ${row}: "${dateText}" in ${where(c.date)} is not a date we can read (dd/mm/yyyy, dd-Mon-yyyy or yyyy-mm-dd).`,
      { row, value: dateText },
    );
  }
  const narration = cell(c.narration).replace(/\s+/g, ' ');
  const referenceText = cell(c.reference).replace(/\s+/g, ' ');
  const reference = /^[-–—.\s]*$/.test(referenceText) ? null : referenceText;
  return {
    row,
    date,
    narration,
    reference,
    credit: amount.paise,
    utr: findUtr(reference, narration),
    depositRefs: depositReferencesIn(`${narration} ${reference ?? ''}`),
  };
}

/**
 * Each line's fingerprint: SHA-256 of its date, narration, reference and credit, and its place among
 * identical lines of the file, so a repeated or overlapping statement gives the same fingerprints.
 */
export function withFingerprints(lines: UnprintedLine[]): StatementLine[] {
  const seen = new Map<string, number>();
  return lines.map((line) => {
    const key = [line.date, line.narration, line.reference ?? '', String(line.credit)].join('|');
    const occurrence = seen.get(key) ?? 0;
    seen.set(key, occurrence + 1);
    return { ...line, fingerprint: createHash('sha256').update(`${key}|${occurrence}`).digest('hex') };
  });
}

/** The credit lines of a table read with a mapping (debits and zeros left out); the whole table is refused on a bad value. */
export function applyMapping(table: StatementTable, mapping: StatementMapping): StatementLine[] {
  const columns = resolveColumns(table.headers, mapping);
  const lines: UnprintedLine[] = [];
  table.rows.forEach((cells, i) => {
    const line = readLine(cells, table.rowNumbers?.[i] ?? i + 2, columns, table.headers);
    if (line) lines.push(line);
  });
  return withFingerprints(lines);
}
