import { and, eq, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

export type UserRow = typeof users.$inferSelect;

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
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
    Partial<Pick<UserRow, 'referredBy' | 'role' | 'accessPages' | 'verifiedAt'>>,
): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row;
}

/** A registration repeated before verification takes over the unverified record. */
export async function updateUnverifiedUser(
  db: DbOrTx,
  id: string,
  values: Pick<UserRow, 'fullName' | 'email' | 'phoneNumber' | 'passwordHash' | 'referredBy'>,
): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(users.id, id), sql`${users.verifiedAt} IS NULL`))
    .returning();
  return row;
}

export async function markVerified(db: DbOrTx, id: string): Promise<void> {
  await db.update(users).set({ verifiedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(users.id, id));
}

/**
 * Sets a new password and raises the token version, so every access token issued before it is
 * refused from now on (a new password means whoever held the old one is out).
 */
export async function setPasswordHash(db: DbOrTx, id: string, passwordHash: string): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, updatedAt: sql`now()`, tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, id));
}

export async function anyAdminExists(db: DbOrTx): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
  return Boolean(row);
}

export async function lockUser(db: DbOrTx, id: string): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
}
