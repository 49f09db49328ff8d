import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

// A read-only report over settled rounds; it writes nothing and owns no table.

/** Monday 00:00 in India, this week. */
const WEEK_START = sql`(date_trunc('week', now() AT TIME ZONE 'Asia/Kolkata') AT TIME ZONE 'Asia/Kolkata')`;
const SETTLED_THIS_WEEK = sql`state <> 'playing' AND ended_at >= ${WEEK_START}`;

type Rows<T> = { rows: T[] };

export interface StakeRow {
  fullName: string;
  /** Paise staked in rounds settled this week. */
  staked: number;
}

/** When this week began, and the paise staked in every round settled since. */
export async function weekTotal(db: DbOrTx): Promise<{ weekStart: Date; total: number }> {
  const { rows } = (await db.execute(
    sql`SELECT ${WEEK_START} AS week_start, coalesce(sum(bet), 0)::bigint AS total FROM chicken_rounds WHERE ${SETTLED_THIS_WEEK}`,
  )) as unknown as Rows<{ week_start: Date | string; total: string | number }>;
  return { weekStart: new Date(rows[0].week_start), total: Number(rows[0].total) };
}

/** The players who staked most this week; on a tie, whoever got there first. */
export async function weekLeaders(db: DbOrTx, limit: number): Promise<StakeRow[]> {
  const { rows } = (await db.execute(sql`
    SELECT u.full_name AS "fullName", w.staked
      FROM (SELECT user_id, sum(bet)::bigint AS staked, max(ended_at) AS reached
              FROM chicken_rounds WHERE ${SETTLED_THIS_WEEK}
             GROUP BY user_id ORDER BY staked DESC, reached ASC, user_id LIMIT ${limit}) w
      JOIN users u ON u.id = w.user_id
     ORDER BY w.staked DESC, w.reached ASC, w.user_id`)) as unknown as Rows<{ fullName: string; staked: string | number }>;
  return rows.map((r) => ({ fullName: r.fullName, staked: Number(r.staked) }));
}
