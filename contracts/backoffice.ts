import { z } from 'zod';
import { exclusionViewSchema } from './responsible.js';
import { checkInternationalPhone, emailSchema, fullNameSchema, optionalOtp, passwordSchema, phoneSchema } from './accounts.js';
import { ok, okMessage } from './envelope.js';
import { ACCESS_PAGES } from './roles.js';

// The back office's user and admin management and its audit log.

export const USERS_PAGE_SIZE = 10;
export const AUDIT_PAGE_SIZE = 50;
/** The most audit rows one CSV export holds; narrow the filters for more. */
export const AUDIT_EXPORT_MAX = 10_000;

const page = z.coerce.number({ error: 'Page must be a number' }).int('Page must be a whole number').min(1).max(1_000_000).default(1);

/** GET /users/?page&limit&q: q finds a name, e-mail, phone or id (part of one). */
export const usersQuerySchema = z.object({
  page,
  limit: z.coerce.number().int().min(1).max(100).default(USERS_PAGE_SIZE),
  q: z.string().trim().max(100, 'Search at most 100 characters').optional(),
});

/** One user as the back office lists them: never a password or its hash. */
export const managedUserSchema = z.object({
  _id: z.string(),
  fullName: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  createdAt: z.string(),
  role: z.enum(['user', 'admin']),
  verified: z.boolean(),
  blocked: z.boolean(),
  /** A time-out or self-exclusion the player took, while it lasts (read only: nobody can shorten it). */
  exclusion: exclusionViewSchema.nullable().optional(),
  /** Until when withdrawals wait after an admin set this player's password or contact (a second admin may release them). */
  withdrawalsHeldUntil: z.string().nullable().optional(),
});
export type ManagedUser = z.infer<typeof managedUserSchema>;

/** GET /users/: `users` at the top level, as the original client reads it, with server paging. */
export const usersAnswerSchema = okMessage.extend({
  users: z.array(managedUserSchema),
  page: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
});

/** PUT /users/{id}: an empty or missing password leaves it unchanged. */
export const updateUserSchema = z.object({
  fullName: fullNameSchema,
  email: emailSchema,
  phoneNumber: phoneSchema,
  password: z.union([z.literal(''), passwordSchema]).nullish(),
});
export const userAnswerSchema = ok(managedUserSchema);

/** POST /admin/users/{id}/block */
export const blockSchema = z.object({ blocked: z.boolean({ error: 'Say blocked: true or false' }) });
/** POST /admin/users/{id}/password */
export const setPasswordSchema = z.object({ password: passwordSchema });

/**
 * The original app's admin phone: non-digits removed, exactly ten digits, then +91 in front (a number that
 * already starts with 91 after the ten digits check only gains the +).
 */
export function adminPhone(raw: string): { ok: true; phone: string } | { ok: false; message: string } {
  const digits = raw.replace(/\D/g, '');
  // The original client sends "+91" and the ten digits; a person types the ten digits.
  const national = digits.length === 12 && digits.startsWith('91') ? digits.slice(2) : digits;
  if (national.length !== 10) return { ok: false, message: 'Phone number must be exactly 10 digits' };
  const checked = checkInternationalPhone(`+91${national}`);
  return checked.ok ? { ok: true, phone: checked.e164 } : { ok: false, message: checked.message };
}
const adminPhoneSchema = z
  .string({ error: 'Phone number is required' })
  .max(32, 'Phone number must be exactly 10 digits')
  .transform((v, ctx) => {
    const checked = adminPhone(v);
    if (!checked.ok) {
      ctx.addIssue({ code: 'custom', message: checked.message });
      return z.NEVER;
    }
    return checked.phone;
  });
const accessPagesList = z
  .array(z.enum(ACCESS_PAGES, { error: `Access pages are ${ACCESS_PAGES.join(', ')}` }), { error: 'Choose the access pages' })
  .max(ACCESS_PAGES.length);
const accessPagesSchema = accessPagesList.transform((pages) => [...new Set(pages)]);
export const NO_ACCESS_PAGE = 'Choose at least one access page: an admin without one can open nothing.';
/** A new admin holds at least one page: one created without any could sign in to an empty back office. */
const newAdminPagesSchema = accessPagesList.min(1, NO_ACCESS_PAGE).transform((pages) => [...new Set(pages)]);

/** One admin of the Admin Controller table. */
export const adminRowSchema = z.object({
  _id: z.string(),
  fullName: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  accessPages: z.array(z.enum(ACCESS_PAGES)),
  /** Rupees of deposits and withdrawals this admin may approve per day; null: the site's ADMIN_DAILY_APPROVAL_LIMIT. */
  dailyApprovalLimit: z.number().nullable(),
  createdAt: z.string(),
  /** A change one admin may not make alone, waiting for a second admin to make the same change. */
  proposedChange: z
    .object({
      dailyApprovalLimit: z.number().nullable().optional(),
      email: z.string().optional(),
      phoneNumber: z.string().optional(),
      by: z.object({ _id: z.string(), fullName: z.string().nullable() }),
      at: z.string(),
    })
    .nullable()
    .optional(),
});
export type AdminRow = z.infer<typeof adminRowSchema>;
export const adminsAnswerSchema = ok(z.array(adminRowSchema));
export const adminAnswerSchema = ok(adminRowSchema);
/**
 * PUT /admin/update-admin's answer. An admin's own new e-mail or phone is not written at once: a
 * code goes to the new address, and `pendingContact` names what waits for it (POST /admin/confirm-contact).
 */
export const updateAdminAnswerSchema = ok(
  adminRowSchema.extend({ pendingContact: z.object({ email: z.string().optional(), phoneNumber: z.string().optional() }).optional() }),
);
/** POST /admin/confirm-contact: the code sent to each new address. */
export const confirmContactSchema = z.object({ emailOTP: optionalOtp, smsOTP: optionalOtp });

/** POST /admin/add-admin */
export const addAdminSchema = z.object({
  name: fullNameSchema,
  email: emailSchema,
  phone: adminPhoneSchema,
  password: passwordSchema,
  accessPages: newAdminPagesSchema,
});
/** PUT /admin/update-admin: the edited row, found by _id. */
export const updateAdminSchema = z.object({
  _id: z.string({ error: 'The admin id is required' }).trim().min(1).max(64),
  fullName: fullNameSchema,
  email: emailSchema,
  phoneNumber: adminPhoneSchema,
  accessPages: accessPagesSchema,
  /** Rupees; null clears it (the site's limit applies); left out, it stays as it is (the original client sends no such field). */
  dailyApprovalLimit: z
    .number({ error: 'The daily limit must be a number of rupees' })
    .min(0, 'The daily limit cannot be negative')
    .max(100_000_000, 'That daily limit is too large')
    .nullable()
    .optional(),
});
/** DELETE /admin/delete-admin, a JSON body. */
export const deleteAdminSchema = z.object({ email: emailSchema });

/** GET /admin/audit?page&actor&action&from&to (dates YYYY-MM-DD, India time, both included). */
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are YYYY-MM-DD')
  .refine((v) => !Number.isNaN(Date.parse(v)), 'That date does not exist');
export const auditQuerySchema = z.object({
  page,
  actor: z.string().trim().max(64).optional(),
  action: z.string().trim().max(64).optional(),
  from: day.optional(),
  to: day.optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;
export const auditEntrySchema = z.object({
  _id: z.string(),
  createdAt: z.string(),
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntryView = z.infer<typeof auditEntrySchema>;
export const auditAnswerSchema = ok(
  z.object({
    entries: z.array(auditEntrySchema),
    page: z.number().int(),
    totalPages: z.number().int(),
    total: z.number().int(),
    /** The actions and admins seen in the log, for the filters. */
    actions: z.array(z.string()),
    actors: z.array(z.object({ _id: z.string(), fullName: z.string() })),
  }),
);
