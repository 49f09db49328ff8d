import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { Pager } from '../../../components/ui/Pager';
import { Empty, ErrorText, Loading } from '../../../components/ui/States';
import { formatDateTime } from '../../../lib/format';
import { auditQuery, useAudit, type AuditEntryView, type AuditFilters } from '../backoffice.api';
import { SectionHead } from './SectionHead';

/** The fields that changed between before and after, one line each. */
function changes(entry: AuditEntryView): string[] {
  const before = (entry.before ?? {}) as Record<string, unknown>;
  const after = (entry.after ?? {}) as Record<string, unknown>;
  if (typeof before !== 'object' || typeof after !== 'object') return [];
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const show = (v: unknown) => (v === undefined ? '—' : typeof v === 'string' ? v : JSON.stringify(v));
  return keys.filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k])).map((k) => `${k}: ${show(before[k])} → ${show(after[k])}`);
}

/** The audit log: who did what and when, with before and after; filter by admin, action and dates; export as CSV. */
export function AuditSection() {
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<AuditFilters>({});
  const audit = useAudit(page, filters);
  const data = audit.data;
  const set = (f: Partial<AuditFilters>) => {
    setPage(1);
    setFilters({ ...filters, ...f });
  };
  const csvHref = `/api/v1/admin/audit.csv?${new URLSearchParams(
    Object.entries(auditQuery(1, filters)).flatMap(([k, v]) => (v === undefined || k === 'page' ? [] : [[k, String(v)]])),
  )}`;

  let body;
  if (audit.isPending) body = <Loading />;
  else if (audit.isError) body = <ErrorText>Failed to fetch the audit log</ErrorText>;
  else if (!data?.entries.length) body = <Empty>No changes match these filters.</Empty>;
  else
    body = (
      <>
        <ul className="admin-cards" aria-busy={audit.isFetching || undefined}>
          {data.entries.map((e) => {
            const lines = changes(e);
            return (
              <li key={e._id} className="admin-card admin-audit">
                <div className="admin-card__row">
                  <strong className="admin-audit__action">{e.action}</strong>
                  <time className="admin-card__date" dateTime={e.createdAt}>
                    {formatDateTime(e.createdAt)}
                  </time>
                </div>
                <div className="admin-card__row admin-card__meta">
                  <span>by {e.actorName ?? 'the system'}</span>
                  <span className="admin-audit__entity">
                    {e.entity}
                    {e.entityId ? ` ${e.entityId.slice(0, 8)}` : ''}
                  </span>
                </div>
                {lines.length > 0 && (
                  <ul className="admin-audit__changes">
                    {lines.slice(0, 8).map((l) => (
                      <li key={l}>{l}</li>
                    ))}
                  </ul>
                )}
              </li>
            );
          })}
        </ul>
        <Pager page={page} totalPages={data.totalPages} onChange={setPage} busy={audit.isFetching} />
      </>
    );

  return (
    <section className="admin-section">
      <SectionHead title="Audit Log">
        <a className="btn btn--secondary admin-mini" href={csvHref} download>
          Export CSV
        </a>
      </SectionHead>
      <div className="admin-audit__filters" role="group" aria-label="Filters">
        <label>
          <span className="field__label">Admin</span>
          <select className="field__input" value={filters.actor ?? ''} onChange={(e) => set({ actor: e.target.value })}>
            <option value="">Every admin</option>
            {data?.actors.map((a) => (
              <option key={a._id} value={a._id}>
                {a.fullName}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span className="field__label">Action</span>
          <select className="field__input" value={filters.action ?? ''} onChange={(e) => set({ action: e.target.value })}>
            <option value="">Every action</option>
            {data?.actions.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span className="field__label">From</span>
          <input className="field__input" type="date" value={filters.from ?? ''} onChange={(e) => set({ from: e.target.value })} />
        </label>
        <label>
          <span className="field__label">To</span>
          <input className="field__input" type="date" value={filters.to ?? ''} onChange={(e) => set({ to: e.target.value })} />
        </label>
        {(filters.actor || filters.action || filters.from || filters.to) && (
          <Button variant="ghost" className="admin-mini" onClick={() => set({ actor: '', action: '', from: '', to: '' })}>
            Clear filters
          </Button>
        )}
      </div>
      {body}
    </section>
  );
}
