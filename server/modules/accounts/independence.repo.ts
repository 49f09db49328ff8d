import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

export interface Lineage {
  id: string;
  fullName: string;
  createdBy: string | null;
  createdAt: Date;
  managedBy: string | null;
  managedAt: Date | null;
}

/** Who made each of these people and who last changed them, with when. */
export async function lineageOf(db: DbOrTx, ids: string[]): Promise<Lineage[]> {
  return db
    .select({
      id: users.id,
      fullName: users.fullName,
      createdBy: users.createdBy,
      createdAt: users.createdAt,
      managedBy: users.managedBy,
      managedAt: users.managedAt,
    })
    .from(users)
    .where(inArray(users.id, ids));
}
