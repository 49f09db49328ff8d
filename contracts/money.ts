import { z } from 'zod';
import { AMOUNT_MESSAGES, readAmount } from './amounts.js';

export * from './amounts.js';

/** An amount in rupees as the original client sends it (readAmount), parsed to integer paise. */
export const amountSchema = z.union([z.number(), z.string().trim().max(32)], { error: AMOUNT_MESSAGES.notANumber }).transform((value, ctx) => {
  const read = readAmount(value);
  if ('paise' in read) return read.paise;
  ctx.addIssue({ code: 'custom', message: AMOUNT_MESSAGES[read.problem] });
  return z.NEVER;
});
