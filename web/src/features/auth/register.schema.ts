import { z } from 'zod';
import { confirmationProblem, CONFIRM_MESSAGES, emailSchema, fullNameSchema, passwordSchema } from '../../../../contracts/accounts';
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
    confirmPassword: z.string().min(1, CONFIRM_MESSAGES.required),
    referral: z.string().trim().max(32, 'Referral code is too long').optional(),
    ageConfirmed: z.boolean().refine((v) => v, 'Please confirm that you are 18 or older'),
  })
  .superRefine((v, ctx) => {
    if (v.phone) {
      const phone = checkPhone(v.country, v.phone);
      if (!phone.ok) ctx.addIssue({ code: 'custom', path: ['phone'], message: phone.message });
    }
    checkConfirmation(v.password, v.confirmPassword, ctx);
  });

/** Says on the confirmation field that it differs from the new password (its emptiness is the field's own rule). */
function checkConfirmation(password: string, confirmation: string, ctx: z.RefinementCtx) {
  const problem = confirmation ? confirmationProblem(password, confirmation) : undefined;
  if (problem) ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: problem });
}

export type RegisterInput = z.input<typeof registerSchema>;
export type RegisterValues = z.output<typeof registerSchema>;
