import { z } from 'zod';
import { ok } from './envelope.js';
import { CRYPTO_NETWORKS, CRYPTO_TYPES } from './crypto.js';
import { REQUEST_STATUSES } from './wallet.js';

// The answers of the wallet calls, declared by the routes and read by the web app.

/** One entry of a wallet history page. */
export const historyTransactionSchema = z.object({
  _id: z.string(),
  id: z.string(),
  type: z.string(),
  method: z.string(),
  amount: z.number(),
  status: z.enum(REQUEST_STATUSES),
  /** credit: money came into the wallet (or will, once approved); debit: it left. */
  direction: z.enum(['credit', 'debit']),
  createdAt: z.string(),
  userId: z.string().optional(),
  fullName: z.string().optional(),
  email: z.string().optional(),
});
export type HistoryTransaction = z.infer<typeof historyTransactionSchema>;
export const historyPageSchema = z.object({
  transactions: z.array(historyTransactionSchema),
  totalPages: z.number().int(),
  page: z.number().int(),
  total: z.number().int(),
});
export type HistoryPage = z.infer<typeof historyPageSchema>;

// Answers of the wallet calls.

/** A deposit or withdrawal request just recorded (201). */
export const moneyRequestCreatedSchema = z.object({
  _id: z.string(),
  status: z.enum(REQUEST_STATUSES),
  amount: z.number(),
  method: z.string(),
  createdAt: z.string(),
});
export const moneyRequestAnswerSchema = ok(moneyRequestCreatedSchema);
/**
 * A UPI request for an exact amount (201): its pending deposit, the deposit reference the payment's
 * remark carries, the `upi://pay` link for it (contracts/upi.ts), and whom it pays.
 */
export const upiRequestCreatedSchema = z.object({
  deposit: moneyRequestCreatedSchema,
  reference: z.string(),
  link: z.string(),
  payTo: z.string(),
  payeeName: z.string(),
});
export type UpiRequestCreated = z.infer<typeof upiRequestCreatedSchema>;
export const upiRequestAnswerSchema = ok(upiRequestCreatedSchema);
/** An admin's decision (exactly 200). */
/** A decision; the first of two approvals leaves the request pending, `awaitingSecondApproval`. */
export const decisionAnswerSchema = ok(z.object({ _id: z.string(), status: z.enum(REQUEST_STATUSES), awaitingSecondApproval: z.boolean().optional() }));

/** What the back office lists of every request, deposit or withdrawal. */
const requestListItemShape = {
  _id: z.string(),
  userId: z.string(),
  amount: z.number(),
  method: z.string(),
  status: z.enum(REQUEST_STATUSES),
  remarks: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  fullName: z.string().nullable(),
  email: z.string().nullable(),
};
export const depositListItemSchema = z.object({
  ...requestListItemShape,
  details: z.record(z.string(), z.unknown()),
  /** How many other times this transaction id was submitted: a sign of reuse or of a squatted id. */
  earlierClaims: z.number().int(),
  /** Above DEPOSIT_SECOND_APPROVAL_ABOVE, or approved once already: two different admins must approve. */
  needsSecondApproval: z.boolean(),
  /** The admin who gave the first of those approvals, while the request waits for the second. */
  firstApprovedBy: z.object({ _id: z.string(), fullName: z.string().nullable() }).nullable(),
  /** A UPI request's deposit reference, which the payment's remark carries; null on other deposits. */
  reference: z.string().nullable().optional(),
});
export type DepositListItem = z.infer<typeof depositListItemSchema>;
export const withdrawalListItemSchema = z.object({
  ...requestListItemShape,
  category: z.enum(['upi', 'crypto']),
  details: z.record(z.string(), z.unknown()),
  /** Above WITHDRAWAL_SECOND_APPROVAL_ABOVE, or approved once already: two different admins must approve. */
  needsSecondApproval: z.boolean(),
  /** The admin who gave the first of those approvals, while the request waits for the second. */
  firstApprovedBy: z.object({ _id: z.string(), fullName: z.string().nullable() }).nullable(),
  /** What the approver should look at before paying, in words. */
  risks: z.array(z.string()),
});
export type WithdrawalListItem = z.infer<typeof withdrawalListItemSchema>;
const listPageShape = { total: z.number().int(), page: z.number().int(), totalPages: z.number().int() };
export const depositListAnswerSchema = ok(z.object({ deposit: z.array(depositListItemSchema), ...listPageShape }));
export const withdrawalListAnswerSchema = ok(z.object({ withdrawals: z.array(withdrawalListItemSchema), ...listPageShape }));
export const historyAnswerSchema = ok(historyPageSchema);
export const ledgerCheckAnswerSchema = ok(z.object({ ok: z.boolean(), violations: z.array(z.object({ rule: z.string(), detail: z.string() })) }));

/** A coin's rate as the back office set it: rupees for one coin, and when it was set. */
export const coinRateSchema = z.object({ rate: z.number(), setAt: z.string() });
export type CoinRate = z.infer<typeof coinRateSchema>;

/**
 * A payment QR code; `imageUrl` is a path on the API host starting with `/`, `payTo` the UPI ID or
 * wallet address it pays to, when the back office gave one. A crypto code names its `coin` and
 * `network` and carries its coin's `rate`; a crypto code without them (uploaded before codes named
 * them), or whose coin has no rate, takes no deposits. Both are null on a UPI code.
 */
export const qrCodeSchema = z.object({
  _id: z.string(),
  title: z.string(),
  /** The title in Hindi, for Hindi readers; null when the back office wrote none (the original client reads `title`). */
  titleHi: z.string().nullable().optional(),
  imageUrl: z.string(),
  payTo: z.string().nullable(),
  coin: z.enum(CRYPTO_TYPES).nullable(),
  network: z.enum(CRYPTO_NETWORKS).nullable(),
  rate: coinRateSchema.nullable(),
});
export type QrCode = z.infer<typeof qrCodeSchema>;
export const qrCodeListAnswerSchema = ok(z.array(qrCodeSchema));
export const qrCodeAnswerSchema = ok(qrCodeSchema);

/** GET /admin/crypto-rates: every coin, with its rate or null while none is set. */
export const coinRateEntrySchema = z.object({ coin: z.enum(CRYPTO_TYPES), rate: coinRateSchema.nullable() });
export type CoinRateEntry = z.infer<typeof coinRateEntrySchema>;
export const coinRatesAnswerSchema = ok(z.array(coinRateEntrySchema));
export const coinRateAnswerSchema = ok(coinRateEntrySchema);

/** The refer amount or the Telegram amount, in rupees. */
export const fixedAmountSchema = z.object({ _id: z.string(), amount: z.number() });
export type FixedAmount = z.infer<typeof fixedAmountSchema>;
/** GET /refer-amount and /telegram-amount answer a bare array (the original client reads it so). */
export const fixedAmountListSchema = z.array(fixedAmountSchema);
export const fixedAmountAnswerSchema = ok(fixedAmountSchema);
