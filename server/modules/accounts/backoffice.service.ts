import { exclusionsOf } from '../responsible/index.js';
import type { z } from 'zod';
import type { addAdminSchema, confirmContactSchema, updateAdminSchema, updateUserSchema, usersQuerySchema } from '../../../contracts/backoffice.js';
import { toPaise, toRupees } from '../../../contracts/money.js';
import type { AccessPage } from '../../../contracts/roles.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { badRequest, conflict, forbidden, notFound, pgError, PG } from '../../lib/errors.js';
import { isUuid } from '../../../contracts/ids.js';
import { hashPassword } from '../../lib/passwords.js';
import { totalPages } from '../../lib/paging.js';
import type { AuthUser } from '../../types.js';
import { audit } from '../audit/index.js';
import { ensureWallet } from '../ledger/index.js';
import type { UserRow } from './accounts.repo.js';
import * as users from './accounts.repo.js';
import { newReferralCode } from './accounts.service.js';
import type { AccountsDeps } from './accounts.service.js';
import * as repo from './backoffice.repo.js';
import * as contact from './contact-change.service.js';
import type { ContactChange, ContactTarget } from './contact-change.service.js';
import type { IssuedCode } from './otp.service.js';
import { revokeAllForUser } from './session.repo.js';
import { managedUserView } from './user.view.js';

/** The page that manages admins: nobody may remove the last admin who holds it. */
const ADMIN_MANAGEMENT: AccessPage = 'admin-management';

/** What the audit log keeps of a person: never a password or its hash. */
const auditView = (row: UserRow) => ({
  ...managedUserView(row),
  ...(row.role === 'admin'
    ? { accessPages: row.accessPages, dailyApprovalLimit: row.dailyApprovalLimit === null ? null : toRupees(row.dailyApprovalLimit) }
    : {}),
});

/** An e-mail or phone that another account holds: a clear 409 instead of the index's error. */
function taken(err: unknown): never {
  const { code, constraint } = pgError(err);
  if (code === PG.uniqueViolation && constraint === 'users_email_key') throw conflict('An account with this email already exists.', 'EMAIL_TAKEN');
  if (code === PG.uniqueViolation && constraint === 'users_phone_key') throw conflict('An account with this phone number already exists.', 'PHONE_TAKEN');
  throw err;
}

async function lockPlayer(tx: DbOrTx, rawId: string): Promise<UserRow> {
  const row = isUuid(rawId) ? await repo.lockUserRow(tx, rawId.toLowerCase()) : undefined;
  if (!row) throw notFound('User not found.');
  // All Users (the transaction page) must not become a way around Admin Controller.
  if (row.role === 'admin') throw forbidden('Admins are managed in Admin Controller.', 'ADMIN_ACCOUNT');
  return row;
}

/** One page of users, each with the time-out or self-exclusion they are on, if any. */
export async function listManagedUsers(db: DbOrTx, query: z.infer<typeof usersQuerySchema>, now: Date) {
  const { rows, total } = await repo.listUsers(db, { q: query.q || undefined, limit: query.limit, offset: (query.page - 1) * query.limit });
  const exclusions = await exclusionsOf(
    db,
    rows.map((r) => r.id),
    now,
  );
  return {
    users: rows.map((row) => ({ row, exclusion: exclusions.get(row.id) ?? null })),
    page: query.page,
    totalPages: totalPages(total, query.limit),
    total,
  };
}

/** PUT /users/{id}: name, e-mail and phone, and a new password when one is given. */
export async function updateManagedUser(db: Db, actor: AuthUser, id: string, input: z.infer<typeof updateUserSchema>, now: Date): Promise<UserRow> {
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  try {
    return await db.transaction(async (tx) => {
      const before = await lockPlayer(tx, id);
      const after = await repo.updateUserRow(
        tx,
        before.id,
        { fullName: input.fullName, email: input.email, phoneNumber: input.phoneNumber, passwordHash },
        now,
      );
      if (passwordHash) await revokeAllForUser(tx, before.id, now);
      await audit(tx, {
        actorId: actor.id,
        action: 'user.update',
        entity: 'user',
        entityId: before.id,
        before: auditView(before),
        after: { ...auditView(after), ...(passwordHash ? { passwordChanged: true } : {}) },
      });
      return after;
    });
  } catch (err) {
    taken(err);
  }
}

/** Sets a new password for a player; every session of theirs ends. */
export async function setManagedUserPassword(db: Db, actor: AuthUser, id: string, password: string, now: Date): Promise<UserRow> {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const before = await lockPlayer(tx, id);
    const after = await repo.updateUserRow(tx, before.id, { passwordHash }, now);
    await revokeAllForUser(tx, before.id, now);
    await audit(tx, { actorId: actor.id, action: 'user.password', entity: 'user', entityId: before.id, after: { passwordChanged: true } });
    return after;
  });
}

/** Blocks (every session ends at its next call, and sign-in is refused) or unblocks a player. */
export async function setManagedUserBlocked(db: Db, actor: AuthUser, id: string, blocked: boolean, now: Date): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const before = await lockPlayer(tx, id);
    if (Boolean(before.blockedAt) === blocked) return before;
    const after = await repo.updateUserRow(tx, before.id, { blockedAt: blocked ? now : null }, now);
    if (blocked) await revokeAllForUser(tx, before.id, now);
    await audit(tx, {
      actorId: actor.id,
      action: blocked ? 'user.block' : 'user.unblock',
      entity: 'user',
      entityId: before.id,
      before: { blocked: !blocked },
      after: { blocked },
    });
    return after;
  });
}

export async function listAdminRows(db: DbOrTx): Promise<UserRow[]> {
  return repo.listAdmins(db);
}

/** An admin grants only the pages they hold themselves. */
function assertGrantable(actor: AuthUser, pages: readonly AccessPage[]): void {
  const missing = pages.filter((p) => !actor.accessPages.includes(p));
  if (missing.length) throw forbidden(`You can only grant pages you hold yourself: not ${missing.join(', ')}.`, 'PAGE_NOT_HELD');
}

/** POST /admin/add-admin: a verified admin account with its wallet. */
export async function addAdmin(db: Db, actor: AuthUser, input: z.infer<typeof addAdminSchema>, now: Date): Promise<UserRow> {
  assertGrantable(actor, input.accessPages);
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const row = await users.insertUser(tx, {
        fullName: input.name,
        email: input.email,
        phoneNumber: input.phone,
        passwordHash,
        referralCode: await newReferralCode(tx),
        role: 'admin',
        accessPages: input.accessPages,
        verifiedAt: now,
      });
      await ensureWallet(tx, row.id);
      await audit(tx, { actorId: actor.id, action: 'admin.create', entity: 'admin', entityId: row.id, after: auditView(row) });
      return row;
    });
  } catch (err) {
    taken(err);
  }
}

/** Refuses a change that would leave no admin able to manage admins. */
async function keepAdminManagement(tx: DbOrTx, target: UserRow, keeps: boolean): Promise<void> {
  if (keeps || !target.accessPages.includes(ADMIN_MANAGEMENT)) return;
  const others = await repo.lockOtherAdminsWithPage(tx, ADMIN_MANAGEMENT, target.id);
  if (!others.length) throw conflict('This is the last admin who can manage admins: give another admin that page first.', 'LAST_ADMIN_MANAGER');
}

async function lockAdmin(tx: DbOrTx, row: UserRow | undefined): Promise<UserRow> {
  if (!row || row.role !== 'admin' || row.blockedAt) throw notFound('Admin not found.');
  return row;
}

/**
 * The one rule of the back office about people: an admin may change another admin's account
 * (name, contact, password, limit, pages) or close it only when they hold every page that admin
 * holds, so nobody reaches through someone else's account more than they hold themselves.
 */
export function assertMayActOn(actor: AuthUser, target: Pick<UserRow, 'id' | 'role' | 'accessPages'>): void {
  if (target.role !== 'admin' || target.id === actor.id) return;
  const beyond = target.accessPages.filter((p) => !actor.accessPages.includes(p as AccessPage));
  if (beyond.length) {
    throw forbidden(
      `This admin holds pages you do not (${beyond.join(', ')}): only an admin who holds all of them can change this account.`,
      'ADMIN_OUT_OF_REACH',
    );
  }
}

const sameEmail = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * PUT /admin/update-admin. Only an admin who holds every page of the target may change it; pages
 * the actor lacks can be neither granted nor taken away, the last holder of admin-management keeps
 * it, and nobody changes their own limit. An admin's own new e-mail or phone waits for a code sent
 * to it (confirmOwnContact); another admin's changes at once, and the old address is told.
 */
export async function updateAdmin(deps: AccountsDeps, actor: AuthUser, input: z.infer<typeof updateAdminSchema>) {
  const { db } = deps;
  let announce: ContactChange | undefined;
  let codes: { target: ContactTarget; issued: IssuedCode[] } | undefined;
  try {
    const result = await db.transaction(async (tx) => {
      const before = await lockAdmin(tx, isUuid(input._id) ? await repo.lockUserRow(tx, input._id.toLowerCase()) : undefined);
      assertMayActOn(actor, before);
      const held = before.accessPages as AccessPage[];
      const added = input.accessPages.filter((p) => !held.includes(p));
      const removed = held.filter((p) => !input.accessPages.includes(p));
      assertGrantable(actor, [...added, ...removed]);
      const newLimit = input.dailyApprovalLimit === undefined ? undefined : input.dailyApprovalLimit === null ? null : toPaise(input.dailyApprovalLimit);
      const own = before.id === actor.id;
      if (own && newLimit !== undefined && newLimit !== before.dailyApprovalLimit) {
        throw forbidden('Another admin must change your daily approval limit.', 'OWN_LIMIT');
      }
      await keepAdminManagement(tx, before, input.accessPages.includes(ADMIN_MANAGEMENT));
      const emailChanged = !sameEmail(input.email, before.email);
      const phoneChanged = input.phoneNumber !== before.phoneNumber;
      const waits = own && (emailChanged || phoneChanged);
      if (waits) await contact.assertFree(tx, before.id, emailChanged ? input.email : undefined, phoneChanged ? input.phoneNumber : undefined);
      const after = await repo.updateUserRow(
        tx,
        before.id,
        {
          fullName: input.fullName,
          ...(waits
            ? { pendingEmail: emailChanged ? input.email : null, pendingPhone: phoneChanged ? input.phoneNumber : null }
            : // Saving one's own row with the contact as it is drops a change that was waiting.
              { email: input.email, phoneNumber: input.phoneNumber, ...(own ? { pendingEmail: null, pendingPhone: null } : {}) }),
          accessPages: input.accessPages,
          ...(newLimit === undefined ? {} : { dailyApprovalLimit: newLimit }),
        },
        deps.clock.now(),
      );
      if (waits) codes = await contact.issueContactCodes(deps, tx, after);
      else if (emailChanged || phoneChanged) announce = { before, after };
      await audit(tx, {
        actorId: actor.id,
        action: 'admin.update',
        entity: 'admin',
        entityId: before.id,
        before: auditView(before),
        after: { ...auditView(after), ...(waits ? { pendingContact: { email: after.pendingEmail, phoneNumber: after.pendingPhone } } : {}) },
      });
      return { row: after, waits };
    });
    if (codes) await contact.deliverContactCodes(deps, codes.target, codes.issued);
    if (announce) contact.announceContactChange(deps, announce);
    return result;
  } catch (err) {
    taken(err);
  }
}

/**
 * POST /admin/confirm-contact: the codes sent to an admin's own new e-mail or phone. The change is
 * made, the old address is told, and every other session of theirs ends.
 */
export async function confirmOwnContact(
  deps: AccountsDeps,
  actor: AuthUser,
  input: z.infer<typeof confirmContactSchema>,
): Promise<{ row: UserRow; changed: string }> {
  const now = deps.clock.now();
  try {
    const { before, after } = await contact.confirmContact(deps, actor, input, async (tx, row) => {
      const after = await repo.updateUserRow(
        tx,
        row.id,
        {
          ...(row.pendingEmail ? { email: row.pendingEmail } : {}),
          ...(row.pendingPhone ? { phoneNumber: row.pendingPhone } : {}),
          pendingEmail: null,
          pendingPhone: null,
        },
        now,
      );
      await revokeAllForUser(tx, row.id, now, actor.sessionId);
      await audit(tx, { actorId: actor.id, action: 'admin.contact', entity: 'admin', entityId: row.id, before: auditView(row), after: auditView(after) });
      return after;
    });
    contact.announceContactChange(deps, { before, after });
    const changed = [sameEmail(before.email, after.email) ? '' : 'e-mail', before.phoneNumber !== after.phoneNumber ? 'phone' : '']
      .filter(Boolean)
      .join(' and ');
    return { row: after, changed };
  } catch (err) {
    taken(err);
  }
}

/**
 * DELETE /admin/delete-admin. The account is closed, not erased: it keeps its place in the audit
 * log and the ledger, loses its role and pages, and can no longer sign in.
 */
export async function deleteAdmin(db: Db, actor: AuthUser, email: string, now: Date): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const before = await lockAdmin(tx, await repo.lockUserRowByEmail(tx, email));
    if (before.id === actor.id) throw badRequest('You cannot delete your own admin account.', 'SELF_DELETE');
    assertMayActOn(actor, before);
    await keepAdminManagement(tx, before, false);
    const after = await repo.updateUserRow(tx, before.id, { role: 'user', accessPages: [], blockedAt: now }, now);
    await revokeAllForUser(tx, before.id, now);
    await audit(tx, { actorId: actor.id, action: 'admin.delete', entity: 'admin', entityId: before.id, before: auditView(before), after: auditView(after) });
    return before;
  });
}
