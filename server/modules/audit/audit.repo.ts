import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';
import { INDIA_ZONE } from '../../db/india-time.js';

export interface AuditEntry {
  actorId: string;
  action: string;
  entity: string;
  entityId?: string | null;
  before?: unknown;
  after?: unknown;
}

export async function insertAuditEntry(db: DbOrTx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    // The name as it is now: renaming the admin later does not rewrite what was done under this one.
    actorName: sql`(SELECT full_name FROM users WHERE id = ${entry.actorId})`,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

export interface AuditFilter {
  actor?: string;
  action?: string;
  /** YYYY-MM-DD, India time, both days included. */
  from?: string;
  to?: string;
}

export interface AuditRow {
  id: number;
  createdAt: Date;
  actorId: string | null;
  actorName: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
}

function where(f: AuditFilter): SQL {
  const parts: SQL[] = [sql`TRUE`];
  if (f.actor) parts.push(sql`a.actor_id::text = ${f.actor.toLowerCase()}`);
  if (f.action) parts.push(sql`a.action = ${f.action}`);
  if (f.from) parts.push(sql`a.created_at >= (${f.from}::date)::timestamp AT TIME ZONE ${INDIA_ZONE}`);
  if (f.to) parts.push(sql`a.created_at < (${f.to}::date + 1)::timestamp AT TIME ZONE ${INDIA_ZONE}`);
  return sql.join(parts, sql` AND `);
}

/** Entries matching the filter, newest first, with who acted by name. */
export async function listAuditEntries(db: DbOrTx, f: AuditFilter, limit: number, offset: number): Promise<AuditRow[]> {
  const result = await db.execute(sql`
    SELECT a.id, a.created_at AS "createdAt", a.actor_id AS "actorId", coalesce(a.actor_name, u.full_name) AS "actorName",
           a.action, a.entity, a.entity_id AS "entityId", a.before, a.after
      FROM audit_log a LEFT JOIN users u ON u.id = a.actor_id
     WHERE ${where(f)}
     ORDER BY a.created_at DESC, a.id DESC
     LIMIT ${limit} OFFSET ${offset}`);
  return (result as unknown as { rows: AuditRow[] }).rows.map((r) => ({ ...r, id: Number(r.id), createdAt: new Date(r.createdAt) }));
}

export async function countAuditEntries(db: DbOrTx, f: AuditFilter): Promise<number> {
  const result = await db.execute(sql`SELECT count(*)::int AS n FROM audit_log a WHERE ${where(f)}`);
  return Number((result as unknown as { rows: { n: number }[] }).rows[0].n);
}

/** The actions recorded so far and the admins who acted, for the filters. */
export async function auditFacets(db: DbOrTx): Promise<{ actions: string[]; actors: { id: string; fullName: string }[] }> {
  const [actions, actors] = await Promise.all([
    db.execute(sql`SELECT DISTINCT action FROM audit_log ORDER BY action`),
    db.execute(sql`SELECT DISTINCT u.id, u.full_name AS "fullName" FROM audit_log a JOIN users u ON u.id = a.actor_id ORDER BY u.full_name`),
  ]);
  return {
    actions: (actions as unknown as { rows: { action: string }[] }).rows.map((r) => r.action),
    actors: (actors as unknown as { rows: { id: string; fullName: string }[] }).rows,
  };
}
