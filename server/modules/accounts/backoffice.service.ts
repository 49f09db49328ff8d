import { exclusionsOf } from '../responsible/index.js';
import type { z } from 'zod';
import type { addAdminSchema, confirmContactSchema, updateAdminSchema, updateUserSchema, usersQuerySchema } from '../../../contracts/backoffice.js';
import { formatInr, toPaise, toRupees } from '../../../contracts/money.js';
import type { AccessPage } from '../../../contracts/roles.js';
import type { Config } from '../../config.js';
import type { DbOrTx } from '../../db/client.js';
import type { ProposedAdminChange } from '../../db/schema/index.js';
import type { Ctx, RequestCtx } from '../../lib/context.js';
import { badRequest, conflict, forbidden, notFound, pgError, PG } from '../../lib/errors.js';
import { isUuid } from '../../../contracts/ids.js';
import { hashPassword } from '../../lib/passwords.js';
import { totalPages } from '../../lib/paging.js';
import type { AuthUser } from '../../types.js';
import { audit } from '../audit/index.js';
import { ensureWallet } from '../ledger/index.js';
import type { UserRow } from './accounts.repo.js';
import { personRecord } from './person.js';
import * as users from './accounts.repo.js';
import { newReferralCode } from './accounts.service.js';
import * as repo from './backoffice.repo.js';
import * as contact from './contact-change.service.js';
import type { ContactChange, ContactTarget } from './contact-change.service.js';
import type { IssuedCode } from './otp.service.js';
import { revokeAllForUser } from './session.repo.js';
import { announceAdminChange } from './admin-change.notice.js';
import { assertIndependent } from './independence.service.js';

/** The page that manages admins: nobody may remove the last admin who holds it. */
const ADMIN_MANAGEMENT: AccessPage = 'admin-management';

/** What the audit log keeps of a person (an admin's pages and limit too): never a password or its hash. */
const auditRecord = (row: UserRow) => ({
  ...personRecord(row),
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
export async function listManagedUsers(ctx: Ctx, query: z.infer<typeof usersQuerySchema>) {
  const { db, now } = ctx;
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

/** What an admin's edit of a player changes that the player must be told of. */
function credentialsChanged(before: UserRow, after: UserRow, password: boolean): Array<'password' | 'email' | 'phone'> {
  return [
    ...(password ? ['password' as const] : []),
    ...(sameEmail(before.email, after.email) ? [] : ['email' as const]),
    ...(before.phoneNumber === after.phoneNumber ? [] : ['phone' as const]),
  ];
}

/**
 * After an admin set a player's password, e-mail or phone, the player's withdrawals wait
 * ADMIN_CHANGE_HOLD_HOURS (never shortening a hold already running) unless a second admin releases
 * them: whoever took the account over by the back office cannot pay it out to themselves.
 */
async function holdWithdrawals(ctx: RequestCtx<AuthUser>, tx: DbOrTx, row: UserRow): Promise<UserRow> {
  const { now, user: actor } = ctx;
  const hours = ctx.config.ADMIN_CHANGE_HOLD_HOURS;
  if (hours === 0) return row;
  const until = new Date(now.getTime() + hours * 3_600_000);
  if (row.withdrawalsHeldUntil && row.withdrawalsHeldUntil >= until) return row;
  return repo.updateUserRow(tx, row.id, { withdrawalsHeldUntil: until, withdrawalsHeldBy: actor.id }, now);
}

/**
 * PUT /users/{id}: name, e-mail and phone, and a new password when one is given. A new password,
 * e-mail or phone holds the player's withdrawals and tells the player, at the old and new addresses.
 */
export async function updateManagedUser(ctx: RequestCtx<AuthUser>, { id, ...input }: { id: string } & z.infer<typeof updateUserSchema>): Promise<UserRow> {
  const { now, user: actor } = ctx;
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  try {
    const { before, after, changed } = await ctx.db.transaction(async (tx) => {
      const before = await lockPlayer(tx, id);
      let after = await repo.updateUserRow(tx, before.id, { fullName: input.fullName, email: input.email, phoneNumber: input.phoneNumber, passwordHash }, now);
      if (passwordHash) await revokeAllForUser(tx, before.id, now);
      const changed = credentialsChanged(before, after, Boolean(passwordHash));
      if (changed.length) after = await holdWithdrawals(ctx, tx, after);
      await audit(tx, {
        actorId: actor.id,
        action: 'user.update',
        entity: 'user',
        entityId: before.id,
        before: auditRecord(before),
        after: { ...auditRecord(after), ...(passwordHash ? { passwordChanged: true } : {}) },
      });
      return { before, after, changed };
    });
    if (changed.length) announceAdminChange(ctx, before, after, changed, now, after.withdrawalsHeldUntil);
    return after;
  } catch (err) {
    taken(err);
  }
}

/** Sets a new password for a player; every session of theirs ends, their withdrawals wait and they are told. */
export async function setManagedUserPassword(ctx: RequestCtx<AuthUser>, { id, password }: { id: string; password: string }): Promise<UserRow> {
  const { now, user: actor } = ctx;
  const passwordHash = await hashPassword(password);
  const { before, after } = await ctx.db.transaction(async (tx) => {
    const before = await lockPlayer(tx, id);
    let after = await repo.updateUserRow(tx, before.id, { passwordHash }, now);
    await revokeAllForUser(tx, before.id, now);
    after = await holdWithdrawals(ctx, tx, after);
    await audit(tx, {
      actorId: actor.id,
      action: 'user.password',
      entity: 'user',
      entityId: before.id,
      after: { passwordChanged: true, withdrawalsHeldUntil: after.withdrawalsHeldUntil?.toISOString() ?? null },
    });
    return { before, after };
  });
  announceAdminChange(ctx, before, after, ['password'], now, after.withdrawalsHeldUntil);
  return after;
}

/**
 * Releases a player's withdrawals held after an admin's change of their password or contact. Only
 * a second admin may, independent of the one who made the change (docs/decisions/0027).
 */
export async function releaseWithdrawals(ctx: RequestCtx<AuthUser>, { id }: { id: string }): Promise<UserRow> {
  const { now, user: actor } = ctx;
  return ctx.db.transaction(async (tx) => {
    const before = await lockPlayer(tx, id);
    if (!before.withdrawalsHeldUntil || before.withdrawalsHeldUntil <= now) {
      throw conflict("This player's withdrawals are not held.", 'NOT_HELD');
    }
    if (before.withdrawalsHeldBy === actor.id) {
      throw forbidden("You made the change that holds this player's withdrawals: another admin must release them.", 'OWN_CHANGE');
    }
    if (before.withdrawalsHeldBy) {
      await assertIndependent(tx, ctx.config, before.withdrawalsHeldBy, actor.id, now, 'The change that holds these withdrawals');
    }
    const after = await repo.updateUserRow(tx, before.id, { withdrawalsHeldUntil: null, withdrawalsHeldBy: null }, now);
    await audit(tx, {
      actorId: actor.id,
      action: 'user.release-withdrawals',
      entity: 'user',
      entityId: before.id,
      before: { withdrawalsHeldUntil: before.withdrawalsHeldUntil.toISOString(), heldBy: before.withdrawalsHeldBy },
      after: { withdrawalsHeldUntil: null },
    });
    return after;
  });
}

/** Blocks (every session ends at its next call, and sign-in is refused) or unblocks a player. */
export async function setManagedUserBlocked(ctx: RequestCtx<AuthUser>, { id, blocked }: { id: string; blocked: boolean }): Promise<UserRow> {
  const { now, user: actor } = ctx;
  return ctx.db.transaction(async (tx) => {
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

export async function listAdminRows(ctx: Ctx): Promise<UserRow[]> {
  return repo.listAdmins(ctx.db);
}

/** An admin grants only the pages they hold themselves. */
function assertGrantable(actor: AuthUser, pages: readonly AccessPage[]): void {
  const missing = pages.filter((p) => !actor.accessPages.includes(p));
  if (missing.length) throw forbidden(`You can only grant pages you hold yourself: not ${missing.join(', ')}.`, 'PAGE_NOT_HELD');
}

/** The daily approval limit an admin works under, in paise: their own, or the site's. */
const limitOf = (config: Config, limit: number | null) => limit ?? toPaise(config.ADMIN_DAILY_APPROVAL_LIMIT);

/** The acting admin's own row, as the rules about limits read it. */
async function actorRow(tx: DbOrTx, actor: AuthUser): Promise<UserRow> {
  const row = await users.findUserById(tx, actor.id);
  if (!row) throw notFound('Admin not found.');
  return row;
}

/**
 * POST /admin/add-admin: a verified admin account with its wallet, made by the actor (so the two
 * are not independent approvers for APPROVER_INDEPENDENCE_DAYS). Nobody gives a limit above their
 * own: an admin whose limit is below the site's makes admins with their own limit.
 */
export async function addAdmin(ctx: RequestCtx<AuthUser>, input: z.infer<typeof addAdminSchema>): Promise<UserRow> {
  const { config, now, user: actor } = ctx;
  assertGrantable(actor, input.accessPages);
  const passwordHash = await hashPassword(input.password);
  try {
    return await ctx.db.transaction(async (tx) => {
      const own = limitOf(config, (await actorRow(tx, actor)).dailyApprovalLimit);
      const row = await users.insertUser(tx, {
        fullName: input.name,
        email: input.email,
        phoneNumber: input.phone,
        passwordHash,
        referralCode: await newReferralCode(tx),
        role: 'admin',
        accessPages: input.accessPages,
        verifiedAt: now,
        createdBy: actor.id,
        createdAt: now,
        dailyApprovalLimit: own < limitOf(config, null) ? own : null,
      });
      await ensureWallet(tx, row.id);
      await audit(tx, { actorId: actor.id, action: 'admin.create', entity: 'admin', entityId: row.id, after: auditRecord(row) });
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

/** The parts of a change to an admin that wait for a second admin, as stored on the row. */
type Guarded = Omit<ProposedAdminChange, 'by' | 'byName' | 'at'>;

const sameGuarded = (a: Guarded, b: Guarded) =>
  a.dailyApprovalLimit === b.dailyApprovalLimit &&
  (a.email ?? '').toLowerCase() === (b.email ?? '').toLowerCase() &&
  (a.phoneNumber ?? '') === (b.phoneNumber ?? '') &&
  'dailyApprovalLimit' in a === 'dailyApprovalLimit' in b;

/** How long a proposed change waits for its second admin. */
const PROPOSAL_HOURS = 24;

/**
 * What one admin may not change alone in another admin (docs/decisions/0027): a raised limit,
 * unless the actor holds a page the target lacks (a peer's limit is raised by two admins), and,
 * with ADMIN_2FA, the e-mail or phone of an admin enrolled in it (their own change needs their
 * factor: they are signed in with it).
 */
function guardedParts(
  config: Config,
  actor: AuthUser,
  before: UserRow,
  change: { newLimit: number | null | undefined; email?: string; phoneNumber?: string },
): Guarded {
  const guarded: Guarded = {};
  const holdsMore = actor.accessPages.some((p) => !before.accessPages.includes(p));
  if (change.newLimit !== undefined && !holdsMore && limitOf(config, change.newLimit) > limitOf(config, before.dailyApprovalLimit)) {
    guarded.dailyApprovalLimit = change.newLimit;
  }
  if (config.adminTwoFactor && before.totpEnabledAt) {
    if (change.email !== undefined) guarded.email = change.email;
    if (change.phoneNumber !== undefined) guarded.phoneNumber = change.phoneNumber;
  }
  return guarded;
}

/**
 * PUT /admin/update-admin. Only an admin who holds every page of the target may change it; pages
 * the actor lacks can be neither granted nor taken away, the last holder of admin-management keeps
 * it, nobody changes their own limit, and nobody gives a limit above their own. An admin's own new
 * e-mail or phone waits for a code sent to it (confirmOwnContact); another admin's changes at once,
 * and the old address is told, except what one admin may not change alone (guardedParts): that is
 * kept as a proposal, made when a second, independent admin makes the same change within a day.
 */
export async function updateAdmin(ctx: RequestCtx<AuthUser>, input: z.infer<typeof updateAdminSchema>) {
  const { db, config, now, user: actor } = ctx;
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
      const limitChanged = newLimit !== undefined && newLimit !== before.dailyApprovalLimit;
      const own = before.id === actor.id;
      if (own && limitChanged) throw forbidden('Another admin must change your daily approval limit.', 'OWN_LIMIT');
      const me = own ? before : await actorRow(tx, actor);
      if (limitChanged && limitOf(config, newLimit) > limitOf(config, me.dailyApprovalLimit)) {
        throw forbidden(`You can give a daily approval limit up to your own (${formatInr(limitOf(config, me.dailyApprovalLimit))}).`, 'LIMIT_ABOVE_OWN');
      }
      await keepAdminManagement(tx, before, input.accessPages.includes(ADMIN_MANAGEMENT));
      const emailChanged = !sameEmail(input.email, before.email);
      const phoneChanged = input.phoneNumber !== before.phoneNumber;
      const waits = own && (emailChanged || phoneChanged);
      if (waits) await contact.assertFree(tx, before.id, emailChanged ? input.email : undefined, phoneChanged ? input.phoneNumber : undefined);

      // What one admin may not change alone waits for a second admin making the same change.
      const guarded = own
        ? {}
        : guardedParts(config, actor, before, {
            newLimit: limitChanged ? newLimit : undefined,
            email: emailChanged ? input.email : undefined,
            phoneNumber: phoneChanged ? input.phoneNumber : undefined,
          });
      let proposal: ProposedAdminChange | null | undefined;
      if (Object.keys(guarded).length) {
        const waiting = before.proposedChange;
        const fresh = waiting && now.getTime() - Date.parse(waiting.at) < PROPOSAL_HOURS * 3_600_000;
        if (waiting && fresh && waiting.by !== actor.id && sameGuarded(waiting, guarded)) {
          await assertIndependent(tx, config, waiting.by, actor.id, now, 'The proposed change');
          proposal = null;
        } else {
          proposal = { ...guarded, by: actor.id, byName: me.fullName, at: now.toISOString() };
        }
      }
      const keep = proposal ?? {};
      const email = 'email' in keep ? before.email : input.email;
      const phoneNumber = 'phoneNumber' in keep ? before.phoneNumber : input.phoneNumber;
      const limit = !limitChanged || 'dailyApprovalLimit' in keep ? undefined : newLimit;
      const changes =
        input.fullName !== before.fullName ||
        added.length > 0 ||
        removed.length > 0 ||
        limit !== undefined ||
        !sameEmail(email, before.email) ||
        phoneNumber !== before.phoneNumber;
      const after = await repo.updateUserRow(
        tx,
        before.id,
        {
          fullName: input.fullName,
          ...(waits
            ? { pendingEmail: emailChanged ? input.email : null, pendingPhone: phoneChanged ? input.phoneNumber : null }
            : // Saving one's own row with the contact as it is drops a change that was waiting.
              { email, phoneNumber, ...(own ? { pendingEmail: null, pendingPhone: null } : {}) }),
          accessPages: input.accessPages,
          ...(limit === undefined ? {} : { dailyApprovalLimit: limit }),
          ...(proposal === undefined ? {} : { proposedChange: proposal }),
          // Who last changed an admin is not independent of them as an approver.
          ...(!own && changes ? { managedBy: actor.id, managedAt: now } : {}),
        },
        now,
      );
      if (waits) codes = await contact.issueContactCodes(ctx, tx, after);
      else if (!sameEmail(before.email, after.email) || before.phoneNumber !== after.phoneNumber) announce = { before, after };
      await audit(tx, {
        actorId: actor.id,
        action: 'admin.update',
        entity: 'admin',
        entityId: before.id,
        before: auditRecord(before),
        after: {
          ...auditRecord(after),
          ...(waits ? { pendingContact: { email: after.pendingEmail, phoneNumber: after.pendingPhone } } : {}),
          ...(proposal ? { proposedChange: auditProposal(proposal) } : proposal === null ? { confirmedChangeOf: before.proposedChange?.by } : {}),
        },
      });
      return { row: after, waits, proposed: proposal ?? undefined };
    });
    if (codes) await contact.deliverContactCodes(ctx, codes.target, codes.issued);
    if (announce) contact.announceContactChange(ctx, announce);
    return result;
  } catch (err) {
    taken(err);
  }
}

/** A proposal as the audit log keeps it: the limit in rupees. */
const auditProposal = ({ dailyApprovalLimit, ...rest }: ProposedAdminChange) => ({
  ...rest,
  ...(dailyApprovalLimit === undefined ? {} : { dailyApprovalLimit: dailyApprovalLimit === null ? null : toRupees(dailyApprovalLimit) }),
});

/**
 * POST /admin/confirm-contact: the codes sent to an admin's own new e-mail or phone. The change is
 * made, the old address is told, and every other session of theirs ends. Answers the row and
 * which of the two changed.
 */
export async function confirmOwnContact(
  ctx: RequestCtx<AuthUser>,
  input: z.infer<typeof confirmContactSchema>,
): Promise<{ row: UserRow; changed: Array<'email' | 'phone'> }> {
  const { now, user: actor } = ctx;
  try {
    const { before, after } = await contact.confirmContact(ctx, input, async (tx, row) => {
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
      await audit(tx, { actorId: actor.id, action: 'admin.contact', entity: 'admin', entityId: row.id, before: auditRecord(row), after: auditRecord(after) });
      return after;
    });
    contact.announceContactChange(ctx, { before, after });
    const changed = [
      ...(sameEmail(before.email, after.email) ? [] : ['email' as const]),
      ...(before.phoneNumber !== after.phoneNumber ? ['phone' as const] : []),
    ];
    return { row: after, changed };
  } catch (err) {
    taken(err);
  }
}

/**
 * DELETE /admin/delete-admin. The account is closed, not erased: it keeps its place in the audit
 * log and the ledger, loses its role and pages, and can no longer sign in.
 */
export async function deleteAdmin(ctx: RequestCtx<AuthUser>, { email }: { email: string }): Promise<UserRow> {
  const { now, user: actor } = ctx;
  return ctx.db.transaction(async (tx) => {
    const before = await lockAdmin(tx, await repo.lockUserRowByEmail(tx, email));
    if (before.id === actor.id) throw badRequest('You cannot delete your own admin account.', 'SELF_DELETE');
    assertMayActOn(actor, before);
    await keepAdminManagement(tx, before, false);
    const after = await repo.updateUserRow(tx, before.id, { role: 'user', accessPages: [], blockedAt: now }, now);
    await revokeAllForUser(tx, before.id, now);
    await audit(tx, {
      actorId: actor.id,
      action: 'admin.delete',
      entity: 'admin',
      entityId: before.id,
      before: auditRecord(before),
      after: auditRecord(after),
    });
    return before;
  });
}
