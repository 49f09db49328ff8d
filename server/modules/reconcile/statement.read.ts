import { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import type { CellValue, Row } from 'exceljs';
import { STATEMENT_MAX_BYTES, STATEMENT_MAX_ROWS, type StatementMapping } from '../../../contracts/reconcile.js';
import { looksLikeFormula, parseAmount, parseStatementDate } from './statement.cells.js';
import { columnLabel, columnLetter, megabytes, statementError, tooLargeError } from './statement.errors.js';
import { isHeaderRow, normalizeHeader, type StatementTable } from './statement.mapping.js';

// A bank statement file (CSV or XLSX) read into its header and data rows: the bank's preamble
// before the header and its summary after the data left out, and a file that is not a plain
// statement refused whole.

/** A statement's table with each data row's line in the file and the header's. */
export interface ReadTable extends StatementTable {
  rowNumbers: number[];
  headerRow: number;
}

/** The cells of a file's first sheet (or its CSV records), with their line numbers and any formula cells. */
interface Grid {
  cells: string[][];
  rowNumbers: number[];
  formulas: { index: number; col: number; text: string }[];
}

/** The most an XLSX may unpack to: a statement of STATEMENT_MAX_ROWS rows is a small part of it. */
export const XLSX_MAX_UNPACKED_BYTES = 32 * 1024 * 1024;
/** Rows a sheet may have beyond the transaction limit (the bank's preamble and summary) before reading stops. */
const SHEET_ROWS_BEYOND_LIMIT = 1_000;
const CSV_DELIMITERS = [',', ';', '\t', '|'] as const;
/** No statement line is this long: a longer CSV record is refused rather than parsed slowly. */
const CSV_MAX_RECORD_BYTES = 64 * 1024;
/** How far down a header of names not known is looked for. */
const UNKNOWN_HEADER_WITHIN_ROWS = 100;
/** A rule line of a bank's export ("********", "-----"). */
const RULE_LINE = /^[-=*_~]+$/;
/** The first cell of a row that ends the transactions: totals, balances, legends, the bank's closing words. */
const SUMMARY =
  /^(?:[*=_]|-{2,})|^(?:total|grand total|page total|opening balance|closing balance|statement summary|summary|legends?|this is a computer|computer generated|end of statement|unless the constituent)/i;

const tooManyRows = (fileName: string) =>
  statementError(
    'STATEMENT_TOO_MANY_ROWS',
    `"${fileName}" has more than ${STATEMENT_MAX_ROWS.toLocaleString('en-IN')} transactions, the most one import takes. Export a shorter period.`,
  );

const startsWith = (bytes: Buffer, ...sig: number[]) => sig.every((b, i) => bytes[i] === b);

/** What the bytes are: an XLSX (a zip), or text read as CSV; anything else is refused, saying what it is. */
function fileKind(bytes: Buffer, fileName: string): 'xlsx' | 'text' {
  const refuse = (what: string, advice = "Download the statement from the bank's website as CSV or Excel (XLSX) and upload that.") =>
    statementError('STATEMENT_FORMAT', `"${fileName}" is ${what}. ${advice}`);
  if (bytes.length === 0) throw statementError('STATEMENT_EMPTY', `"${fileName}" is empty.`);
  if (startsWith(bytes, 0x50, 0x4b, 0x03, 0x04)) return 'xlsx';
  if (startsWith(bytes, 0x25, 0x50, 0x44, 0x46)) throw refuse('a PDF, which cannot be read for transactions');
  const image =
    startsWith(bytes, 0x89, 0x50, 0x4e, 0x47) ||
    startsWith(bytes, 0xff, 0xd8, 0xff) ||
    startsWith(bytes, 0x47, 0x49, 0x46, 0x38) ||
    (startsWith(bytes, 0x52, 0x49, 0x46, 0x46) && bytes.subarray(8, 12).toString('latin1') === 'WEBP') ||
    startsWith(bytes, 0x49, 0x49, 0x2a, 0x00) ||
    startsWith(bytes, 0x4d, 0x4d, 0x00, 0x2a);
  if (image) throw refuse('an image: a photo or screenshot of a statement cannot be read');
  if (startsWith(bytes, 0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1)) {
    throw refuse(
      'an old Excel (.xls) file or a password-protected workbook',
      'Open it in Excel and save it as .xlsx without a password, or download the statement as CSV.',
    );
  }
  if (startsWith(bytes, 0x50, 0x4b)) throw refuse('a zip archive but not an Excel workbook');
  return 'text';
}

/** The text of a CSV: UTF-8 (or UTF-16 with its byte-order mark, or Windows-1252 when not UTF-8), without a byte-order mark. */
function decodeText(bytes: Buffer, fileName: string): string {
  let text: string;
  if (startsWith(bytes, 0xff, 0xfe)) text = new TextDecoder('utf-16le').decode(bytes);
  else if (startsWith(bytes, 0xfe, 0xff)) text = new TextDecoder('utf-16be').decode(bytes);
  else {
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      text = new TextDecoder('windows-1252').decode(bytes);
    }
  }
  text = text.replace(/^\uFEFF/, '');
  if (!text.trim()) throw statementError('STATEMENT_EMPTY', `"${fileName}" is empty.`);
  if (text.includes('\0'))
    throw statementError('STATEMENT_FORMAT', `"${fileName}" is not a CSV or Excel (XLSX) file. Download the statement from the bank as CSV or Excel.`);
  if (/^\s*</.test(text)) {
    throw statementError(
      'STATEMENT_FORMAT',
      `"${fileName}" is a web page (HTML or XML), not a CSV or Excel file. Download the statement from the bank as CSV or Excel (XLSX).`,
    );
  }
  return text;
}

/** The delimiter whose split of an early line gives a header row; a comma when none does. */
function sniffDelimiter(text: string, hint?: HeaderHint): string {
  const lines = text
    .slice(0, 256 * 1024)
    .split(/\r?\n/)
    .slice(0, 200);
  const cellsOf = (line: string, d: string) => line.split(d).map((c) => c.trim().replace(/^"|"$/g, ''));
  return CSV_DELIMITERS.find((d) => lines.some((line) => line.includes(d) && isHeaderRow(cellsOf(line, d), hint))) ?? ',';
}

/** A CSV parser's error in words: a quote left open, or a line that runs on. */
function csvProblem(err: { code?: string; lines?: number; message: string }): string {
  if (err.code === 'CSV_QUOTE_NOT_CLOSED') return 'a quoted value is never closed, so the file ends inside it';
  if (err.code === 'CSV_MAX_RECORD_SIZE') return `line ${err.lines} is longer than any statement line (${CSV_MAX_RECORD_BYTES / 1024} KB)`;
  return err.message;
}

/** A CSV's records, each with the line it starts on. */
function csvGrid(text: string, fileName: string, hint?: HeaderHint): Grid {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    const delimiter = sniffDelimiter(text, hint);
    const options = {
      delimiter,
      info: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      trim: true,
      max_record_size: CSV_MAX_RECORD_BYTES,
    };
    records = parse(text, options) as unknown as typeof records;
  } catch (err) {
    throw statementError('STATEMENT_FORMAT', `"${fileName}" could not be read as CSV: ${csvProblem(err as Error)}.`);
  }
  return {
    cells: records.map((r) => r.record.map((c) => c.trim())),
    rowNumbers: records.map((r) => r.info.lines - r.record.reduce((n, c) => n + (c.match(/\n/g)?.length ?? 0), 0)),
    formulas: [],
  };
}

/** The total an XLSX's entries unpack to, from its central directory; null when it has none (not a whole zip). */
export function unpackedSize(bytes: Buffer): number | null {
  for (let end = bytes.length - 22; end >= Math.max(0, bytes.length - 65_557); end--) {
    if (bytes.readUInt32LE(end) !== 0x06054b50) continue;
    const entries = bytes.readUInt16LE(end + 10);
    if (entries === 0xffff) return Infinity;
    let at = bytes.readUInt32LE(end + 16);
    let total = 0;
    for (let n = 0; n < entries; n++) {
      if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== 0x02014b50) return null;
      const size = bytes.readUInt32LE(at + 24);
      if (size === 0xffffffff) return Infinity;
      total += size;
      at += 46 + bytes.readUInt16LE(at + 28) + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
    }
    return total;
  }
  return null;
}

/** "1234.5" for a number cell: whole numbers as they are, money to the paisa. */
function numberText(n: number): string {
  if (Number.isInteger(n)) return String(n);
  const paise = Math.round(n * 100);
  return Math.abs(n * 100 - paise) < 1e-6 ? (paise / 100).toString() : String(n);
}

/** The text of an XLSX cell's value: dates as YYYY-MM-DD, rich text and links as their text. */
function cellText(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return numberText(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if ('richText' in value)
    return value.richText
      .map((t) => t.text)
      .join('')
      .trim();
  if ('hyperlink' in value) return cellText(value.text as CellValue);
  if ('error' in value) return String(value.error);
  if ('result' in value) return cellText((value.result ?? null) as CellValue);
  return '';
}

/** Adds an XLSX row to the grid (a gap before it as one empty row), noting its formula cells. */
function addRow(grid: Grid, row: Row, formulaType: number): void {
  const last = grid.rowNumbers.at(-1) ?? 0;
  if (row.number > last + 1) {
    grid.cells.push([]);
    grid.rowNumbers.push(last + 1);
  }
  const cells: string[] = [];
  row.eachCell({ includeEmpty: false }, (cell, col) => {
    if (cell.type === formulaType) grid.formulas.push({ index: grid.cells.length, col: col - 1, text: `=${cell.formula ?? ''}` });
    cells[col - 1] = cellText(cell.value);
  });
  grid.cells.push(Array.from(cells, (c) => c ?? ''));
  grid.rowNumbers.push(row.number);
}

/**
 * The first sheet with rows of an XLSX, read as a stream (a workbook held in memory takes several
 * times the heap): its cells, row numbers and formula cells. Every sheet is read to its end, as
 * exceljs deletes a sheet it set aside in a temporary file (one stored before the shared strings)
 * only then; rows past the limit are not kept.
 */
async function xlsxGrid(bytes: Buffer, fileName: string): Promise<Grid> {
  const unpacked = unpackedSize(bytes);
  if (unpacked === null) throw statementError('STATEMENT_FORMAT', `"${fileName}" is a damaged Excel file: download the statement again.`);
  if (unpacked > XLSX_MAX_UNPACKED_BYTES) {
    throw statementError('FILE_TOO_LARGE', `"${fileName}" unpacks to more than ${megabytes(XLSX_MAX_UNPACKED_BYTES)}: export a shorter period.`);
  }
  const { default: ExcelJS } = await import('exceljs');
  const grid: Grid = { cells: [], rowNumbers: [], formulas: [] };
  const options = { worksheets: 'emit', sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', entries: 'ignore' } as const;
  let overLimit = false;
  try {
    for await (const sheet of new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), options)) {
      const wanted = grid.cells.length === 0;
      for await (const row of sheet) {
        overLimit ||= wanted && grid.cells.length > STATEMENT_MAX_ROWS + SHEET_ROWS_BEYOND_LIMIT;
        if (wanted && !overLimit) addRow(grid, row, ExcelJS.ValueType.Formula);
      }
    }
  } catch {
    throw statementError('STATEMENT_FORMAT', `"${fileName}" could not be opened as an Excel workbook: download the statement again as CSV or XLSX.`);
  }
  if (overLimit) throw tooManyRows(fileName);
  return grid;
}

/** The first formula of a grid, in reading order: a formula cell of an XLSX or a cell a spreadsheet would take for one. */
function firstFormula(grid: Grid): { index: number; col: number; text: string } | undefined {
  const cell = grid.formulas[0];
  for (let index = 0; index < grid.cells.length; index++) {
    const col = grid.cells[index]!.findIndex(looksLikeFormula);
    if (cell && cell.index === index && (col < 0 || cell.col <= col)) return cell;
    if (col >= 0) return { index, col, text: grid.cells[index]![col]! };
  }
  return cell;
}

/** Refuses a file with a formula anywhere, naming its row and column. */
function refuseFormulas(grid: Grid, header: string[]): void {
  const found = firstFormula(grid);
  if (!found) return;
  const text = found.text.length > 40 ? `${found.text.slice(0, 40)}…` : found.text;
  throw statementError(
    'STATEMENT_FORMULA',
    `Row ${grid.rowNumbers[found.index]}, ${columnLabel(found.col, header[found.col])} holds a formula ("${text}"). A statement must hold values only: download it again from the bank and upload it without editing it in a spreadsheet.`,
    { row: grid.rowNumbers[found.index], column: columnLetter(found.col) },
  );
}

/** The header's names: an unnamed column is "Column F", a repeated name gets " (2)", and empty columns at the end are dropped. */
function headerNames(cells: string[]): string[] {
  const width = cells.findLastIndex((c) => c.trim() !== '') + 1;
  const seen = new Map<string, number>();
  return cells.slice(0, width).map((cell, i) => {
    const name = cell.trim().replace(/\s+/g, ' ') || `Column ${columnLetter(i)}`;
    const n = (seen.get(name.toLowerCase()) ?? 0) + 1;
    seen.set(name.toLowerCase(), n);
    return n === 1 ? name : `${name} (${n})`;
  });
}

const filledCells = (cells: string[]) => cells.filter((c) => c.trim() !== '');
/** A row that ends the transactions: empty, a rule line, a total or the bank's closing words. */
const endsData = (filled: string[]) => filled.length <= 1 || filled.every((c) => RULE_LINE.test(c)) || SUMMARY.test(filled[0]!);

/**
 * The indexes of a grid's transaction rows: after the header (rule lines and empty rows just below it
 * skipped) up to the first empty or summary row; a page that repeats the header continues them.
 */
function dataIndexes(grid: Grid, headerIndex: number): number[] {
  const header = grid.cells[headerIndex]!.map(normalizeHeader).join('|');
  const found: number[] = [];
  let inData = false;
  for (let i = headerIndex + 1; i < grid.cells.length; i++) {
    const filled = filledCells(grid.cells[i]!);
    if (!inData && (filled.length === 0 || filled.every((c) => RULE_LINE.test(c)))) continue;
    if (endsData(filled)) {
      const next = grid.cells.findIndex((cells, j) => j > i && cells.map(normalizeHeader).join('|') === header);
      if (next < 0) break;
      [i, inData] = [next, false];
      continue;
    }
    inData = true;
    found.push(i);
  }
  return found;
}

type HeaderHint = Pick<StatementMapping, 'date' | 'credit'> | null;

/** A row of three or more names (no date, no amount) above a row with a date and an amount: the header of a layout not known. */
function looksLikeHeader(cells: string[], next: string[] | undefined): boolean {
  const names = filledCells(cells);
  if (names.length < 3 || names.some((c) => RULE_LINE.test(c) || parseStatementDate(c) || parseAmount(c))) return false;
  const values = filledCells(next ?? []);
  const dateAt = values.findIndex((c) => parseStatementDate(c));
  return values.length >= 3 && dateAt >= 0 && values.some((c, i) => i !== dateAt && parseAmount(c));
}

/**
 * The header row: the one naming the hinted columns, else the first naming a date and a credit
 * column, else (near the top) a row of names above a transaction, so its columns can be chosen.
 */
function headerIndexOf(grid: Grid, hint?: HeaderHint): number {
  const hinted = hint ? grid.cells.findIndex((cells) => isHeaderRow(cells, hint)) : -1;
  if (hinted >= 0) return hinted;
  const known = grid.cells.findIndex((cells) => isHeaderRow(cells));
  if (known >= 0) return known;
  const next = (i: number) => {
    for (let j = i + 1; j < grid.cells.length; j++) if (filledCells(grid.cells[j]!).some((c) => !RULE_LINE.test(c))) return grid.cells[j];
    return undefined;
  };
  return grid.cells.slice(0, UNKNOWN_HEADER_WITHIN_ROWS).findIndex((cells, i) => looksLikeHeader(cells, next(i)));
}

/** The statement table of a grid: its header row found, formulas refused, the transaction rows cut to the header's width. */
function tableOf(grid: Grid, fileName: string, hint?: HeaderHint): ReadTable {
  const headerIndex = headerIndexOf(grid, hint);
  refuseFormulas(grid, headerIndex >= 0 ? headerNames(grid.cells[headerIndex]!) : []);
  if (headerIndex < 0) {
    if (!grid.cells.some((cells) => filledCells(cells).length)) throw statementError('STATEMENT_EMPTY', `"${fileName}" has no rows.`);
    throw statementError(
      'STATEMENT_NO_HEADER',
      hint
        ? `No row of "${fileName}" names the columns "${hint.date}" and "${hint.credit}". Check that this is the bank's statement export, or choose the columns again.`
        : `No row of "${fileName}" names its columns (a date, a narration, a credit amount), so its transactions cannot be found. Upload the bank's own CSV or Excel statement export.`,
    );
  }
  const headers = headerNames(grid.cells[headerIndex]!);
  const indexes = dataIndexes(grid, headerIndex);
  if (indexes.length > STATEMENT_MAX_ROWS) throw tooManyRows(fileName);
  return {
    headers,
    rows: indexes.map((i) => headers.map((_, c) => grid.cells[i]![c] ?? '')),
    rowNumbers: indexes.map((i) => grid.rowNumbers[i]!),
    headerRow: grid.rowNumbers[headerIndex]!,
  };
}

/**
 * Reads a bank statement file (CSV or XLSX, told apart by its bytes) into its header and transaction
 * rows. `hint` (a saved or chosen mapping) finds the header of a layout the common names miss.
 * Refused whole: over STATEMENT_MAX_BYTES (before any parsing), empty, not CSV or XLSX, no header
 * row, a formula in any cell, more than STATEMENT_MAX_ROWS rows.
 */
export async function readStatement(bytes: Buffer, fileName: string, hint?: HeaderHint): Promise<ReadTable> {
  if (bytes.length > STATEMENT_MAX_BYTES) throw tooLargeError();
  const grid = fileKind(bytes, fileName) === 'xlsx' ? await xlsxGrid(bytes, fileName) : csvGrid(decodeText(bytes, fileName), fileName, hint);
  return tableOf(grid, fileName, hint);
}
