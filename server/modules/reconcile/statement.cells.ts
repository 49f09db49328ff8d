// The values of a bank statement's cells: dates, amounts, the UPI reference, and what looks like a formula.

const MONTHS: Readonly<Record<string, number>> = {
  jan: 1,
  january: 1,
  feb: 2,
  february: 2,
  mar: 3,
  march: 3,
  apr: 4,
  april: 4,
  may: 5,
  jun: 6,
  june: 6,
  jul: 7,
  july: 7,
  aug: 8,
  august: 8,
  sep: 9,
  sept: 9,
  september: 9,
  oct: 10,
  october: 10,
  nov: 11,
  november: 11,
  dec: 12,
  december: 12,
};

/** A time after a date ("10:32", "10:32:11 AM", "T10:32:11.000Z"), dropped: a statement line is a day. */
const TIME_SUFFIX = /(?:[ T]+\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?\s*(?:[ap]\.?m\.?)?\s*(?:z|[+-]\d{2}:?\d{2})?)$/i;
const NUMERIC_DATE = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})$/;
const NAMED_MONTH_DATE = /^(\d{1,2})[\s/-]*([a-z]{3,9})\.?,?[\s/-]*(\d{4}|\d{2})$/i;
const ISO_DATE = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
/** An Excel day number (days since 30 December 1899), as a date cell reads when its format is lost. */
const EXCEL_SERIAL = /^(\d{5})(?:\.\d+)?$/;
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;

/** "YYYY-MM-DD" of a calendar day, or null when there is no such day (31/02) or the year is out of range. */
function isoDay(year: number, month: number, day: number): string | null {
  if (year < 1990 || year > 2100) return null;
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return d.toISOString().slice(0, 10);
}

/** A two-digit year is this century's. */
const fullYear = (y: string): number => (y.length === 2 ? 2000 + Number(y) : Number(y));

/**
 * The ISO day ("2026-11-12") a statement's date cell names: dd/mm/yyyy, dd/mm/yy (also with - or .),
 * dd-MMM-yyyy, dd MMM yyyy, yyyy-mm-dd (a time after any of them is ignored) and Excel day numbers.
 * Null when it names no day. Day first always: Indian banks write dates so.
 */
export function parseStatementDate(raw: string): string | null {
  const text = raw.trim().replace(TIME_SUFFIX, '').trim();
  let m = NUMERIC_DATE.exec(text);
  if (m) return isoDay(fullYear(m[3]!), Number(m[2]), Number(m[1]));
  m = NAMED_MONTH_DATE.exec(text);
  if (m) {
    const month = MONTHS[m[2]!.toLowerCase()];
    return month ? isoDay(fullYear(m[3]!), month, Number(m[1])) : null;
  }
  m = ISO_DATE.exec(text);
  if (m) return isoDay(Number(m[1]), Number(m[2]), Number(m[3]));
  m = EXCEL_SERIAL.exec(text);
  if (m) return new Date(EXCEL_EPOCH_MS + Number(m[1]) * DAY_MS).toISOString().slice(0, 10);
  return null;
}

export interface Amount {
  /** Paise, never negative. */
  paise: number;
  /** A minus sign or brackets: money out. */
  negative: boolean;
  /** A trailing "CR" or "DR", where the amount says which it is. */
  side: 'cr' | 'dr' | null;
}

const SIDE_SUFFIX = /\s*(?<![a-z])(cr|dr)\.?$/i;
const CURRENCY = /^(?:₹|rs\.?|inr)\s*/i;
/** Digits with Indian or international grouping, and up to two decimals (zeros beyond them are allowed). */
const DIGITS = /^(\d+(?:,\d+)*)?(?:\.(\d{1,2})0*)?$/;
/** Ten lakh crore rupees: more than any statement line, and safely an integer in paise. */
const MAX_RUPEES = 10_000_000_000_000;

/**
 * The amount of a statement cell in paise: "1,00,000.00", "500", "₹ 500.50", "Rs. 500", "500.00 CR",
 * "-500.00", "(500.00)". Null when the text is not an amount.
 */
export function parseAmount(raw: string): Amount | null {
  let text = raw.trim();
  const side = SIDE_SUFFIX.exec(text)?.[1]?.toLowerCase() as 'cr' | 'dr' | undefined;
  if (side) text = text.replace(SIDE_SUFFIX, '');
  let negative = false;
  if (/^\(.*\)$/.test(text)) [negative, text] = [true, text.slice(1, -1).trim()];
  if (/^[+-]/.test(text)) [negative, text] = [text.startsWith('-'), text.slice(1).trim()];
  text = text.replace(CURRENCY, '').replace(/\s+/g, '');
  if (/^[+-]/.test(text)) [negative, text] = [text.startsWith('-'), text.slice(1)];
  const m = DIGITS.exec(text);
  if (!m || (!m[1] && !m[2])) return null;
  const rupees = Number((m[1] ?? '0').replace(/,/g, ''));
  if (rupees > MAX_RUPEES) return null;
  const paise = rupees * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
  return { paise, negative: negative && paise > 0, side: side ?? null };
}

/** Twelve digits standing alone (not inside a longer run of letters or digits). */
const TWELVE_DIGITS = /(?<![0-9A-Za-z])\d{12}(?![0-9A-Za-z])/;
/** A reference column's UTR zero-padded to sixteen digits. */
const PADDED_UTR = /^0{1,4}(\d{12})$/;
const IFSC = /^[A-Z]{4}0[A-Z0-9]{6}$/i;
const NARRATION_SEPARATORS = /[\s/|:;,_-]+/;

/** The UPI reference a statement's reference column holds: twelve digits, alone or zero-padded to sixteen. */
export function utrInReference(reference: string | null): string | null {
  if (!reference) return null;
  const found = PADDED_UTR.exec(reference.replace(/\s+/g, ''))?.[1] ?? TWELVE_DIGITS.exec(reference)?.[0];
  return found && /[1-9]/.test(found) ? found : null;
}

/**
 * The UPI reference in a UPI narration: "UPI/412345678901/…", "UPI/CR/412345678901/…",
 * "UPI-NAME-vpa@bank-HDFC0001234-412345678901-remark" (the one after the IFSC when there are two).
 */
export function utrInNarration(narration: string): string | null {
  if (!/(?<![a-z])upi(?![a-z])/i.test(narration)) return null;
  const parts = narration.split(NARRATION_SEPARATORS);
  const ifsc = parts.findIndex((p) => IFSC.test(p));
  const candidates = parts.map((p, i) => ({ p, i })).filter(({ p }) => /^\d{12}$/.test(p));
  return (candidates.find(({ i }) => ifsc >= 0 && i > ifsc) ?? candidates[0])?.p ?? null;
}

/** A line's UTR: the reference column's first, else the narration's. */
export const findUtr = (reference: string | null, narration: string): string | null => utrInReference(reference) ?? utrInNarration(narration);

/** What may follow a leading + or - in a cell that is a plain number ("-500.00", "+91 98765 43210", "-1,000.00 Dr"). */
const NUMBER_AFTER_SIGN = /^\s*(?:₹|rs\.?|inr)?\s*\.?\d[\d\s.,/()+-]*(?:\s*(?:cr|dr)\.?)?$/i;
/** A rule line of signs ("-----", "=====") computes nothing. */
const RULE_LINE = /^[-=+*_~\s]+$/;

/**
 * Whether a cell's text would be taken for a formula by a spreadsheet: it starts with = or @, or with
 * + or - followed by anything but a number (spreadsheet-formula injection).
 */
export function looksLikeFormula(cell: string): boolean {
  const text = cell.trim();
  if (!text || RULE_LINE.test(text)) return false;
  const first = text[0];
  if (first === '=' || first === '@') return true;
  if (first === '+' || first === '-') return !NUMBER_AFTER_SIGN.test(text.slice(1));
  return false;
}
