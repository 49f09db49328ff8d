import type { AuditEntryView } from '../../../contracts/backoffice.js';
import { toCsv } from '../../lib/csv.js';
import type { AuditRow } from './audit.repo.js';

/** One entry of the log as the back office reads it. */
const entryView = (r: AuditRow): AuditEntryView => ({
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

/** A page of the log, with the actions and admins the filters offer. */
export const auditPageView = (p: {
  rows: AuditRow[];
  page: number;
  totalPages: number;
  total: number;
  facets: { actions: string[]; actors: { id: string; fullName: string }[] };
}) => ({
  entries: p.rows.map(entryView),
  page: p.page,
  totalPages: p.totalPages,
  total: p.total,
  actions: p.facets.actions,
  actors: p.facets.actors.map((a) => ({ _id: a.id, fullName: a.fullName })),
});

/** The log as CSV, in the order given. */
export const auditCsvView = (rows: AuditRow[]): string =>
  toCsv(
    ['time', 'admin id', 'admin', 'action', 'entity', 'entity id', 'before', 'after'],
    rows.map((r) => [r.createdAt.toISOString(), r.actorId, r.actorName, r.action, r.entity, r.entityId, r.before, r.after]),
  );
