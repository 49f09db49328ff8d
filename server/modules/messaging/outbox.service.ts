import { normalizeLoginPhone } from '../../../contracts/accounts.js';
import type { Ctx } from '../../lib/context.js';
import { listOutbox } from './outbox.repo.js';

/** What the server would have sent to an e-mail address or phone number, newest first. */
export async function outboxFor(ctx: Ctx, { to }: { to: string }) {
  // A "+" in an unencoded query string arrives as a space; try the number as written and as E.164.
  const recipients = to.includes('@') ? [to.toLowerCase()] : [to, normalizeLoginPhone(to) ?? to];
  return listOutbox(ctx.db, [...new Set(recipients)]);
}
