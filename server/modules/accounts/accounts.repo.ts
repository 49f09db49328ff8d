import type { Language } from '../../../contracts/language.js';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import { pgError, PG } from '../../lib/errors.js';
import { users } from '../../db/schema/index.js';

export type UserRow = typeof users.$inferSelect;

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row;
}

export async function findUserByPhone(db: DbOrTx, phoneNumber: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.phoneNumber, phoneNumber));
  return row;
}

export async function findUserByReferralCode(db: DbOrTx, code: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.referralCode, code));
  return row;
}

/** Every account holding this e-mail or this phone, locked for the registration's transaction. */
export async function lockUsersByEmailOrPhone(db: DbOrTx, email: string, phoneNumber: string): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(or(sql`lower(${users.email}) = ${email.toLowerCase()}`, eq(users.phoneNumber, phoneNumber)))
    .for('update');
}

export async function referralCodeTaken(db: DbOrTx, code: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.referralCode, code));
  return Boolean(row);
}

export async function insertUser(
  db: DbOrTx,
  values: Pick<UserRow, 'fullName' | 'email' | 'phoneNumber' | 'passwordHash' | 'referralCode'> &
    Partial<
      Pick<UserRow, 'referredBy' | 'role' | 'accessPages' | 'verifiedAt' | 'ageConfirmedAt' | 'language' | 'createdBy' | 'dailyApprovalLimit' | 'createdAt'>
    >,
): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row;
}

/**
 * Removes an unverified registration older than `hours`, with its empty wallet, so its e-mail and
 * phone can be registered afresh. Answers false (and removes nothing) when the record is younger,
 * verified, or anything else refers to it.
 */
export async function deleteAbandonedRegistration(db: DbOrTx, id: string, hours: number, now: Date): Promise<boolean> {
  const abandoned = sql`EXISTS (SELECT 1 FROM users u WHERE u.id = ${id} AND u.verified_at IS NULL AND u.created_at < ${now.toISOString()}::timestamptz - make_interval(hours => ${hours}))
    AND NOT EXISTS (SELECT 1 FROM users r WHERE r.referred_by = ${id})
    AND NOT EXISTS (SELECT 1 FROM ledger_accounts a JOIN ledger_transfers t ON t.debit_account_id = a.id OR t.credit_account_id = a.id WHERE a.user_id = ${id})`;
  const remove = sql`WITH gone_accounts AS (DELETE FROM ledger_accounts WHERE user_id = ${id} AND ${abandoned} RETURNING 1)
    DELETE FROM users WHERE id = ${id} AND ${abandoned} RETURNING id`;
  try {
    // A savepoint: a row elsewhere that still refers to the person keeps them, and the outer transaction goes on.
    return await (db as Tx).transaction(async (sp) => ((await sp.execute(remove)) as unknown as { rows: unknown[] }).rows.length === 1);
  } catch (err) {
    if (pgError(err).code === PG.foreignKeyViolation) return false;
    throw err;
  }
}

/** Marks the account verified; answers false when it already was (so a first verification is known). */
export async function markVerified(db: DbOrTx, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ verifiedAt: now, updatedAt: now })
    .where(and(eq(users.id, id), isNull(users.verifiedAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/**
 * Sets a new password and raises the token version, so every access token issued before it is
 * refused from now on (a new password means whoever held the old one is out).
 */
export async function setPasswordHash(db: DbOrTx, id: string, passwordHash: string, now: Date): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, updatedAt: now, tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, id));
}

/** Keeps the player's language (the site's after sign-in, and their codes'). */
export async function setLanguage(db: DbOrTx, id: string, language: Language, now: Date): Promise<void> {
  await db.update(users).set({ language, updatedAt: now }).where(eq(users.id, id));
}

export async function anyAdminExists(db: DbOrTx): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
  return Boolean(row);
}

export async function lockUser(db: DbOrTx, id: string): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
}
