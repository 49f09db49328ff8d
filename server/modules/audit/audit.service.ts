import { AUDIT_EXPORT_MAX, AUDIT_PAGE_SIZE, type AuditEntryView, type AuditQuery } from '../../../contracts/backoffice.js';
import type { DbOrTx } from '../../db/client.js';
import { toCsv } from '../../lib/csv.js';
import { totalPages } from '../../lib/paging.js';
import { auditFacets, countAuditEntries, insertAuditEntry, listAuditEntries, type AuditEntry, type AuditFilter, type AuditRow } from './audit.repo.js';

/** Records a back-office change: who, what, before and after. Call it inside the change's transaction. */
export const audit = (db: DbOrTx, entry: AuditEntry): Promise<void> => insertAuditEntry(db, entry);

const view = (r: AuditRow): AuditEntryView => ({
  _id: String(r.id),
  createdAt: r.createdAt.toISOString(),
  actorId: r.actorId,
  actorName: r.actorName,
  action: r.action,
  entity: r.entity,
  entityId: r.entityId,
  before: r.before ?? null,
  after: r.after ?? null,
});

const filterOf = (q: AuditQuery): AuditFilter => ({ actor: q.actor || undefined, action: q.action || undefined, from: q.from, to: q.to });

/** One page of the audit log, newest first, with the filters' choices. */
export async function auditPage(db: DbOrTx, q: AuditQuery) {
  const filter = filterOf(q);
  const [rows, total, facets] = await Promise.all([
    listAuditEntries(db, filter, AUDIT_PAGE_SIZE, (q.page - 1) * AUDIT_PAGE_SIZE),
    countAuditEntries(db, filter),
    auditFacets(db),
  ]);
  return {
    entries: rows.map(view),
    page: q.page,
    totalPages: totalPages(total, AUDIT_PAGE_SIZE),
    total,
    actions: facets.actions,
    actors: facets.actors.map((a) => ({ _id: a.id, fullName: a.fullName })),
  };
}

/** The filtered log as CSV, newest first, at most AUDIT_EXPORT_MAX rows. */
export async function auditCsv(db: DbOrTx, q: AuditQuery): Promise<string> {
  const rows = await listAuditEntries(db, filterOf(q), AUDIT_EXPORT_MAX, 0);
  return toCsv(
    ['time', 'admin id', 'admin', 'action', 'entity', 'entity id', 'before', 'after'],
    rows.map((r) => [r.createdAt.toISOString(), r.actorId, r.actorName, r.action, r.entity, r.entityId, r.before, r.after]),
  );
}
