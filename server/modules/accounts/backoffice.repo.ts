import { and, count, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import type { UserRow } from './accounts.repo.js';

/** Escapes LIKE's wildcards so a search for "50%" finds that text. */
const likeText = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Players and admins matching `q` (name, e-mail, phone or id, any part), newest first, with the total. */
export async function listUsers(db: DbOrTx, opts: { q?: string; limit: number; offset: number }): Promise<{ rows: UserRow[]; total: number }> {
  const pattern = opts.q ? likeText(opts.q) : null;
  const where: SQL | undefined = pattern
    ? or(ilike(users.fullName, pattern), ilike(users.email, pattern), ilike(users.phoneNumber, pattern), sql`${users.id}::text ILIKE ${pattern}`)
    : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(users).where(where).orderBy(desc(users.createdAt), desc(users.id)).limit(opts.limit).offset(opts.offset),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { rows, total };
}

/** The row, locked for the change that reads it. */
export async function lockUserRow(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

export async function lockUserRowByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .for('update');
  return row;
}

/** Name, e-mail and phone (and, for admins, pages); a new password hash also voids every token issued. */
export async function updateUserRow(
  db: DbOrTx,
  id: string,
  values: Partial<
    Pick<
      UserRow,
      | 'fullName'
      | 'email'
      | 'phoneNumber'
      | 'accessPages'
      | 'role'
      | 'blockedAt'
      | 'dailyApprovalLimit'
      | 'pendingEmail'
      | 'pendingPhone'
      | 'managedBy'
      | 'managedAt'
      | 'proposedChange'
      | 'withdrawalsHeldUntil'
      | 'withdrawalsHeldBy'
    >
  > & {
    passwordHash?: string;
  },
  now: Date,
): Promise<UserRow> {
  // Pages and role are read afresh on every request; a password or a block must end the sessions.
  const endsSessions = values.passwordHash !== undefined || Boolean(values.blockedAt);
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: now, ...(endsSessions ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}) })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** Every admin, oldest first. */
export async function listAdmins(db: DbOrTx): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(and(eq(users.role, 'admin'), sql`${users.blockedAt} IS NULL`))
    .orderBy(users.createdAt, users.id);
}

/** Admins (not blocked) holding `page`, other than `exceptId`, locked so two removals cannot both pass. */
export async function lockOtherAdminsWithPage(db: DbOrTx, page: string, exceptId: string): Promise<{ id: string }[]> {
  return db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), sql`${users.blockedAt} IS NULL`, sql`${page} = ANY(${users.accessPages})`, ne(users.id, exceptId)))
    .for('update');
}
