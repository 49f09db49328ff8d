import { z } from 'zod';
import { emailSchema, fullNameSchema, passwordSchema } from '../../../../contracts/accounts';
import { checkPhone } from './countries';

/**
 * The register form: the shared rules of contracts/accounts.ts for name, e-mail and password;
 * the phone is the picked country plus national digits, checked against that country.
 */
export const registerSchema = z
  .object({
    fullName: fullNameSchema,
    email: emailSchema,
    country: z.string(),
    phone: z.string().min(1, 'Phone number is required'),
    password: passwordSchema,
    confirmPassword: z.string().min(1, 'Please confirm your password'),
    referral: z.string().trim().max(32, 'Referral code is too long').optional(),
    ageConfirmed: z.boolean().refine((v) => v, 'Please confirm that you are 18 or older'),
  })
  .superRefine((v, ctx) => {
    if (v.phone) {
      const phone = checkPhone(v.country, v.phone);
      if (!phone.ok) ctx.addIssue({ code: 'custom', path: ['phone'], message: phone.message });
    }
    if (v.confirmPassword && v.confirmPassword !== v.password) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'Passwords do not match' });
    }
  });

export type RegisterInput = z.input<typeof registerSchema>;
export type RegisterValues = z.output<typeof registerSchema>;
