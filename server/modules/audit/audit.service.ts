import { AUDIT_EXPORT_MAX, AUDIT_PAGE_SIZE, type AuditQuery } from '../../../contracts/backoffice.js';
import type { DbOrTx } from '../../db/client.js';
import type { Ctx } from '../../lib/context.js';
import { totalPages } from '../../lib/paging.js';
import { auditFacets, countAuditEntries, insertAuditEntry, listAuditEntries, type AuditEntry, type AuditFilter } from './audit.repo.js';

/** Records a back-office change: who, what, before and after. Call it inside the change's transaction. */
export const audit = (db: DbOrTx, entry: AuditEntry): Promise<void> => insertAuditEntry(db, entry);

const filterOf = (q: AuditQuery): AuditFilter => ({ actor: q.actor || undefined, action: q.action || undefined, from: q.from, to: q.to });

/** One page of the audit log, newest first, with the filters' choices. */
export async function auditPage(ctx: Ctx, q: AuditQuery) {
  const filter = filterOf(q);
  const [rows, total, facets] = await Promise.all([
    listAuditEntries(ctx.db, filter, AUDIT_PAGE_SIZE, (q.page - 1) * AUDIT_PAGE_SIZE),
    countAuditEntries(ctx.db, filter),
    auditFacets(ctx.db),
  ]);
  return { rows, page: q.page, totalPages: totalPages(total, AUDIT_PAGE_SIZE), total, facets };
}

/** The filtered log for export, newest first, at most AUDIT_EXPORT_MAX rows. */
export async function auditExport(ctx: Ctx, q: AuditQuery) {
  return listAuditEntries(ctx.db, filterOf(q), AUDIT_EXPORT_MAX, 0);
}
