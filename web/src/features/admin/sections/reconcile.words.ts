import { formatRupees } from '../../../../../contracts/amounts';
import type { ClaimView, ReconcileKind, ReconcileRow } from '../reconcile.api';

/** Each kind of row in a word or two (its badge and its filter chip), in the order the summary lists them. */
export const KIND_LABELS: Record<ReconcileKind, string> = {
  matched: 'Matched',
  'amount-differs': 'Amount differs',
  unclaimed: 'Unclaimed',
  'claimed-twice': 'Claimed twice',
  'already-approved': 'Approved',
  'rejected-claim': 'Rejected claim',
  'no-credit': 'No credit yet',
};

const HOUR_MS = 3_600_000;

/** How long a deposit has waited, in whole hours: "more than 26 hours". */
function waited(claim: ClaimView | undefined, now: number): string {
  const hours = claim ? Math.floor((now - new Date(claim.createdAt).getTime()) / HOUR_MS) : NaN;
  if (!Number.isFinite(hours) || hours < 1) return 'No credit yet: still pending, and no statement line pays it';
  return `No credit yet: pending for more than ${hours} ${hours === 1 ? 'hour' : 'hours'}`;
}

/** What a row's kind means for this row, in a sentence an admin can act on. */
export function kindExplanation(row: ReconcileRow, now: number): string {
  const claim = row.deposits[0];
  const line = row.line;
  switch (row.kind) {
    case 'matched':
      return row.by === 'reference' ? 'Matched: the reference and amount agree' : 'Matched: the UTR and amount agree';
    case 'amount-differs':
      return claim && line
        ? `Amount differs: the player claimed ${formatRupees(claim.amount)}, the bank shows ${formatRupees(line.credit)}`
        : 'Amount differs: the claim and the credit are not the same amount';
    case 'unclaimed':
      return line?.utr ? 'No deposit claims this UTR' : 'No UTR found in the narration, and no deposit claims this credit';
    case 'claimed-twice':
      return row.deposits.length > 2 ? `Claimed by ${row.deposits.length} deposits` : 'Claimed by two deposits';
    case 'already-approved':
      return 'Approved already';
    case 'rejected-claim':
      return 'The only claim was rejected';
    case 'no-credit':
      return waited(claim, now);
  }
}

export const STATUS_LABELS: Record<ClaimView['status'], string> = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' };
