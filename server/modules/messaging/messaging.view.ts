import type { OutboxRow } from './outbox.repo.js';

/** The development outbox as its page reads it. */
export const outboxView = (rows: OutboxRow[]) => rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
