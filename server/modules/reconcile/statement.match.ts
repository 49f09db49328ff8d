import { DAY_MS, indiaMidnight } from '../../../contracts/india-time.js';
import type { MatchBy, ReconcileKind, ReconcileOutcome, StatementLine } from '../../../contracts/reconcile.js';

// A statement's credit lines matched to the deposits that claim them: by UTR first, then by the
// deposit reference in the narration. Amount and time alone only suggest, never match.

/** A UPI deposit as the matching sees it: `utr` is the number the player typed (trimmed), `amount` paise. */
export interface DepositClaim {
  id: string;
  userId: string;
  amount: number;
  utr: string | null;
  reference: string | null;
  status: 'pending' | 'approved' | 'rejected';
  createdAt: Date;
  /** The statement line that paid this deposit, if one did. */
  statementLineFingerprint?: string | null;
}

/** A credit line, and the deposit it paid when it was used. */
export type MatchLine = StatementLine & { usedBy?: string | null };

/** One row of the result: a line and the deposits claiming it (the one to approve first), or a deposit with no credit (line null). */
export interface MatchRow<L extends MatchLine = MatchLine & { id: string }> {
  kind: ReconcileKind;
  line: L | null;
  deposits: DepositClaim[];
  /** For an unclaimed line: pending deposits of its amount made shortly before it. */
  suggestions: DepositClaim[];
  /** How the first deposit claims the line. */
  by: MatchBy | null;
  /** One pending deposit, same amount, line unused: approving it credits that deposit. */
  approvable: boolean;
}

export interface MatchOptions {
  now: Date;
  /** A pending deposit older than this with no line paying it is "no credit". */
  noCreditAfterHours: number;
  /** How long before a line's day a deposit of its amount may have been made to be suggested. */
  suggestWithinHours: number;
}

const HOUR_MS = 3_600_000;

/** A UTR as compared: spaces and leading zeros dropped; null when nothing is left. */
export const utrKey = (utr: string | null | undefined): string | null => (utr ?? '').replace(/\s+/g, '').replace(/^0+/, '') || null;

/** The first and last moments of a statement day, India time. */
const dayStart = (isoDate: string): number => indiaMidnight(isoDate).getTime();
const dayEnd = (isoDate: string): number => dayStart(isoDate) + DAY_MS - 1;

/** Groups deposits under the keys each gives (none, one or more). */
function indexBy(deposits: DepositClaim[], keys: (d: DepositClaim) => (string | null)[]): Map<string, DepositClaim[]> {
  const index = new Map<string, DepositClaim[]>();
  for (const d of deposits) for (const k of keys(d)) if (k) index.set(k, [...(index.get(k) ?? []), d]);
  return index;
}

interface Index {
  byUtr: Map<string, DepositClaim[]>;
  byReference: Map<string, DepositClaim[]>;
  byId: Map<string, DepositClaim>;
}

const indexOf = (deposits: DepositClaim[]): Index => ({
  byUtr: indexBy(deposits, (d) => [utrKey(d.utr)]),
  byReference: indexBy(deposits, (d) => [d.reference?.trim().toUpperCase() ?? null]),
  byId: new Map(deposits.map((d) => [d.id, d])),
});

/** The deposits claiming a line, each once, with how: its UTR first, then a deposit reference it carries. */
function claimantsOf(line: MatchLine, index: Index): Map<DepositClaim, MatchBy> {
  const found = new Map<DepositClaim, MatchBy>();
  const utr = utrKey(line.utr);
  for (const d of (utr && index.byUtr.get(utr)) || []) found.set(d, 'utr');
  for (const ref of line.depositRefs) for (const d of index.byReference.get(ref) ?? []) if (!found.has(d)) found.set(d, 'reference');
  return found;
}

/** Deposits in the order a row shows them: the first of `first`, then the rest as they came. */
const firstOf = (first: DepositClaim[], all: DepositClaim[]): DepositClaim[] => [...new Set([...first, ...all])];

/** What a line is, from the deposits claiming it and whether it paid one before. */
function classify(line: MatchLine, claimants: DepositClaim[], index: Index): { kind: ReconcileKind; deposits: DepositClaim[] } {
  const used = line.usedBy ? index.byId.get(line.usedBy) : undefined;
  const approved = claimants.filter((d) => d.status === 'approved');
  if (line.usedBy || approved.length) return { kind: 'already-approved', deposits: firstOf([...(used ? [used] : []), ...approved], claimants) };
  const pending = claimants.filter((d) => d.status === 'pending');
  const rejected = claimants.filter((d) => d.status === 'rejected');
  if (pending.length === 0) return { kind: rejected.length ? 'rejected-claim' : 'unclaimed', deposits: rejected };
  const otherPlayers = rejected.some((d) => d.userId !== pending[0]!.userId);
  if (pending.length > 1 || otherPlayers) return { kind: 'claimed-twice', deposits: firstOf(pending, claimants) };
  return { kind: pending[0]!.amount === line.credit ? 'matched' : 'amount-differs', deposits: firstOf(pending, claimants) };
}

/** Pending deposits of a line's amount, made within `hours` before its day (or on it), that claim no line and were paid by none. */
function suggestionsFor(line: MatchLine, pending: DepositClaim[], claimed: Set<DepositClaim>, hours: number): DepositClaim[] {
  const from = dayStart(line.date) - hours * HOUR_MS;
  const to = dayEnd(line.date);
  return pending.filter(
    (d) => d.amount === line.credit && !claimed.has(d) && !d.statementLineFingerprint && d.createdAt.getTime() >= from && d.createdAt.getTime() <= to,
  );
}

/**
 * Matches a statement's credit lines to deposit claims. Each line is, by the deposits that name its
 * UTR or its deposit reference: matched, amount-differs, unclaimed (with suggestions of equal amount
 * in time), claimed-twice, already-approved or rejected-claim; then each pending deposit that no line
 * claims and no line paid, older than `noCreditAfterHours` at `now`, is a no-credit row (oldest first).
 */
export function matchStatement<L extends MatchLine>(lines: L[], deposits: DepositClaim[], opts: MatchOptions): MatchRow<L>[] {
  const index = indexOf(deposits);
  const claims = lines.map((line) => claimantsOf(line, index));
  const claimed = new Set(claims.flatMap((c) => [...c.keys()]));
  const pending = deposits.filter((d) => d.status === 'pending').sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const rows: MatchRow<L>[] = lines.map((line, i) => {
    const { kind, deposits: shown } = classify(line, [...claims[i]!.keys()], index);
    const suggestions = kind === 'unclaimed' ? suggestionsFor(line, pending, claimed, opts.suggestWithinHours) : [];
    return { kind, line, deposits: shown, suggestions, by: shown[0] ? (claims[i]!.get(shown[0]) ?? null) : null, approvable: kind === 'matched' };
  });
  const cutoff = opts.now.getTime() - opts.noCreditAfterHours * HOUR_MS;
  for (const d of pending) {
    if (claimed.has(d) || d.statementLineFingerprint || d.createdAt.getTime() > cutoff) continue;
    rows.push({ kind: 'no-credit', line: null, deposits: [d], suggestions: [], by: null, approvable: false });
  }
  return rows;
}

/** A row by ids: what the tests and a summary compare. */
export const outcomeOf = (row: MatchRow<MatchLine>): ReconcileOutcome => ({
  kind: row.kind,
  row: row.line?.row ?? null,
  deposits: row.deposits.map((d) => d.id),
  suggestions: row.suggestions.map((d) => d.id),
  by: row.by,
  approvable: row.approvable,
});
