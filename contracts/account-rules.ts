/*
 * Registration, sign-in and code rules shared by the server and the web forms, apart from the zod
 * shapes of accounts.ts: the sign-in screen reads them, and importing them must not bring zod or
 * the phone-number metadata into its bundle. Messages are the original app's, word for word, so a form and
 * the server say the same thing.
 */
export const OTP_LENGTH = 6;
export const OTP_TTL_SECONDS = 10 * 60;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_RESEND_COOLDOWN_SECONDS = 60;
export const NAME_MIN = 2;
export const PASSWORD_MIN = 8;
/** Games the site knows; a game without a visibility row counts as visible. */
export const GAME_TYPES = ['chicken', 'color'] as const;
export type GameType = (typeof GAME_TYPES)[number];

export const MESSAGES = {
  registered: 'Registration successful! Please verify your email and phone number.',
  ageRequired: 'Please confirm that you are 18 or older to register.',
  verified: 'Account verified successfully! You can now sign in.',
  /** After the verification, when the site has signed the player in by itself (the spec's text would be untrue then). */
  verifiedSignedIn: 'Account verified successfully! You are signed in.',
  loginFailed: 'Invalid credentials or user not verified',
  invalidCode: 'Invalid or expired code',
  tooManyAttempts: 'Too many wrong attempts. Request a new code.',
  oldPasswordWrong: 'Old password is incorrect',
  referralInvalid: 'Referral code is not valid.',
  resetRequested: 'If an account exists for these details, we have sent a reset code to it.',
  passwordReset: 'Your password has been reset. Please sign in with your new password.',
  passwordChanged: 'Password changed successfully.',
} as const;

export const PASSWORD_RULES: [RegExp, string][] = [
  [/[a-z]/, 'Password must contain at least one lowercase letter'],
  [/[A-Z]/, 'Password must contain at least one uppercase letter'],
  [/\d/, 'Password must contain at least one number'],
  [/[^A-Za-z0-9]/, 'Password must contain at least one special character'],
];

export const PASSWORD_MAX = 128;
export const PASSWORD_MESSAGES = {
  required: 'Password is required',
  tooShort: 'Password must be at least 8 characters long',
  tooLong: 'Password must be at most 128 characters long',
} as const;

/**
 * The first rule a new password breaks, or undefined: the rules of passwordSchema (accounts.ts),
 * for a form that shows them as the player types without bringing zod into its screen.
 */
export function passwordProblem(password: string): string | undefined {
  if (!password) return PASSWORD_MESSAGES.required;
  if (password.length > PASSWORD_MAX) return PASSWORD_MESSAGES.tooLong;
  if (password.length < PASSWORD_MIN) return PASSWORD_MESSAGES.tooShort;
  return PASSWORD_RULES.find(([re]) => !re.test(password))?.[1];
}

export const CONFIRM_MESSAGES = { required: 'Please confirm your password', mismatch: 'Passwords do not match' } as const;

/** A new password typed a second time (register, reset, change): required, and the same as the first. */
export function confirmationProblem(password: string, confirmation: string): string | undefined {
  if (!confirmation) return CONFIRM_MESSAGES.required;
  if (confirmation !== password) return CONFIRM_MESSAGES.mismatch;
  return undefined;
}

/** The five criteria of the strength meter and its label. */
export function passwordStrength(password: string): { score: number; label: 'Very Weak' | 'Weak' | 'Fair' | 'Good' | 'Strong' } {
  const score = [password.length >= PASSWORD_MIN, ...PASSWORD_RULES.map(([re]) => re.test(password))].filter(Boolean).length;
  const labels = ['Very Weak', 'Very Weak', 'Weak', 'Fair', 'Good', 'Strong'] as const;
  return { score, label: labels[score] };
}
