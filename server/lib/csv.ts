/**
 * One CSV cell: quoted when it holds a comma, quote or line break; a cell a spreadsheet would read
 * as a formula (=, +, -, @, tab or carriage return first) gets a leading apostrophe and quotes
 * (OWASP's advice), so an exported name or client seed like "=HYPERLINK(…)" stays text.
 */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  const formula = /^[=+\-@\t\r]/.test(text);
  if (formula) text = `'${text}`;
  return formula || /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A CSV document (RFC 4180, CRLF line ends) with a header row. */
export const toCsv = (header: readonly string[], rows: readonly (readonly unknown[])[]): string =>
  [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
