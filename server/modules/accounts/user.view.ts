import type { PublicUser } from '../../../contracts/accounts.js';
import type { AccessPage } from '../../../contracts/roles.js';
import type { UserRow } from './accounts.repo.js';

/** The user object of login and /users/me; never the password hash. */
export function toPublicUser(row: UserRow): PublicUser {
  return {
    _id: row.id,
    fullName: row.fullName,
    email: row.email,
    phoneNumber: row.phoneNumber,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
    ...(row.role === 'admin' ? { accessPages: row.accessPages as AccessPage[] } : {}),
  };
}
