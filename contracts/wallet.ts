import { z } from 'zod';
import { CRYPTO_NETWORKS, CRYPTO_TYPES, ERC20_ADDRESS_PATTERN, RATE_MESSAGE, readRate, TRC20_ADDRESS_PATTERN } from './crypto.js';
import { claimedUserIdSchema } from './ids.js';
import { amountSchema } from './money.js';

export { CRYPTO_NETWORKS, CRYPTO_TYPES, ERC20_ADDRESS_PATTERN, TRC20_ADDRESS_PATTERN, type CryptoNetwork, type CryptoType } from './crypto.js';

// Shared by the server (validation) and the web (forms): the wallet's methods, limits and patterns.

export const DEPOSIT_METHODS = ['UPI', 'Crypto', 'Telegram'] as const;
export type DepositMethod = (typeof DEPOSIT_METHODS)[number];
export const WITHDRAW_METHODS = ['UPI', 'USDT', 'ETH'] as const;
export type WithdrawMethod = (typeof WITHDRAW_METHODS)[number];
/** Tabs of the withdraw screen, in order, with the method each one sends. */
export const WITHDRAW_TABS = [
  { label: 'INR', method: 'UPI' },
  { label: 'USDT', method: 'USDT' },
  { label: 'ETH', method: 'ETH' },
] as const;

export const USDT_NETWORKS = ['TRC20', 'ERC20'] as const;
export type UsdtNetwork = (typeof USDT_NETWORKS)[number];
export const DEFAULT_USDT_NETWORK: UsdtNetwork = 'TRC20';

export const QUICK_AMOUNTS = [100, 200, 300, 500, 1000, 2000, 3000, 5000] as const;
/** The deposit screen's fixed remark. */
export const DEPOSIT_REMARKS = 'Payment request for INR';
export const DEPOSIT_SUCCESS_TITLE = 'Deposit Submitted';
export const DEPOSIT_SUCCESS_TEXT = 'Your deposit request has been submitted successfully!';

export const REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
export const DECISIONS = ['approved', 'rejected'] as const;
export type Decision = (typeof DECISIONS)[number];
/** The back office's method filter: UPI, crypto (USDT, ETH or Crypto) or telegram. */
export const METHOD_FILTERS = ['upi', 'crypto', 'telegram'] as const;
export type MethodFilter = (typeof METHOD_FILTERS)[number];

export const HISTORY_PAGE_SIZE = 10;
/** Kinds a history row may carry; ledger kinds (bets, wins, rewards …) appear as their features ship. */
/** Each history type's name in English; the web shows it in the player's language (its catalog has each). */
export const HISTORY_TYPE_LABELS: Record<string, string> = {
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
  bet: 'Bet',
  win: 'Win',
  spin_prize: 'Spin Prize',
  referral_reward: 'Referral Reward',
  adjustment: 'Adjustment',
};

export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
export const ACCOUNT_NUMBER_PATTERN = /^\d{9,18}$/;
export const PHONE_PATTERN = /^\+?[0-9][0-9 -]{6,18}[0-9]$/;
/** A UPI reference or a chain transaction hash: no spaces, 4 to 128 characters. */
export const PAY_NUMBER_PATTERN = /^[A-Za-z0-9._:/#-]{4,128}$/;

/** Image types a QR code upload may have (read from its bytes), with the extension its stored file gets. No SVG: it can carry script. */
export const UPLOAD_IMAGE_TYPES: Readonly<Record<string, string>> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/gif': 'gif' };

/**
 * What a QR code pays to, for players to copy: a UPI ID (name@bank) for a UPI code, a wallet
 * address (letters and digits) for a crypto code. Empty means none.
 */
export const PAY_TO_PATTERNS = {
  upi: { pattern: /^[A-Za-z0-9._-]{2,64}@[A-Za-z][A-Za-z0-9]{1,63}$/, message: 'Enter the UPI ID as name@bank, for example rupeearcade@okaxis' },
  crypto: { pattern: /^[A-Za-z0-9]{20,128}$/, message: 'Enter the wallet address: 20 to 128 letters and digits' },
} as const;

/** The checked pay-to text of a QR code of `kind`: null when empty, an error message when malformed. */
export function checkPayTo(
  kind: keyof typeof PAY_TO_PATTERNS,
  raw: string | null | undefined,
): { ok: true; value: string | null } | { ok: false; message: string } {
  const value = raw?.trim() ?? '';
  if (!value) return { ok: true, value: null };
  const rule = PAY_TO_PATTERNS[kind];
  return rule.pattern.test(value) ? { ok: true, value } : { ok: false, message: rule.message };
}

/** Accepts any letter case ("upi", "Upi") and answers the canonical spelling. */
function caseless<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z
    .string({ error: message })
    .trim()
    .max(32, message)
    .transform((v, ctx) => {
      const hit = values.find((c) => c.toLowerCase() === v.toLowerCase());
      if (!hit) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return hit as T[number];
    });
}

export const depositMethodSchema = caseless(DEPOSIT_METHODS, 'Method must be UPI, Crypto or Telegram');
export const withdrawMethodSchema = caseless(WITHDRAW_METHODS, 'Method must be UPI, USDT or ETH');
export const cryptoTypeSchema = caseless(CRYPTO_TYPES, 'Crypto type must be usdt or btc');
export const cryptoNetworkSchema = caseless(CRYPTO_NETWORKS, 'Network must be erc20, trc20 or bitcoin');
export const usdtNetworkSchema = caseless(USDT_NETWORKS, 'Network must be TRC20 or ERC20');
export const decisionSchema = caseless(DECISIONS, 'Status must be approved or rejected');

const text = (max: number, message: string) => z.string({ error: message }).trim().min(1, message).max(max, `Keep it under ${max} characters`);
export const emailSchema = z
  .string({ error: 'Enter a valid e-mail address' })
  .trim()
  .max(254, 'Enter a valid e-mail address')
  .pipe(z.email('Enter a valid e-mail address'));
export const ifscSchema = z
  .string({ error: 'Enter the IFSC code' })
  .trim()
  .max(32, 'Enter a valid IFSC code (e.g. SBIN0001234)')
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(IFSC_PATTERN, 'Enter a valid IFSC code (e.g. SBIN0001234)'));
export const accountNumberSchema = z
  .string({ error: 'Enter the account number' })
  .trim()
  .max(32, 'Account number must be 9 to 18 digits')
  .regex(ACCOUNT_NUMBER_PATTERN, 'Account number must be 9 to 18 digits');
export const phoneSchema = z
  .string({ error: 'Enter a phone number' })
  .trim()
  .max(24, 'Enter a valid phone number')
  .regex(PHONE_PATTERN, 'Enter a valid phone number');
export const payNumberSchema = z
  .string({ error: 'Enter the transaction id or hash' })
  .trim()
  .min(1, 'Enter the transaction id or hash')
  .max(128, 'The transaction id or hash is too long')
  .regex(PAY_NUMBER_PATTERN, 'Enter a valid transaction id or hash (letters and digits, no spaces)');

const walletAddress = (pattern: RegExp, message: string) => z.string({ error: message }).trim().max(128, message).regex(pattern, message);
export const trc20AddressSchema = walletAddress(TRC20_ADDRESS_PATTERN, 'Enter a valid TRC20 wallet address (starts with T, 34 characters)');
export const erc20AddressSchema = walletAddress(ERC20_ADDRESS_PATTERN, 'Enter a valid wallet address (0x followed by 40 hex digits)');

/** INR withdrawal details (the withdraw screen's INR tab). */
export const upiWithdrawalDetailsSchema = z.object({
  email: emailSchema,
  phone: phoneSchema,
  firstName: text(60, 'Enter your first name'),
  lastName: text(60, 'Enter your last name'),
  accountNumber: accountNumberSchema,
  ifsc: ifscSchema,
});
export const usdtWithdrawalDetailsSchema = z
  .object({
    network: usdtNetworkSchema.optional(),
    walletAddress: z.string({ error: 'Enter your wallet address' }).trim().max(128, 'Enter a valid wallet address'),
    email: emailSchema,
  })
  .transform((d, ctx) => {
    const network = d.network ?? DEFAULT_USDT_NETWORK;
    const check = (network === 'TRC20' ? trc20AddressSchema : erc20AddressSchema).safeParse(d.walletAddress);
    if (!check.success) {
      ctx.addIssue({ code: 'custom', path: ['walletAddress'], message: check.error.issues[0].message });
      return z.NEVER;
    }
    return { network, walletAddress: check.data, email: d.email };
  });
export const ethWithdrawalDetailsSchema = z.object({ walletAddress: erc20AddressSchema, email: emailSchema });

export const withdrawalDetailsSchemas = {
  UPI: upiWithdrawalDetailsSchema,
  USDT: usdtWithdrawalDetailsSchema,
  ETH: ethWithdrawalDetailsSchema,
} as const;

const loose = (max: number) => z.union([z.string().max(max), z.number()]).optional();

/** POST /wallet/withraw. `details` is checked against its method's schema above. */
export const withdrawRequestSchema = z.object({
  userId: claimedUserIdSchema.optional().nullable(),
  amount: amountSchema,
  method: withdrawMethodSchema,
  details: z
    .object({
      amount: loose(32),
      email: loose(254),
      phone: loose(32),
      firstName: loose(100),
      lastName: loose(100),
      accountNumber: loose(32),
      ifsc: loose(32),
      network: loose(32),
      walletAddress: loose(128),
    })
    .default({}),
  remarks: z.string().max(500).optional().nullable(),
});

/**
 * A crypto deposit's coin amount, as typed ("11.5"); the coin's own decimals are checked with the
 * coin (contracts/crypto.ts).
 */
export const coinAmountSchema = z
  .union([z.string().trim().max(24, 'Enter the coin amount as a number, for example 11.5'), z.number()], {
    error: 'Enter the coin amount as a number, for example 11.5',
  })
  .transform((v) => (typeof v === 'number' ? String(v) : v))
  .pipe(z.string().regex(/^\d{1,12}(\.\d+)?$/, 'Enter the coin amount as a number, for example 11.5'));

/**
 * POST /wallet/deposit. For Telegram the server takes the amount from the telegram-amount record.
 * A crypto deposit gives the rupee `amount`, or the coin it will send (`details.coinAmount`), and
 * `details.rateSetAt`, the time of the rate the screen showed (a newer rate is refused, not applied).
 */
export const depositRequestSchema = z.object({
  userId: claimedUserIdSchema.optional().nullable(),
  amount: amountSchema.optional().nullable(),
  method: depositMethodSchema,
  details: z.object({
    payNumber: payNumberSchema,
    network: cryptoNetworkSchema.optional().nullable(),
    cryptoType: cryptoTypeSchema.optional().nullable(),
    coinAmount: coinAmountSchema.optional().nullable(),
    rateSetAt: z.iso.datetime({ offset: true, error: 'Give the time of the rate as an ISO date' }).optional().nullable(),
    telegramID: z.string().trim().max(64, 'The Telegram ID is too long').optional().nullable(),
    phoneNumber: z.string().trim().max(32, 'The phone number is too long').optional().nullable(),
    gameName: z.string().trim().max(64, 'The game name is too long').optional().nullable(),
  }),
  remarks: z.string().max(500).optional().nullable(),
});

/**
 * POST /wallet/deposit/upi-request: a UPI request for an exact amount (rupees, as the deposit call
 * takes it), paid to the UPI code's UPI ID with a deposit reference (contracts/upi.ts).
 */
export const upiRequestSchema = z.object({
  userId: claimedUserIdSchema.optional().nullable(),
  amount: amountSchema,
});

/** POST /wallet/deposit/{id}/utr: the UTR of the player's own UPI request, once paid. */
export const depositUtrSchema = z.object({ payNumber: payNumberSchema });

/** Both status PUTs: only `id` and `status` count; `userId` and `amount` are accepted and ignored. */
export const statusUpdateSchema = z.object({
  id: z.string({ error: 'Give the id of the request' }).trim().min(1, 'Give the id of the request').max(64),
  status: decisionSchema,
  userId: z.string().max(64).optional().nullable(),
  amount: z
    .union([z.number(), z.string().max(32)])
    .optional()
    .nullable(),
});

export const fixedAmountRequestSchema = z.object({ amount: amountSchema });

/** PUT /admin/crypto-rates/{coin}: rupees for one coin, at most two decimals. */
export const coinRateParamsSchema = z.object({ coin: cryptoTypeSchema });
export const coinRateRequestSchema = z.object({
  rate: z.union([z.number(), z.string().trim().max(32)], { error: RATE_MESSAGE }).transform((value, ctx) => {
    const read = readRate(value);
    if ('paise' in read) return read.paise;
    ctx.addIssue({ code: 'custom', message: read.problem });
    return z.NEVER;
  }),
});
