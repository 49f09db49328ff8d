import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { REQUEST_KINDS as LEDGER_REQUEST_KINDS } from '../ledger/index.js';

/**
 * The transfers of a deposit or withdrawal request are not listed again (the request is the row).
 * Every other transfer touching a wallet (bets, wins, spin prizes, referral rewards, adjustments,
 * and kinds added later) appears as it is.
 */
const REQUEST_KINDS = sql`(${sql.join(
  LEDGER_REQUEST_KINDS.map((kind) => sql`${kind}`),
  sql`, `,
)})`;

export interface HistoryRow {
  id: string;
  type: string;
  method: string;
  amount: number;
  status: 'pending' | 'approved' | 'rejected';
  direction: 'credit' | 'debit';
  createdAt: Date;
  userId: string;
  fullName?: string | null;
  email?: string | null;
}

/** The union of a player's (or, with userId null, every player's) requests and wallet transfers. */
function items(userId: string | null): SQL {
  const own = (column: SQL) => (userId ? sql`AND ${column} = ${userId}` : sql``);
  const wallets = userId
    ? sql`(SELECT id, user_id FROM ledger_accounts WHERE kind = 'wallet' AND user_id = ${userId})`
    : sql`(SELECT id, user_id FROM ledger_accounts WHERE kind = 'wallet')`;
  return sql`
    SELECT d.id::text AS id, 'deposit' AS type, d.method, d.amount, d.status, 'credit' AS direction, d.created_at, d.user_id, 0::bigint AS seq
      FROM wallet_deposits d WHERE true ${own(sql`d.user_id`)}
    UNION ALL
    SELECT w.id::text, 'withdrawal', w.method, w.amount, w.status, 'debit', w.created_at, w.user_id, 0::bigint
      FROM wallet_withdrawals w WHERE true ${own(sql`w.user_id`)}
    UNION ALL
    SELECT 'ledger-' || t.id, t.kind, coalesce(t.metadata->>'method', 'Wallet'), t.amount, 'approved', 'credit', t.created_at, a.user_id, t.id
      FROM ledger_transfers t JOIN ${wallets} a ON a.id = t.credit_account_id
     WHERE t.kind NOT IN ${REQUEST_KINDS}
    UNION ALL
    SELECT 'ledger-' || t.id, t.kind, coalesce(t.metadata->>'method', 'Wallet'), t.amount, 'approved', 'debit', t.created_at, a.user_id, t.id
      FROM ledger_transfers t JOIN ${wallets} a ON a.id = t.debit_account_id
     WHERE t.kind NOT IN ${REQUEST_KINDS}`;
}

type Raw = Record<string, unknown>;
const rowsOf = (result: unknown): Raw[] => (result as { rows: Raw[] }).rows;
const historyRow = (r: Raw): HistoryRow => ({
  id: String(r.id),
  type: String(r.type),
  method: String(r.method),
  amount: Number(r.amount),
  status: r.status as HistoryRow['status'],
  direction: r.direction as HistoryRow['direction'],
  createdAt: r.created_at instanceof Date ? r.created_at : new Date(String(r.created_at)),
  userId: String(r.user_id),
});

export async function historyPage(db: DbOrTx, userId: string | null, limit: number, offset: number): Promise<{ rows: HistoryRow[]; total: number }> {
  const withUser = userId === null;
  const page = rowsOf(
    await db.execute(sql`
      SELECT i.*${withUser ? sql`, u.full_name, u.email` : sql``}
        FROM (${items(userId)}) i
        ${withUser ? sql`LEFT JOIN users u ON u.id = i.user_id` : sql``}
       ORDER BY i.created_at DESC, i.seq DESC, i.id DESC
       LIMIT ${limit} OFFSET ${offset}`),
  );
  const [count] = rowsOf(await db.execute(sql`SELECT count(*) AS total FROM (${items(userId)}) i`));
  return {
    total: Number(count?.total ?? 0),
    rows: page.map((r) => ({
      ...historyRow(r),
      ...(withUser ? { fullName: (r.full_name as string | null) ?? null, email: (r.email as string | null) ?? null } : {}),
    })),
  };
}

/** A player's history from `from` (included) to `to` (excluded), oldest first, at most `max` rows: their statement. */
export async function historyBetween(db: DbOrTx, userId: string, from: Date, to: Date, max: number): Promise<HistoryRow[]> {
  const rows = rowsOf(
    await db.execute(sql`
      SELECT i.* FROM (${items(userId)}) i
       WHERE i.created_at >= ${from.toISOString()}::timestamptz AND i.created_at < ${to.toISOString()}::timestamptz
       ORDER BY i.created_at, i.seq, i.id
       LIMIT ${max}`),
  );
  return rows.map(historyRow);
}
