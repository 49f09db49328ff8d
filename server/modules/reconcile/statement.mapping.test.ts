import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { StatementMapping } from '../../../contracts/reconcile.js';
import { findUtr, looksLikeFormula, parseAmount, parseStatementDate, utrInNarration } from './statement.cells.js';
import { applyMapping, guessMapping } from './statement.mapping.js';
import { readStatement } from './statement.read.js';

const fixture = (name: string) => readFile(new URL(`../../../tests/fixtures/statements/${name}`, import.meta.url));
const read = async (name: string) => readStatement(await fixture(name), name);

const HDFC: StatementMapping = { date: 'Date', narration: 'Narration', reference: 'Chq./Ref.No.', credit: 'Deposit Amt.' };

describe('cells', () => {
  it.each([
    ['12/11/2026', '2026-11-12'],
    ['12/11/26', '2026-11-12'],
    ['2/1/26', '2026-01-02'],
    ['12-11-2026', '2026-11-12'],
    ['12.11.2026', '2026-11-12'],
    ['12-Nov-2026', '2026-11-12'],
    ['12-NOV-26', '2026-11-12'],
    ['12 Nov 2026', '2026-11-12'],
    ['12 November 2026', '2026-11-12'],
    ['2026-11-12', '2026-11-12'],
    ['2026-11-12T00:00:00.000Z', '2026-11-12'],
    ['12/11/2026 10:32:11 AM', '2026-11-12'],
    ['46338', '2026-11-12'],
  ])('the date %s is %s', (text, iso) => expect(parseStatementDate(text)).toBe(iso));

  it.each(['31/02/2026', '12/13/2026', '12 Nob 2026', 'yesterday', '', '1234', '12/11'])('%s is no date', (text) =>
    expect(parseStatementDate(text)).toBeNull(),
  );

  it.each([
    ['1,00,000.00', 10_000_000, false, null],
    ['500', 50_000, false, null],
    ['₹ 500.50', 50_050, false, null],
    ['Rs. 1,234.5', 123_450, false, null],
    ['INR 99', 9_900, false, null],
    ['500.00 CR', 50_000, false, 'cr'],
    ['500.00Dr', 50_000, false, 'dr'],
    ['-500.00', 50_000, true, null],
    ['(500.00)', 50_000, true, null],
    ['0.00', 0, false, null],
    ['.5', 50, false, null],
    ['12.500', 1_250, false, null],
  ])('the amount %s is %i paise', (text, paise, negative, side) => expect(parseAmount(text)).toEqual({ paise, negative, side }));

  it.each(['5OO.00', '1,000.505', '12.3.4', 'abc', '1e21', '₹', ',500'])('%s is no amount', (text) => expect(parseAmount(text)).toBeNull());

  it('finds the UPI reference in the reference column (zero-padded) or the narration', () => {
    expect(findUtr('0000631410234501', '')).toBe('631410234501');
    expect(findUtr('631410234501', '')).toBe('631410234501');
    expect(findUtr('UPI-632218880001', '')).toBe('632218880001');
    expect(findUtr('0000000000000000', 'CASH DEPOSIT')).toBeNull();
    expect(findUtr('SBIN126312345678', 'NEFT CR-SBIN0001234-A')).toBeNull();
    expect(findUtr(null, 'UPI/412345678901/remark/a@b/BANK')).toBe('412345678901');
    expect(findUtr(null, 'BY TRANSFER-UPI/CR/412345678901/NAME/SBIN/a@oksbi/x--')).toBe('412345678901');
    expect(findUtr(null, 'IMPS/P2A/412345678901/NAME')).toBeNull();
  });

  it('takes the number after the IFSC in an HDFC narration, not a phone number before it', () => {
    expect(utrInNarration('UPI-919000000001-919000000001@paytm-PYTM0123456-412345678901-Payment')).toBe('412345678901');
    expect(utrInNarration('UPI-NAME-9000000001@ybl-YESB0YBLUPI-412345678901-RA4HWN8T3C')).toBe('412345678901');
  });

  it.each([
    ['=1+1', true],
    ['@SUM(A1)', true],
    ['+cmd', true],
    ['-2+3+cmd|x!A0', true],
    ['-A1', true],
    ['-500.00', false],
    ['+91 90000 00001', false],
    ['-1,000.00 Dr', false],
    ['-', false],
    ['********', false],
    ['=====', false],
    ['UPI/a=b', false],
  ])('%s looks like a formula: %s', (text, yes) => expect(looksLikeFormula(text)).toBe(yes));
});

describe('guessMapping', () => {
  it.each([
    ['HDFC', 'Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance', HDFC],
    [
      'HDFC delimited',
      'Date,Narration,Value Dat,Debit Amount,Credit Amount,Chq/Ref Number,Closing Balance',
      { date: 'Date', narration: 'Narration', reference: 'Chq/Ref Number', credit: 'Credit Amount' },
    ],
    [
      'SBI',
      'Txn Date,Value Date,Description,Ref No./Cheque No.,Debit,Credit,Balance',
      { date: 'Txn Date', narration: 'Description', reference: 'Ref No./Cheque No.', credit: 'Credit' },
    ],
    [
      'ICICI',
      'S No.,Value Date,Transaction Date,Cheque Number,Transaction Remarks,Withdrawal Amount (INR ),Deposit Amount (INR ),Balance (INR )',
      { date: 'Transaction Date', narration: 'Transaction Remarks', reference: 'Cheque Number', credit: 'Deposit Amount (INR )' },
    ],
    ['Axis', 'Tran Date,CHQNO,PARTICULARS,DR,CR,BAL,SOL', { date: 'Tran Date', narration: 'PARTICULARS', reference: 'CHQNO', credit: 'CR' }],
    [
      'Kotak',
      'Sl. No.,Transaction Date,Value Date,Description,Chq / Ref No.,Debit,Credit,Balance',
      { date: 'Transaction Date', narration: 'Description', reference: 'Chq / Ref No.', credit: 'Credit' },
    ],
    [
      'Kotak Amount + Dr/Cr',
      'Sl. No.,Date,Description,Chq / Ref number,Amount,Dr / Cr,Balance,Dr / Cr (2)',
      { date: 'Date', narration: 'Description', reference: 'Chq / Ref number', credit: 'Amount', creditDebitColumn: 'Dr / Cr' },
    ],
    [
      'other',
      'Posting Date,Remarks,UTR No,Deposit(Cr),Withdrawal(Dr)',
      { date: 'Posting Date', narration: 'Remarks', reference: 'UTR No', credit: 'Deposit(Cr)' },
    ],
    ['other', 'DATE,PARTICULARS,CR AMOUNT,DR AMOUNT', { date: 'DATE', narration: 'PARTICULARS', credit: 'CR AMOUNT' }],
  ])('%s: %s', (_bank, headers, mapping) => {
    expect(guessMapping(headers.split(','))).toEqual({ reference: null, creditDebitColumn: null, ...mapping });
  });

  it('answers null for what it cannot place (an Amount without Dr/Cr is no credit column)', () => {
    expect(guessMapping(['When', 'What', 'Amount'])).toEqual({ date: null, narration: null, reference: null, credit: null, creditDebitColumn: null });
  });
});

describe('applyMapping', () => {
  it('reads credit lines only, in paise, each with its row, UTR, references and fingerprint', async () => {
    const lines = applyMapping(await read('hdfc.csv'), HDFC);
    expect(lines.map((l) => l.row)).toEqual([19, 20, 21, 23, 24, 25, 26, 27]);
    expect(lines[0]).toEqual({
      row: 19,
      date: '2026-11-10',
      narration: 'UPI-RAHUL DEMO-rahul.demo@okdemo-SBIN0009999-631410234501-RAQ7M2K9PX',
      reference: '0000631410234501',
      credit: 50_000,
      utr: '631410234501',
      depositRefs: ['RAQ7M2K9PX'],
      fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
  });

  it('with Amount and Dr/Cr, counts the Cr rows only', async () => {
    const lines = applyMapping(await read('kotak.csv'), {
      date: 'Date',
      narration: 'Description',
      reference: 'Chq / Ref number',
      credit: 'Amount',
      creditDebitColumn: 'Dr / Cr',
    });
    expect(lines.map((l) => [l.row, l.credit])).toEqual([
      [8, 200_000],
      [10, 100_000],
      [11, 60_000],
      [12, 80_000],
      [13, 123_456],
    ]);
  });

  it('reads Excel date cells the same as the text dates beside them', async () => {
    const table = await read('sbi.xlsx');
    const byTxn = applyMapping(table, { date: 'Txn Date', narration: 'Description', credit: 'Credit' });
    const byValue = applyMapping(table, { date: 'Value Date', narration: 'Description', credit: 'Credit' });
    expect(byValue.map((l) => l.date)).toEqual(byTxn.map((l) => l.date));
    expect(byTxn.map((l) => l.credit)).toEqual([250_000, 120_000, 30_000, 500_000, 99_900, 45_000, 1_200]);
  });

  it('matches column names ignoring case and punctuation', async () => {
    const loose = applyMapping(await read('hdfc.csv'), { date: 'date', narration: 'NARRATION', reference: 'chq ref no', credit: 'Deposit Amt' });
    expect(loose).toEqual(applyMapping(await read('hdfc.csv'), HDFC));
  });

  it('gives the same fingerprints when the statement is read again', async () => {
    const first = applyMapping(await read('hdfc.csv'), HDFC);
    const again = applyMapping(await read('hdfc.csv'), HDFC);
    expect(again.map((l) => l.fingerprint)).toEqual(first.map((l) => l.fingerprint));
    expect(new Set(first.map((l) => l.fingerprint)).size).toBe(first.length);
  });

  it('gives an overlapping statement the same fingerprints for the same lines, identical lines told apart by their order', async () => {
    const first = applyMapping(await read('hdfc.csv'), HDFC);
    const next = applyMapping(await read('hdfc-next.csv'), HDFC);
    const seen = new Set(first.map((l) => l.fingerprint));
    expect(next.map((l) => seen.has(l.fingerprint))).toEqual([true, true, true, true, true, false, false]);
    const cash = first.filter((l) => l.narration.startsWith('CASH DEPOSIT'));
    expect(cash).toHaveLength(2);
    expect(cash[0]!.fingerprint).not.toBe(cash[1]!.fingerprint);
    expect(next.filter((l) => l.narration.startsWith('CASH DEPOSIT') && l.date === '2026-11-11').map((l) => l.fingerprint)).toEqual(
      cash.map((l) => l.fingerprint),
    );
  });
});

describe('applyMapping: refusals', () => {
  const refused = async (name: string, mapping: StatementMapping) => {
    const table = await read(name);
    try {
      applyMapping(table, mapping);
    } catch (err) {
      return err as { code: string; message: string };
    }
    throw new Error('not refused');
  };
  const KOTAK: StatementMapping = { date: 'Date', narration: 'Description', reference: 'Chq / Ref number', credit: 'Amount', creditDebitColumn: 'Dr / Cr' };

  it('a mapping naming a column the file lacks, naming it', async () => {
    expect(await refused('hdfc.csv', { ...HDFC, credit: 'Credit Amount' })).toMatchObject({
      code: 'STATEMENT_COLUMN_MISSING',
      message:
        'The column "Credit Amount" chosen for the credit amount is not in this file. Its columns are: Date, Narration, Chq./Ref.No., Value Dt, Withdrawal Amt., Deposit Amt., Closing Balance.',
    });
    expect(await refused('hdfc.csv', { ...HDFC, creditDebitColumn: 'Dr/Cr' })).toMatchObject({ code: 'STATEMENT_COLUMN_MISSING' });
  });

  it('an amount that does not parse, naming the row and the value', async () => {
    expect(await refused('bad/bad-amount.csv', HDFC)).toMatchObject({
      code: 'STATEMENT_BAD_AMOUNT',
      message: 'Row 5: "1,OOO.00" in column F (Deposit Amt.) is not an amount.',
    });
  });

  it('a date that does not parse, naming the row and the value', async () => {
    expect(await refused('bad/bad-date.csv', HDFC)).toMatchObject({
      code: 'STATEMENT_BAD_DATE',
      message: 'Row 5: "31/02/26" in column A (Date) is not a date we can read (dd/mm/yyyy, dd-Mon-yyyy or yyyy-mm-dd).',
    });
  });

  it('a Dr/Cr column that says neither', async () => {
    expect(await refused('bad/bad-credit-debit.csv', KOTAK)).toMatchObject({
      code: 'STATEMENT_BAD_CREDIT_DEBIT',
      message: 'Row 3: column F (Dr / Cr) says "XX", but it should say Cr or Dr.',
    });
  });
});
