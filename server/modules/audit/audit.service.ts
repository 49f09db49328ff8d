import type { DbOrTx } from '../../db/client.js';
import { insertAuditEntry, type AuditEntry } from './audit.repo.js';

/** Records a back-office change: who, what, before and after. Call it inside the change's transaction. */
export const audit = (db: DbOrTx, entry: AuditEntry): Promise<void> => insertAuditEntry(db, entry);
