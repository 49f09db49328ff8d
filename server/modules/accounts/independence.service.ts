import type { Config } from '../../config.js';
import type { DbOrTx } from '../../db/client.js';
import { conflict } from '../../lib/errors.js';
import { DAY_MS } from '../../lib/india-time.js';
import { lineageOf, type Lineage } from './independence.repo.js';

/**
 * The admins who made `person` or last changed them within the window: whoever holds that
 * account's strings. The first admin, made at the first start, has nobody.
 */
function sponsors(person: Lineage, since: number): Set<string> {
  const out = new Set<string>();
  if (person.createdBy && person.createdAt.getTime() > since) out.add(person.createdBy);
  if (person.managedBy && person.managedAt && person.managedAt.getTime() > since) out.add(person.managedBy);
  return out;
}

/**
 * Two admins are independent approvers unless, within APPROVER_INDEPENDENCE_DAYS, one made or
 * last changed the other, or the same admin made or last changed both: one admin's new admins
 * (or the admin and their own new admin) are not two people checking each other.
 */
export async function independenceOf(
  db: DbOrTx,
  config: Config,
  a: string,
  b: string,
  now: Date,
): Promise<{ independent: true } | { independent: false; reason: string }> {
  if (config.APPROVER_INDEPENDENCE_DAYS === 0) return { independent: true };
  const since = now.getTime() - config.APPROVER_INDEPENDENCE_DAYS * DAY_MS;
  const rows = await lineageOf(db, [a, b]);
  const first = rows.find((r) => r.id === a);
  const second = rows.find((r) => r.id === b);
  if (!first || !second) return { independent: true };
  const ofFirst = sponsors(first, since);
  const ofSecond = sponsors(second, since);
  const days = config.APPROVER_INDEPENDENCE_DAYS;
  if (ofFirst.has(b) || ofSecond.has(a)) {
    return { independent: false, reason: `one of you made or changed the other's admin account within the last ${days} days` };
  }
  if ([...ofFirst].some((id) => ofSecond.has(id))) {
    return { independent: false, reason: `the same admin made or changed both of your admin accounts within the last ${days} days` };
  }
  return { independent: true };
}

/**
 * Refuses a second approval (or a second admin's confirmation) from an admin who is not
 * independent of the first; `firstAct` names what the first admin did, for the message.
 */
export async function assertIndependent(db: DbOrTx, config: Config, first: string, second: string, now: Date, firstAct = 'The first approval'): Promise<void> {
  const verdict = await independenceOf(db, config, first, second, now);
  if (!verdict.independent) {
    throw conflict(
      `${firstAct} came from an admin who is not independent of you (${verdict.reason}): the second must come from an admin independent of the first.`,
      'NOT_INDEPENDENT',
    );
  }
}
