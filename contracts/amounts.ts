/*
 * Money as people type and read it, without the schema library (so the web's first screens can
 * use it): the amount rule and the one money format. money.ts adds the schema and re-exports it all.
 */
/** Largest amount any single call may carry, in rupees. */
export const MAX_AMOUNT_RUPEES = 10_000_000;

/** Why a typed or sent amount is not one; each screen may word it its own way. */
export type AmountProblem = 'notANumber' | 'notPositive' | 'tooLarge' | 'tooManyDecimals';

export const AMOUNT_MESSAGES: Record<AmountProblem, string> = {
  notANumber: 'Amount must be a number',
  notPositive: 'Amount must be greater than zero',
  tooLarge: `Amount cannot exceed ${formatRupees(MAX_AMOUNT_RUPEES, 'short')}`,
  tooManyDecimals: 'Amount can have at most two decimals',
};

/**
 * The amount rule, its one home: rupees as a number or a numeric string, positive, at most
 * MAX_AMOUNT_RUPEES (or `max`), at most two decimals. Answers integer paise, so no float ever reaches a
 * stored amount, or what is wrong. The server's schemas and every amount field of the web use it.
 */
export function readAmount(value: number | string, max = MAX_AMOUNT_RUPEES): { paise: number } | { problem: AmountProblem } {
  const n = typeof value === 'number' ? value : /^[+-]?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isFinite(n)) return { problem: 'notANumber' };
  if (n <= 0) return { problem: 'notPositive' };
  if (n > max) return { problem: 'tooLarge' };
  const paise = Math.round(n * 100);
  const decimalsOk = typeof value === 'string' ? !/\.\d{3,}$/.test(value.trim()) : Math.abs(n * 100 - paise) < 1e-6;
  return decimalsOk ? { paise } : { problem: 'tooManyDecimals' };
}

/** Whether text typed into an amount field is an amount (readAmount). */
export const isAmountText = (text: string): boolean => text.trim() !== '' && 'paise' in readAmount(text);

export const toRupees = (paise: number): number => paise / 100;
export const toPaise = (rupees: number): number => Math.round(rupees * 100);

/**
 * Whole digits grouped as en-IN groups them (12,34,567). Done by hand: the header shows a balance
 * on every screen, and the first toLocaleString loads the locale's data, a long task on a phone.
 */
function groupIndian(whole: string): string {
  return whole.length <= 3 ? whole : `${whole.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${whole.slice(-3)}`;
}

/**
 * Rupees as a person reads them, the one money format of the product:
 * - `exact` (lists, dialogs): two decimals, "₹1,234.50";
 * - `balance`: rounded down to whole rupees, "₹1,234" (the balance chip's large balances, formatBalance);
 * - `short` (sentences, messages, amount buttons): whole rupees bare, anything with paise to two decimals, "₹40", "₹0.40".
 */
export function formatRupees(rupees: number, style: 'exact' | 'balance' | 'short' = 'exact'): string {
  const value = style === 'balance' ? Math.floor(rupees) : rupees;
  const [whole, fraction] = Math.abs(value)
    .toFixed(style === 'balance' ? 0 : 2)
    .split('.');
  const paise = style === 'short' && fraction === '00' ? '' : fraction ? `.${fraction}` : '';
  // As en-IN writes a negative amount: ₹-1,234.
  return `₹${value < 0 && (whole !== '0' || /[1-9]/.test(paise)) ? '-' : ''}${groupIndian(whole)}${paise}`;
}

/** From this balance on, the balance chip drops the paise to keep its width, and says so with ≈. */
export const BALANCE_ROUNDED_FROM = 100_000;

/**
 * A balance as the header and the game's chip show it, never disagreeing with the wallet screen:
 * whole rupees bare ("₹1,234"), paise shown ("₹1,234.50"); from ₹1,00,000 a balance with paise
 * is rounded down to whole rupees and says so ("≈₹1,23,456").
 */
export function formatBalance(rupees: number | undefined): string {
  const value = rupees ?? 0;
  if (Math.abs(value) < BALANCE_ROUNDED_FROM) return formatRupees(value, 'short');
  const whole = formatRupees(value, 'balance');
  return Math.round(value * 100) % 100 === 0 ? whole : `≈${whole}`;
}

/** An amount in paise as a message says it: "₹1,234", "₹0.40". */
export const formatInr = (paise: number): string => formatRupees(toRupees(paise), 'short');
