import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { INDIA_ZONE } from '../../db/india-time.js';
import { BONUS_KINDS, PAYOUT_KIND, STAKE_KIND, type TransferKind } from '../ledger/index.js';

const kind = { deposit: 'deposit', withdrawal: 'withdrawal' } as const satisfies Record<string, TransferKind>;

export interface DayRow {
  day: string;
  deposits: number;
  withdrawals: number;
  bets: number;
  wins: number;
  bonuses: number;
  players: number;
}

const IST = INDIA_ZONE;

/**
 * Paise moved through the ledger per day (India time) over the last `days` days, today included,
 * every day present even when nothing moved. Deposits and withdrawals are the approved ones, as the
 * ledger records them.
 */
export async function dailyTotals(db: DbOrTx, days: number, now: Date): Promise<DayRow[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const result = await db.execute(sql`
    WITH days AS (
      SELECT generate_series((${at} AT TIME ZONE ${IST})::date - ${days - 1}::int, (${at} AT TIME ZONE ${IST})::date, interval '1 day')::date AS day
    ), moves AS (
      SELECT (t.created_at AT TIME ZONE ${IST})::date AS day, t.kind, t.amount, d.user_id AS debit_user
        FROM ledger_transfers t JOIN ledger_accounts d ON d.id = t.debit_account_id
       WHERE t.created_at >= (((${at} AT TIME ZONE ${IST})::date - ${days - 1}::int)::timestamp AT TIME ZONE ${IST})
    )
    SELECT to_char(days.day, 'YYYY-MM-DD') AS day,
           coalesce(sum(m.amount) FILTER (WHERE m.kind = ${kind.deposit}), 0) AS deposits,
           coalesce(sum(m.amount) FILTER (WHERE m.kind = ${kind.withdrawal}), 0) AS withdrawals,
           coalesce(sum(m.amount) FILTER (WHERE m.kind = ${STAKE_KIND}), 0) AS bets,
           coalesce(sum(m.amount) FILTER (WHERE m.kind = ${PAYOUT_KIND}), 0) AS wins,
           coalesce(sum(m.amount) FILTER (WHERE m.kind IN (${sql.join(
             BONUS_KINDS.map((k) => sql`${k}`),
             sql`, `,
           )})), 0) AS bonuses,
           count(DISTINCT m.debit_user) FILTER (WHERE m.kind = ${STAKE_KIND}) AS players
      FROM days LEFT JOIN moves m ON m.day = days.day
     GROUP BY days.day
     ORDER BY days.day`);
  return (result as unknown as { rows: Record<string, unknown>[] }).rows.map((r) => ({
    day: String(r.day),
    deposits: Number(r.deposits),
    withdrawals: Number(r.withdrawals),
    bets: Number(r.bets),
    wins: Number(r.wins),
    bonuses: Number(r.bonuses),
    players: Number(r.players),
  }));
}

/** Players who bet within the last `days` days (distinct over the whole period). */
export async function playersWhoBet(db: DbOrTx, days: number, now: Date): Promise<number> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const result = await db.execute(sql`
    SELECT count(DISTINCT d.user_id) AS n
      FROM ledger_transfers t JOIN ledger_accounts d ON d.id = t.debit_account_id
     WHERE t.kind = ${STAKE_KIND} AND t.created_at >= (((${at} AT TIME ZONE ${IST})::date - ${days - 1}::int)::timestamp AT TIME ZONE ${IST})`);
  return Number((result as unknown as { rows: { n: unknown }[] }).rows[0].n);
}

export async function pendingRequests(db: DbOrTx): Promise<{ deposits: number; withdrawals: number }> {
  const result = await db.execute(sql`
    SELECT (SELECT count(*) FROM wallet_deposits WHERE status = 'pending') AS deposits,
           (SELECT count(*) FROM wallet_withdrawals WHERE status = 'pending') AS withdrawals`);
  const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0];
  return { deposits: Number(row.deposits), withdrawals: Number(row.withdrawals) };
}

export interface MoneyByKind {
  kind: string;
  transfers: number;
  paise: number;
}

/** Transfers and paise moved through the ledger since the start, by kind of transfer. */
export async function moneyByKind(db: DbOrTx): Promise<MoneyByKind[]> {
  const result = await db.execute(sql`SELECT kind, count(*)::bigint AS transfers, sum(amount)::bigint AS paise FROM ledger_transfers GROUP BY kind`);
  return (result as unknown as { rows: Record<string, unknown>[] }).rows.map((r) => ({
    kind: String(r.kind),
    transfers: Number(r.transfers),
    paise: Number(r.paise),
  }));
}

/** Bets placed since the start, by game. */
export async function betsByGame(db: DbOrTx): Promise<{ chicken: number; color: number }> {
  const result = await db.execute(sql`SELECT (SELECT count(*) FROM chicken_rounds) AS chicken, (SELECT count(*) FROM color_bets) AS color`);
  const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0];
  return { chicken: Number(row.chicken), color: Number(row.color) };
}
