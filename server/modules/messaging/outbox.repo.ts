import { desc, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { devOutbox } from '../../db/schema/index.js';

export async function insertOutboxMessage(db: DbOrTx, m: { recipient: string; channel: 'email' | 'sms'; code: string | null; body: string }): Promise<void> {
  await db.insert(devOutbox).values(m);
}

export type OutboxRow = Awaited<ReturnType<typeof listOutbox>>[number];

export async function listOutbox(db: DbOrTx, recipients: string[], limit = 50) {
  return db
    .select({ to: devOutbox.recipient, channel: devOutbox.channel, code: devOutbox.code, text: devOutbox.body, createdAt: devOutbox.createdAt })
    .from(devOutbox)
    .where(inArray(devOutbox.recipient, recipients))
    .orderBy(desc(devOutbox.id))
    .limit(limit);
}
