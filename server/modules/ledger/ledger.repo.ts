import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { ledgerAccounts } from '../../db/schema/index.js';
import { PAYOUT_KIND, STAKE_KIND } from './kinds.js';

export type UserAccountKind = 'wallet' | 'withdrawal_hold';
export type SystemAccountKind = 'house' | 'cash' | 'promotions';

export async function findUserAccountId(db: DbOrTx, userId: string, kind: UserAccountKind): Promise<string | undefined> {
  const [row] = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.kind, kind)));
  return row?.id;
}

export async function ensureUserAccount(db: DbOrTx, userId: string, kind: UserAccountKind): Promise<string> {
  const existing = await findUserAccountId(db, userId, kind);
  if (existing) return existing;
  await db.execute(sql`INSERT INTO ledger_accounts (kind, user_id) VALUES (${kind}, ${userId}) ON CONFLICT DO NOTHING`);
  return (await findUserAccountId(db, userId, kind))!;
}

/** The system accounts' ids, fixed by migrations/0001_core.sql: no look-up on the hot path. */
export const SYSTEM_ACCOUNT_IDS: Record<SystemAccountKind, string> = {
  house: '00000000-0000-4000-8000-000000000001',
  cash: '00000000-0000-4000-8000-000000000002',
  promotions: '00000000-0000-4000-8000-000000000003',
};

/**
 * Records the transfer and moves both stored balances in one statement (ledger_move, migration
 * 0018, which Chicken Road's one-statement functions call too); false, moving nothing, when the key was used.
 */
export async function move(
  db: DbOrTx,
  t: {
    debitAccountId: string;
    creditAccountId: string;
    amount: number;
    kind: string;
    reference: string;
    idempotencyKey: string;
    metadata?: Record<string, unknown>;
    at: Date;
  },
): Promise<boolean> {
  const result = (await db.execute(
    sql`SELECT ledger_move(${t.debitAccountId}::uuid, ${t.creditAccountId}::uuid, ${t.amount}::bigint, ${t.kind}, ${t.reference}, ${t.idempotencyKey}, ${JSON.stringify(t.metadata ?? {})}::jsonb, ${t.at.toISOString()}::timestamptz) AS moved`,
  )) as unknown as { rows: { moved: boolean }[] };
  return result.rows[0]?.moved === true;
}

export async function userBalance(db: DbOrTx, userId: string, kind: UserAccountKind = 'wallet'): Promise<number> {
  const [row] = await db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.kind, kind)));
  return row ? Number(row.balance) : 0;
}

export interface Violation {
  rule: string;
  detail: string;
}

/** Every ledger invariant of docs/architecture.md ("The ledger") in one pass; an empty list means all hold. */
export async function findViolations(db: DbOrTx): Promise<Violation[]> {
  const result = (await db.execute(sql`
    WITH flows AS (
      SELECT account_id, sum(delta)::bigint AS derived FROM (
        SELECT credit_account_id AS account_id, amount AS delta FROM ledger_transfers
        UNION ALL
        SELECT debit_account_id, -amount FROM ledger_transfers
      ) f GROUP BY account_id
    )
    SELECT 'stored balance differs from its transfers' AS rule,
           a.id::text || ' (' || a.kind || '): stored ' || a.balance || ', transfers ' || coalesce(f.derived, 0) AS detail
      FROM ledger_accounts a LEFT JOIN flows f ON f.account_id = a.id
     WHERE a.user_id IS NOT NULL AND a.balance <> coalesce(f.derived, 0)
    UNION ALL
    SELECT 'negative player balance', a.id::text || ' (' || a.kind || '): ' || coalesce(f.derived, 0)
      FROM ledger_accounts a LEFT JOIN flows f ON f.account_id = a.id
     WHERE a.user_id IS NOT NULL AND (a.balance < 0 OR coalesce(f.derived, 0) < 0)
    UNION ALL
    SELECT 'accounts do not sum to zero', 'sum ' || s.total
      FROM (SELECT coalesce(sum(derived), 0) AS total FROM flows) s WHERE s.total <> 0
    UNION ALL
    SELECT 'idempotency key used twice', idempotency_key
      FROM ledger_transfers GROUP BY idempotency_key HAVING count(*) > 1
    UNION ALL
    SELECT 'non-positive transfer', id::text FROM ledger_transfers WHERE amount <= 0
    UNION ALL
    SELECT 'transfer names an unknown account', t.id::text
      FROM ledger_transfers t
     WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.id = t.debit_account_id)
        OR NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.id = t.credit_account_id)
  `)) as unknown as { rows: Violation[] };
  return result.rows.map((r) => ({ rule: String(r.rule), detail: String(r.detail) }));
}

/**
 * A player's play since `since`, in paise: what they staked (bets out of the wallet) and what
 * came back to the wallet from games (wins and returned stakes).
 */
export async function playSince(db: DbOrTx, userId: string, since: Date): Promise<{ staked: number; returned: number }> {
  const result = (await db.execute(sql`
    SELECT coalesce(sum(t.amount) FILTER (WHERE t.kind = ${STAKE_KIND} AND t.debit_account_id = a.id), 0)::bigint AS staked,
           coalesce(sum(t.amount) FILTER (WHERE t.kind = ${PAYOUT_KIND} AND t.credit_account_id = a.id), 0)::bigint AS returned
      FROM ledger_accounts a
      JOIN ledger_transfers t ON (t.debit_account_id = a.id OR t.credit_account_id = a.id)
     WHERE a.user_id = ${userId} AND a.kind = 'wallet' AND t.created_at >= ${since.toISOString()}::timestamptz`)) as unknown as {
    rows: { staked: string | number; returned: string | number }[];
  };
  const row = result.rows[0];
  return { staked: Number(row?.staked ?? 0), returned: Number(row?.returned ?? 0) };
}
