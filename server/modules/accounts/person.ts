import type { ManagedUser } from '../../../contracts/backoffice.js';
import type { UserRow } from './accounts.repo.js';

/**
 * A person as the back office knows them, and as the audit log records them before and after a
 * change: never a password or its hash.
 */
export const personRecord = (row: UserRow): ManagedUser => ({
  _id: row.id,
  fullName: row.fullName,
  email: row.email,
  phoneNumber: row.phoneNumber,
  createdAt: row.createdAt.toISOString(),
  role: row.role,
  verified: Boolean(row.verifiedAt),
  blocked: Boolean(row.blockedAt),
  withdrawalsHeldUntil: row.withdrawalsHeldUntil ? row.withdrawalsHeldUntil.toISOString() : null,
});
