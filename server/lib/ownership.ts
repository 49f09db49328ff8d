import type { AccessPage } from '../../contracts/roles.js';
import type { AuthUser } from '../types.js';
import { forbidden, unauthorized } from './errors.js';

/** A `userId` in a path or body must be the caller's own, unless the caller is an admin with `page`. */
export function assertSelf(user: AuthUser | null, userId: string | undefined | null, page?: AccessPage): void {
  if (!user) throw unauthorized();
  if (userId === undefined || userId === null || userId === '' || userId.toLowerCase() === user.id) return;
  if (page && user.role === 'admin' && user.accessPages.includes(page)) return;
  throw forbidden('You can only act on your own account.');
}
