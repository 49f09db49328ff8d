import { toRupees } from '../../../contracts/money.js';
import type { HistoryPage } from '../../../contracts/wallet.answers.js';
import { upiPayLink } from '../../../contracts/upi.js';
import { HISTORY_TYPE_LABELS, type RequestStatus } from '../../../contracts/wallet.js';
import { toCsv } from '../../lib/csv.js';
import { formatIst } from '../../lib/india-time.js';
import type { DepositListItem, DepositRow } from './deposits.repo.js';
import type { UpiRequest } from './deposits.service.js';
import type { WithdrawalListItem } from './withdrawals.repo.js';
import type { HistoryRow } from './history.repo.js';
import { iso } from './wallet.shared.js';

// How the wallet's rows read in its answers.

/** A deposit or withdrawal request just recorded. */
export const moneyRequestView = (r: { id: string; status: string; amount: number; method: string; createdAt: Date }) => ({
  _id: r.id,
  status: r.status as RequestStatus,
  amount: toRupees(r.amount),
  method: r.method,
  createdAt: iso(r.createdAt),
});

/** A UPI request just recorded: its deposit, its reference, the `upi://pay` link for it and whom it pays. */
export const upiRequestView = (r: UpiRequest) => ({
  deposit: moneyRequestView(r.deposit),
  reference: r.deposit.reference,
  link: upiPayLink({ payTo: r.payTo, payeeName: r.payeeName, amount: r.deposit.amount, reference: r.deposit.reference }),
  payTo: r.payTo,
  payeeName: r.payeeName,
});

/** One page of wallet history; everyone's (the back office) names each row's player. */
export const historyView = (h: { rows: HistoryRow[]; everyone: boolean; page: number; totalPages: number; total: number }): HistoryPage => ({
  transactions: h.rows.map((r) => ({
    _id: r.id,
    id: r.id,
    type: r.type,
    method: r.method,
    amount: toRupees(r.amount),
    status: r.status as RequestStatus,
    direction: r.direction,
    createdAt: iso(r.createdAt),
    ...(h.everyone ? { userId: r.userId, fullName: r.fullName ?? undefined, email: r.email ?? undefined } : {}),
  })),
  totalPages: h.totalPages,
  page: h.page,
  total: h.total,
});

/** The fields a back-office list shows of every request, deposit or withdrawal. */
export function requestListItem(r: {
  id: string;
  userId: string;
  amount: number;
  method: string;
  status: string;
  remarks: string | null;
  createdAt: Date;
  decidedAt: Date | null;
  fullName: string | null;
  email: string | null;
}) {
  return {
    _id: r.id,
    userId: r.userId,
    amount: toRupees(r.amount),
    method: r.method,
    // The table's CHECK constraint allows only these three.
    status: r.status as RequestStatus,
    remarks: r.remarks,
    createdAt: iso(r.createdAt),
    decidedAt: r.decidedAt ? iso(r.decidedAt) : null,
    fullName: r.fullName,
    email: r.email,
  };
}

/** A player's Telegram subscription request: its invite link once approved. */
export const subscriptionView = (r: DepositRow) => ({
  _id: r.id,
  amount: toRupees(r.amount),
  gameName: typeof r.details?.gameName === 'string' ? r.details.gameName : null,
  status: r.status,
  inviteLink: r.status === 'approved' ? r.inviteLink : null,
  createdAt: iso(r.createdAt),
});

/** The refer or Telegram amount. */
export const fixedAmountView = (row: { id: string; amount: number }) => ({ _id: row.id, amount: toRupees(row.amount) });

/** The back office's deposit queue, each with the two-admin rule's verdict. */
export const depositListView = (l: { items: { row: DepositListItem; needsSecondApproval: boolean }[]; total: number; page: number; totalPages: number }) => ({
  deposit: l.items.map(({ row: r, needsSecondApproval }) => ({
    ...requestListItem(r),
    details: { ...r.details, gameName: (r.details.gameName as string | null | undefined) ?? null },
    // How many other times this transaction id was submitted: a sign of reuse or of a squatted id.
    earlierClaims: r.earlierClaims,
    needsSecondApproval,
    firstApprovedBy: r.firstApprovedBy ? { _id: r.firstApprovedBy, fullName: r.firstApproverName } : null,
    reference: r.reference,
  })),
  total: l.total,
  page: l.page,
  totalPages: l.totalPages,
});

/** The back office's withdrawal queue, each with the two-admin rule's verdict and its risk flags. */
export const withdrawalListView = (l: {
  items: { row: WithdrawalListItem; needsSecondApproval: boolean; risks: string[] }[];
  total: number;
  page: number;
  totalPages: number;
}) => ({
  withdrawals: l.items.map(({ row, needsSecondApproval, risks }) => ({
    ...requestListItem(row),
    category: row.method === 'UPI' ? ('upi' as const) : ('crypto' as const),
    details: row.details,
    needsSecondApproval,
    firstApprovedBy: row.firstApprovedBy ? { _id: row.firstApprovedBy, fullName: row.firstApproverName } : null,
    risks,
  })),
  total: l.total,
  page: l.page,
  totalPages: l.totalPages,
});

/** A player's transactions as a CSV statement. */
export const transactionsCsvView = (rows: HistoryRow[]): string =>
  toCsv(
    ['time (India)', 'type', 'method', 'amount (INR)', 'direction', 'status', 'id'],
    rows.map((r) => [formatIst(r.createdAt), HISTORY_TYPE_LABELS[r.type] ?? r.type, r.method, toRupees(r.amount).toFixed(2), r.direction, r.status, r.id]),
  );
