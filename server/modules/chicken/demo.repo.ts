import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { deleteCounting } from '../../db/purge.js';
import { demoPlayers } from '../../db/schema/index.js';

export type DemoPlayerRow = typeof demoPlayers.$inferSelect;

export async function insertDemoPlayer(db: DbOrTx, balance: number, now: Date): Promise<DemoPlayerRow> {
  const [row] = await db.insert(demoPlayers).values({ balance, createdAt: now, updatedAt: now }).returning();
  return row;
}

export async function findDemoPlayer(db: DbOrTx, id: string): Promise<DemoPlayerRow | undefined> {
  const [row] = await db.select().from(demoPlayers).where(eq(demoPlayers.id, id));
  return row;
}

/** The demo player, locked until the transaction ends: their calls queue one behind the other. */
export async function lockDemoPlayer(db: DbOrTx, id: string): Promise<DemoPlayerRow | undefined> {
  const [row] = await db.select().from(demoPlayers).where(eq(demoPlayers.id, id)).for('update');
  return row;
}

export async function saveDemoPlayer(
  db: DbOrTx,
  id: string,
  values: { balance: number; round: Record<string, unknown> | null; newRound?: boolean },
  now: Date,
): Promise<void> {
  await db
    .update(demoPlayers)
    .set({
      balance: values.balance,
      round: values.round,
      updatedAt: now,
      ...(values.newRound ? { rounds: sql`${demoPlayers.rounds} + 1` } : {}),
    })
    .where(eq(demoPlayers.id, id));
}

/** Demo players idle longer than their cookie lives (30 days): nobody can come back to them. */
export async function purgeIdleDemoPlayers(db: DbOrTx, now: Date): Promise<number> {
  return deleteCounting(db, sql`DELETE FROM demo_players WHERE updated_at < ${now.toISOString()}::timestamptz - interval '30 days'`);
}
