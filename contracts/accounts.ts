import { z } from 'zod';
import { LANGUAGES } from './language.js';
import { UUID_PATTERN } from './ids.js';
import { ACCESS_PAGES } from './roles.js';
import { ok, okMessage } from './envelope.js';
import { NAME_MIN, PASSWORD_MAX, PASSWORD_MESSAGES, PASSWORD_MIN, PASSWORD_RULES } from './account-rules.js';
import { checkInternationalPhone } from './phone.js';

export * from './account-rules.js';
export { checkInternationalPhone, countryName, normalizeLoginPhone } from './phone.js';

const text = (label: string, requiredMessage: string) =>
  z.string({ error: (issue) => (issue.input === undefined || issue.input === null ? requiredMessage : `${label} must be text`) });

export const fullNameSchema = text('Name', 'Name is required')
  .max(100, 'Name must be at most 100 characters long')
  .trim()
  .min(1, 'Name is required')
  .min(NAME_MIN, 'Name must be at least 2 characters long')
  .regex(/^[\p{L}\p{M} ]+$/u, 'Name can only contain letters and spaces');

export const emailSchema = text('Email', 'Email is required')
  .max(254, 'Email must be at most 254 characters long')
  .trim()
  .min(1, 'Email is required')
  .pipe(z.email('Please enter a valid email address'))
  .transform((v) => v.toLowerCase());

/** A new password (register, change, reset). */
export const passwordSchema = PASSWORD_RULES.reduce(
  (schema, [re, message]) => schema.regex(re, message),
  text('Password', PASSWORD_MESSAGES.required)
    .max(PASSWORD_MAX, PASSWORD_MESSAGES.tooLong)
    .min(1, PASSWORD_MESSAGES.required)
    .min(PASSWORD_MIN, PASSWORD_MESSAGES.tooShort),
);

/** An existing password (sign-in, old password): any text, checked against the stored hash. */
export const currentPasswordSchema = text('Password', 'Password is required')
  .max(128, 'Password must be at most 128 characters long')
  .min(1, 'Password is required');

/** A phone as registration sends it: "+<dial><digits>", valid for its country; parses to E.164. */
export const phoneSchema = text('Phone number', 'Phone number is required')
  .max(32, 'Phone number is too long')
  .trim()
  .min(1, 'Phone number is required')
  .transform((value, ctx) => {
    const result = checkInternationalPhone(value);
    if (!result.ok) {
      ctx.addIssue({ code: 'custom', message: result.message });
      return z.NEVER;
    }
    return result.e164;
  });

const loginPhoneSchema = text('Phone number', 'Phone number is required').max(32, 'Phone number is too long').trim();

/** Empty, null or missing referral code means none. */
export const referralCodeSchema = z
  .union([z.string().max(32, 'Referral code is too long'), z.null()], { error: 'Referral code must be text' })
  .optional()
  .transform((v) => (v && v.trim() ? v.trim().toUpperCase() : null));

export const languageSchema = z.enum(LANGUAGES, { error: 'Choose English or Hindi' });
/** PUT /users/language: the player's language, for the site and the codes sent by e-mail and SMS. */
export const languageBodySchema = z.object({ language: languageSchema });
export const languageAnswerSchema = ok(z.object({ language: languageSchema }));

export const registerSchema = z.object({
  fullName: fullNameSchema,
  email: emailSchema,
  phoneNumber: phoneSchema,
  password: passwordSchema,
  ref_by: referralCodeSchema,
  /** The player confirms being 18 or older (required unless the operator turned it off). */
  ageConfirmed: z.boolean({ error: 'ageConfirmed must be true or false' }).optional(),
  /** The language the visitor registered in: the codes go out in it. English when not given. */
  language: languageSchema.optional(),
});
export type RegisterInput = z.input<typeof registerSchema>;

const identifierShape = {
  email: text('Email', 'Email is required').max(254, 'Email must be at most 254 characters long').trim().optional(),
  phoneNumber: loginPhoneSchema.optional(),
};

/** Exactly one of e-mail or phone: e-mail wins when both are given. */
const requireIdentifier = <T extends { email?: string; phoneNumber?: string }>(v: T, ctx: z.RefinementCtx) => {
  if (v.email) {
    if (!z.email().safeParse(v.email).success) ctx.addIssue({ code: 'custom', path: ['email'], message: 'Please enter a valid email' });
  } else if (!v.phoneNumber) {
    ctx.addIssue({ code: 'custom', path: ['email'], message: 'Email or phone number is required' });
  }
};

export const loginSchema = z.object({ ...identifierShape, password: currentPasswordSchema }).superRefine(requireIdentifier);
export type LoginInput = z.input<typeof loginSchema>;

export const otpCodeSchema = (label: string) =>
  text(label, 'Please enter 6-digit OTP code')
    .max(16, 'Please enter 6-digit OTP code')
    .trim()
    .regex(/^\d{6}$/, 'Please enter 6-digit OTP code');

export const userIdSchema = text('User id', 'User id is required')
  .max(64, 'User id is not valid')
  .regex(UUID_PATTERN, 'User id is not valid')
  .transform((v) => v.toLowerCase());

/** A code that a deployment may not need (OTP_CHANNELS): empty or null means not given. */
export const optionalOtp = z
  .union([z.string().max(16, 'Please enter 6-digit OTP code'), z.null()], { error: 'Please enter 6-digit OTP code' })
  .optional()
  .transform((v) => v?.trim() || null)
  .refine((v) => v === null || /^\d{6}$/.test(v), 'Please enter 6-digit OTP code');

export const otpVerifySchema = z.object({ userId: userIdSchema, emailOTP: optionalOtp, smsOTP: optionalOtp });
export const otpResendSchema = z.object({ userId: userIdSchema });

export const changePasswordSchema = z.object({
  oldPassword: text('Old password', 'Old password is required').max(128, 'Old password is too long').min(1, 'Old password is required'),
  newPassword: passwordSchema,
});

export const requestResetSchema = z.object(identifierShape).superRefine(requireIdentifier);
/** An admin's second factor, where one is asked for: the authenticator's 6 digits or a recovery code. */
export const secondFactorCodeSchema = z.string().trim().min(1, 'Enter the code from your authenticator app').max(32, 'That code is not right');
export const resetPasswordSchema = z
  .object({
    ...identifierShape,
    otp: otpCodeSchema('Code'),
    newPassword: passwordSchema,
    /** Only an admin's reset while ADMIN_2FA is on needs it. */
    twoFactorCode: secondFactorCodeSchema.optional(),
  })
  .superRefine(requireIdentifier);

/** The user object of login and /users/me. */
export const publicUserSchema = z.object({
  _id: z.string(),
  fullName: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  role: z.enum(['user', 'admin']),
  createdAt: z.string(),
  accessPages: z.array(z.enum(ACCESS_PAGES)).optional(),
  /** The player's language, saved with PUT /users/language. */
  language: languageSchema.optional(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

// Answers of the account calls.

/** POST /users/register → 201. The client reads `userId` (or `data._id`). */
export const registerAnswerSchema = ok(z.object({ _id: z.string(), fullName: z.string(), email: z.string(), phoneNumber: z.string() })).extend({
  userId: z.string(),
  /** Channels whose code could not be sent. */
  undelivered: z.array(z.enum(['email', 'sms'])).optional(),
});
export type RegisterAnswer = z.infer<typeof registerAnswerSchema>;
/** POST /otp/resend: seconds until another code may be asked for. */
export const resendAnswerSchema = ok(z.object({ retryAfter: z.number().int() }));
/** POST /users/login: the refresh token is only ever in its httpOnly cookie. */
export const loginAnswerSchema = ok(z.object({ accessToken: z.string(), user: publicUserSchema }));
/**
 * POST /users/login for an admin when ADMIN_2FA is on: no session yet, but a challenge for the
 * second step; `setup` when the admin has no authenticator app yet.
 */
export const secondFactorAnswerSchema = ok(z.object({ twoFactor: z.enum(['code', 'setup']), challenge: z.string() }));
export const secondFactorSetupSchema = z.object({ challenge: z.string({ error: 'The sign-in challenge is required' }).min(1).max(2000) });
export const secondFactorSetupAnswerSchema = ok(z.object({ secret: z.string(), otpauthUrl: z.string() }));
export const secondFactorVerifySchema = secondFactorSetupSchema.extend({
  code: z
    .string({ error: 'Enter the code from your authenticator app' })
    .trim()
    .min(6, 'Enter the 6-digit code from your app')
    .max(20, 'That code is too long'),
});
/** The second step's answer: the session, and the recovery codes once, right after set-up. */
export const secondFactorVerifyAnswerSchema = ok(z.object({ accessToken: z.string(), user: publicUserSchema, recoveryCodes: z.array(z.string()).optional() }));
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;
export const refreshAnswerSchema = ok(z.object({ accessToken: z.string() }));
/** GET /users/me: `user` at the top level. */
export const meAnswerSchema = okMessage.extend({ user: publicUserSchema });
/** GET /users/balance/{userId}: rupees at the top level. */
export const balanceAnswerSchema = okMessage.extend({ balance: z.number() });
/** GET /users/referral-link/{userId}: at the top level and in `data`. */
export const referralLinkAnswerSchema = okMessage.extend({ referralLink: z.string(), data: z.object({ referralLink: z.string() }) });

// Site settings every visitor reads.
export const visibleGamesAnswerSchema = ok(z.array(z.string()));
/**
 * GET /notification/get: `message` is the notification itself, null when there is none; `messageHi`
 * its Hindi version for Hindi readers, null when the back office wrote none (the original client
 * reads `message` only).
 */
export const notificationAnswerSchema = z.object({ success: z.literal(true), message: z.string().nullable(), messageHi: z.string().nullable().optional() });

/** GET /dev/outbox (development only): what the server would have sent, newest first. */
export const outboxAnswerSchema = ok(
  z.array(z.object({ to: z.string(), channel: z.enum(['email', 'sms']), code: z.string().nullable(), text: z.string(), createdAt: z.string() })),
);
