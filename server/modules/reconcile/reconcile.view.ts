import { toRupees } from '../../../contracts/money.js';
import { RECONCILE_KINDS, type ReconcileKind } from '../../../contracts/reconcile.js';
import type { BankAccount, ClaimView, ReconcileResult, StatementImport } from '../../../contracts/reconcile.answers.js';
import type { BankAccountRow, ClaimRow, StatementImportRow, StatementLineRow } from './reconcile.repo.js';
import type { MatchRow } from './statement.match.js';

export const bankAccountView = (row: BankAccountRow): BankAccount => ({ _id: row.id, name: row.name, mapping: row.mapping ?? null });

export const importView = (row: StatementImportRow & { accountName: string; importedByName: string | null }): StatementImport => ({
  _id: row.id,
  accountId: row.bankAccountId,
  accountName: row.accountName,
  fileName: row.fileName,
  creditLines: row.creditLines,
  newLines: row.newLines,
  firstDate: row.firstDate,
  lastDate: row.lastDate,
  importedBy: row.importedByName,
  createdAt: row.createdAt.toISOString(),
});

const claimView = (c: ClaimRow): ClaimView => ({
  _id: c.id,
  playerName: c.playerName,
  userId: c.userId,
  amount: toRupees(c.amount),
  utr: c.payNumber?.trim() || null,
  reference: c.reference,
  status: c.status,
  createdAt: c.createdAt.toISOString(),
  awaitingSecondApproval: c.status === 'pending' && Boolean(c.firstApprovedBy),
});

/** The matching table as the page shows it: amounts in rupees, each deposit with its player. */
export function resultView(r: {
  import: StatementImportRow & { accountName: string; importedByName: string | null };
  lines: StatementLineRow[];
  claims: ClaimRow[];
  rows: MatchRow[];
  autoApproved: number;
  noCreditAfterHours: number;
}): ReconcileResult {
  const claims = new Map(r.claims.map((c) => [c.id, c]));
  const lines = new Map(r.lines.map((l) => [l.id, l]));
  const claimsOf = (ids: { id: string }[]) => ids.flatMap((d) => (claims.has(d.id) ? [claimView(claims.get(d.id)!)] : []));
  const counts = Object.fromEntries(RECONCILE_KINDS.map((k) => [k, 0])) as Record<ReconcileKind, number>;
  const rows = r.rows.map((m) => {
    counts[m.kind] += 1;
    const line = m.line ? lines.get(m.line.id) : undefined;
    return {
      kind: m.kind,
      line: line
        ? {
            _id: line.id,
            row: line.rowNumber,
            date: line.valueDate,
            narration: line.narration,
            reference: line.reference,
            credit: toRupees(line.credit),
            utr: line.utr,
            usedFor: line.depositId,
          }
        : null,
      deposits: claimsOf(m.deposits),
      suggestions: claimsOf(m.suggestions),
      by: m.by,
      approvable: m.approvable,
    };
  });
  return { import: importView(r.import), rows, counts, autoApproved: r.autoApproved, noCreditAfterHours: r.noCreditAfterHours };
}
