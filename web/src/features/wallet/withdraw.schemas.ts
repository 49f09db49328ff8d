import { isValidPhoneNumber } from 'libphonenumber-js';
import { z } from 'zod';
import { isAmountText } from '../../../../contracts/amounts';
import {
  DEFAULT_USDT_NETWORK,
  ethWithdrawalDetailsSchema,
  upiWithdrawalDetailsSchema,
  usdtWithdrawalDetailsSchema,
  USDT_NETWORKS,
} from '../../../../contracts/wallet';

// The server's own detail schemas plus the amount as typed, so the form and the server agree;
// the server still decides what is accepted.
const amount = z.string().trim().min(1, 'Enter the amount').refine(isAmountText, 'Enter an amount in rupees, with at most two decimals');

export const inrSchema = upiWithdrawalDetailsSchema
  .extend({ amount })
  .refine((v) => isValidPhoneNumber(v.phone, 'IN'), { path: ['phone'], message: 'Enter a valid phone number' });
export const usdtSchema = z.object({ amount, network: z.enum(USDT_NETWORKS) }).and(usdtWithdrawalDetailsSchema);
export const ethSchema = ethWithdrawalDetailsSchema.extend({ amount });

export const USDT_DEFAULT_NETWORK = DEFAULT_USDT_NETWORK;
export type InrInput = z.input<typeof inrSchema>;
export type InrOutput = z.output<typeof inrSchema>;
export type UsdtInput = z.input<typeof usdtSchema>;
export type UsdtOutput = z.output<typeof usdtSchema>;
export type EthInput = z.input<typeof ethSchema>;
export type EthOutput = z.output<typeof ethSchema>;
