import { z } from 'zod';

/** Largest amount any single call may carry, in rupees. */
export const MAX_AMOUNT_RUPEES = 10_000_000;

/**
 * An amount in rupees as the spec's client sends it: a number or a numeric string, positive,
 * at most two decimals. Parses to integer paise, so no float ever reaches a stored amount.
 */
export const amountSchema = z.union([z.number(), z.string().trim().max(32)], { error: 'Amount must be a number' }).transform((value, ctx) => {
  const n = typeof value === 'number' ? value : /^[+-]?\d+(\.\d+)?$/.test(value) ? Number(value) : NaN;
  const fail = (message: string) => {
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  };
  if (!Number.isFinite(n)) return fail('Amount must be a number');
  if (n <= 0) return fail('Amount must be greater than zero');
  if (n > MAX_AMOUNT_RUPEES) return fail(`Amount cannot exceed ₹${MAX_AMOUNT_RUPEES.toLocaleString('en-IN')}`);
  const paise = Math.round(n * 100);
  const decimalsOk = typeof value === 'string' ? !/\.\d{3,}$/.test(value) : Math.abs(n * 100 - paise) < 1e-6;
  if (!decimalsOk) return fail('Amount can have at most two decimals');
  return paise;
});

export const toRupees = (paise: number): number => paise / 100;
export const toPaise = (rupees: number): number => Math.round(rupees * 100);
/** An amount in paise as a person reads it in a message: "₹1,234.5". */
export const formatInr = (paise: number): string => `₹${toRupees(paise).toLocaleString('en-IN', { maximumFractionDigits: 2 })}`;
