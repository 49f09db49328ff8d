import { z } from 'zod';
import { confirmationProblem, CONFIRM_MESSAGES, passwordSchema, registerSchema as registerRequestSchema } from '../../../../contracts/accounts';
import { checkPhone } from './countries';

/**
 * The register form: the register request's own rules (contracts/accounts.ts) for name, e-mail,
 * password and referral code, extended with what only the form has: the phone as the picked
 * country plus national digits (checked against that country), the confirmation, and the age box
 * the form requires ticked.
 */
export const registerSchema = registerRequestSchema
  .pick({ fullName: true, email: true, password: true })
  .extend({
    country: z.string(),
    phone: z.string().min(1, 'Phone number is required'),
    confirmPassword: z.string().min(1, CONFIRM_MESSAGES.required),
    referral: registerRequestSchema.shape.ref_by,
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

/** The new-password step of a reset: the password rule, and its confirmation. */
export const resetFormSchema = z
  .object({ newPassword: passwordSchema, confirmPassword: z.string() })
  .superRefine((v, ctx) => checkConfirmation(v.newPassword, v.confirmPassword, ctx));
export type ResetValues = z.infer<typeof resetFormSchema>;

export type RegisterInput = z.input<typeof registerSchema>;
export type RegisterValues = z.output<typeof registerSchema>;
