import type { PublicUser } from '../../../contracts/accounts.js';
import type { AdminRow } from '../../../contracts/backoffice.js';
import type { ExclusionView } from '../../../contracts/responsible.js';
import { toRupees } from '../../../contracts/money.js';
import type { AccessPage } from '../../../contracts/roles.js';
import type { ProposedAdminChange } from '../../db/schema/index.js';
import type { UserRow } from './accounts.repo.js';
import { personRecord } from './person.js';

/** The user object of login and /users/me; never the password hash. */
export function toPublicUser(row: UserRow): PublicUser {
  return {
    _id: row.id,
    fullName: row.fullName,
    email: row.email,
    phoneNumber: row.phoneNumber,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
    language: row.language,
    ...(row.role === 'admin' ? { accessPages: row.accessPages as AccessPage[] } : {}),
  };
}

/** A new registration as its answer names it. */
export const registeredView = (row: UserRow) => ({ _id: row.id, fullName: row.fullName, email: row.email, phoneNumber: row.phoneNumber });

/** A person as the back office lists them. */
export const managedUserView = personRecord;

/** An admin as the Admin Controller lists them. */
export const adminRowView = (row: UserRow): AdminRow => ({
  _id: row.id,
  fullName: row.fullName,
  email: row.email,
  phoneNumber: row.phoneNumber,
  accessPages: row.accessPages as AccessPage[],
  dailyApprovalLimit: row.dailyApprovalLimit === null ? null : toRupees(row.dailyApprovalLimit),
  createdAt: row.createdAt.toISOString(),
  proposedChange: row.proposedChange ? proposedChangeView(row.proposedChange) : null,
});

/** A change waiting for a second admin, with the limit in rupees. */
const proposedChangeView = ({ by, byName, at, dailyApprovalLimit, ...contact }: ProposedAdminChange) => ({
  ...(dailyApprovalLimit === undefined ? {} : { dailyApprovalLimit: dailyApprovalLimit === null ? null : toRupees(dailyApprovalLimit) }),
  ...contact,
  by: { _id: by, fullName: byName },
  at,
});

/** An admin's row after an update; your own new contact is named as waiting for its code. */
export const updatedAdminView = ({ row, waits }: { row: UserRow; waits: boolean }) =>
  waits
    ? {
        ...adminRowView(row),
        pendingContact: { ...(row.pendingEmail ? { email: row.pendingEmail } : {}), ...(row.pendingPhone ? { phoneNumber: row.pendingPhone } : {}) },
      }
    : adminRowView(row);

/** A page of the back office's users, each with the break they are on, if any. */
export const usersPageView = (p: { users: { row: UserRow; exclusion: ExclusionView | null }[]; page: number; totalPages: number; total: number }) => ({
  users: p.users.map((u) => ({ ...managedUserView(u.row), exclusion: u.exclusion })),
  page: p.page,
  totalPages: p.totalPages,
  total: p.total,
});

/** "The new daily limit", "The new e-mail" …: what a proposal changes, for the answer's message. */
export function proposalWords(p: Pick<ProposedAdminChange, 'dailyApprovalLimit' | 'email' | 'phoneNumber'>): string {
  const parts = [
    ...('dailyApprovalLimit' in p && p.dailyApprovalLimit !== undefined ? ['daily limit'] : []),
    ...(p.email !== undefined ? ['e-mail'] : []),
    ...(p.phoneNumber !== undefined ? ['phone'] : []),
  ];
  return `The new ${parts.join(' and ')}`;
}

/** "e-mail", "phone" or "e-mail and phone": what an admin's confirmed change of contact changed. */
export const contactWords = (changed: Array<'email' | 'phone'>): string => changed.map((c) => (c === 'email' ? 'e-mail' : 'phone')).join(' and ');
