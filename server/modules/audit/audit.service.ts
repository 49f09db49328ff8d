import type { DbOrTx } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';

/** Records a back-office change: who, what, before and after. Call it inside the change's transaction. */
export async function audit(
  db: DbOrTx,
  entry: { actorId: string; action: string; entity: string; entityId?: string | null; before?: unknown; after?: unknown },
): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
