import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { reconcileOutcomeSchema, statementLineSchema, statementMappingSchema, type StatementLine } from '../../../contracts/reconcile.js';
import { applyMapping, guessMapping } from './statement.mapping.js';
import { matchStatement, outcomeOf, type DepositClaim } from './statement.match.js';
import { readStatement } from './statement.read.js';

const dir = new URL('../../../tests/fixtures/statements/', import.meta.url);

interface Expected {
  file: string;
  now: string;
  noCreditAfterHours: number;
  suggestWithinHours: number;
  mapping: unknown;
  lines: Pick<StatementLine, 'row' | 'date' | 'credit' | 'utr' | 'depositRefs'>[];
  /** Lines that paid a deposit before: row → deposit id. */
  used: Record<string, string>;
  deposits: (Omit<DepositClaim, 'createdAt'> & { createdAt: string })[];
  expected: unknown[];
}

describe.each(['hdfc', 'sbi', 'icici', 'kotak'])('the %s sample', (bank) => {
  it('is read, its columns guessed, its credits applied and matched as its expected table says', async () => {
    const spec = JSON.parse(await readFile(new URL(`${bank}.expected.json`, dir), 'utf8')) as Expected;
    const table = await readStatement(await readFile(new URL(spec.file, dir)), spec.file);
    const guess = guessMapping(table.headers);
    expect(guess).toEqual(spec.mapping);
    const lines = applyMapping(table, statementMappingSchema.parse(guess));
    expect(lines.map((l) => statementLineSchema.parse(l))).toEqual(lines);
    expect(lines.map(({ row, date, credit, utr, depositRefs }) => ({ row, date, credit, utr, depositRefs }))).toEqual(spec.lines);
    const rows = matchStatement(
      lines.map((l) => ({ ...l, usedBy: spec.used[String(l.row)] ?? null })),
      spec.deposits.map((d) => ({ ...d, createdAt: new Date(d.createdAt) })),
      { now: new Date(spec.now), noCreditAfterHours: spec.noCreditAfterHours, suggestWithinHours: spec.suggestWithinHours },
    );
    expect(rows.map((r) => reconcileOutcomeSchema.parse(outcomeOf(r)))).toEqual(spec.expected);
  });
});

it('the samples cover every kind', async () => {
  const kinds = new Set<string>();
  for (const bank of ['hdfc', 'sbi', 'icici', 'kotak']) {
    const spec = JSON.parse(await readFile(new URL(`${bank}.expected.json`, dir), 'utf8')) as { expected: { kind: string }[] };
    for (const row of spec.expected) kinds.add(row.kind);
  }
  expect([...kinds].sort()).toEqual(['already-approved', 'amount-differs', 'claimed-twice', 'matched', 'no-credit', 'rejected-claim', 'unclaimed']);
});

describe('matchStatement', () => {
  const line = (over: Partial<StatementLine & { usedBy: string | null }> = {}) => ({
    row: 2,
    date: '2026-11-12',
    narration: 'UPI/412345678901/RA4HWN8T3C',
    reference: null,
    credit: 50_000,
    utr: '412345678901',
    depositRefs: ['RA4HWN8T3C'],
    fingerprint: 'f',
    ...over,
  });
  const claim = (over: Partial<DepositClaim> = {}): DepositClaim => ({
    id: 'd1',
    userId: 'u1',
    amount: 50_000,
    utr: null,
    reference: null,
    status: 'pending',
    createdAt: new Date('2026-11-12T10:00:00+05:30'),
    ...over,
  });
  const opts = { now: new Date('2026-11-13T12:00:00+05:30'), noCreditAfterHours: 24, suggestWithinHours: 48 };
  const outcomes = (lines: ReturnType<typeof line>[], deposits: DepositClaim[], o = opts) => matchStatement(lines, deposits, o).map(outcomeOf);

  it('compares a typed UTR without spaces and leading zeros', () => {
    expect(outcomes([line()], [claim({ utr: '0 4123 4567 8901' })])[0]).toMatchObject({ kind: 'matched', by: 'utr', approvable: true });
  });

  it('a UTR claim comes before a reference claim of the same deposit', () => {
    expect(outcomes([line()], [claim({ utr: '412345678901', reference: 'RA4HWN8T3C' })])[0]).toMatchObject({ kind: 'matched', by: 'utr', deposits: ['d1'] });
  });

  it('two deposits of one UTR, or one by UTR and one by reference, claim the line twice', () => {
    const twoUtr = [claim({ utr: '412345678901' }), claim({ id: 'd2', userId: 'u2', utr: '412345678901' })];
    expect(outcomes([line()], twoUtr)[0]).toMatchObject({ kind: 'claimed-twice', deposits: ['d1', 'd2'], approvable: false });
    const mixed = [claim({ reference: 'RA4HWN8T3C' }), claim({ id: 'd2', userId: 'u2', utr: '412345678901' })];
    expect(outcomes([line()], mixed)[0]).toMatchObject({ kind: 'claimed-twice', deposits: ['d2', 'd1'], by: 'utr' });
  });

  it('a line that paid a deposit is approved already, whoever claims it now', () => {
    const rows = outcomes([line({ usedBy: 'd0' })], [claim({ id: 'd0', status: 'approved' }), claim({ utr: '412345678901' })]);
    expect(rows).toEqual([{ kind: 'already-approved', row: 2, deposits: ['d0', 'd1'], suggestions: [], by: null, approvable: false }]);
  });

  it('an approved claim beside a pending one: approved already (the pending one reuses its UTR)', () => {
    const rows = outcomes([line()], [claim({ utr: '412345678901' }), claim({ id: 'd2', userId: 'u2', utr: '412345678901', status: 'approved' })]);
    expect(rows[0]).toMatchObject({ kind: 'already-approved', deposits: ['d2', 'd1'] });
  });

  it('suggests only pending, unclaimed deposits of the same amount made within the hours before the line’s day', () => {
    const deposits = [
      claim({ id: 'in', createdAt: new Date('2026-11-10T00:00:00+05:30') }),
      claim({ id: 'same-day', createdAt: new Date('2026-11-12T23:00:00+05:30') }),
      claim({ id: 'too-early', createdAt: new Date('2026-11-09T23:59:00+05:30') }),
      claim({ id: 'too-late', createdAt: new Date('2026-11-13T00:01:00+05:30') }),
      claim({ id: 'other-amount', amount: 50_001 }),
      claim({ id: 'rejected', status: 'rejected' }),
      claim({ id: 'paid', statementLineFingerprint: 'x' }),
    ];
    const [row] = outcomes([line({ utr: null, depositRefs: [] })], deposits);
    expect(row).toMatchObject({ kind: 'unclaimed', suggestions: ['in', 'same-day'], deposits: [] });
  });

  it('no credit: pending deposits nobody claims, older than the waiting time, oldest first', () => {
    const deposits = [
      claim({ id: 'young', createdAt: new Date('2026-11-12T12:00:01+05:30') }),
      claim({ id: 'old', createdAt: new Date('2026-11-12T12:00:00+05:30') }),
      claim({ id: 'older', createdAt: new Date('2026-11-01T12:00:00+05:30') }),
      claim({ id: 'claimed', reference: 'RA4HWN8T3C', createdAt: new Date('2026-11-01T12:00:00+05:30') }),
      claim({ id: 'approved', status: 'approved', createdAt: new Date('2026-11-01T12:00:00+05:30') }),
      claim({ id: 'paid', statementLineFingerprint: 'x', createdAt: new Date('2026-11-01T12:00:00+05:30') }),
    ];
    const rows = outcomes([line({ utr: null })], deposits).filter((r) => r.kind === 'no-credit');
    expect(rows.map((r) => r.deposits)).toEqual([['older'], ['old']]);
  });

  it('a rejected claim of the same player beside the pending one still matches; of another player it is claimed twice', () => {
    const same = [claim({ id: 'r', status: 'rejected', utr: '412345678901' }), claim({ utr: '412345678901' })];
    expect(outcomes([line()], same)[0]).toMatchObject({ kind: 'matched', deposits: ['d1', 'r'], approvable: true });
    const other = [claim({ id: 'r', userId: 'u9', status: 'rejected', utr: '412345678901' }), claim({ utr: '412345678901' })];
    expect(outcomes([line()], other)[0]).toMatchObject({ kind: 'claimed-twice', deposits: ['d1', 'r'], approvable: false });
  });

  it('keeps the caller’s line, with its id', () => {
    const [row] = matchStatement([{ ...line(), id: 'line-1' }], [], opts);
    expect(row!.line?.id).toBe('line-1');
  });
});
