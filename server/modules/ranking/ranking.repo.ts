import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { INDIA_ZONE } from '../../db/india-time.js';

// A read-only report over settled rounds; it writes nothing and owns no table.

/** Monday 00:00 in India, of the week `now` falls in. */
const weekStart = (now: Date) => sql`(date_trunc('week', ${now.toISOString()}::timestamptz AT TIME ZONE ${INDIA_ZONE}) AT TIME ZONE ${INDIA_ZONE})`;
const settledThisWeek = (now: Date) => sql`state <> 'playing' AND ended_at >= ${weekStart(now)}`;

type Rows<T> = { rows: T[] };

export interface StakeRow {
  fullName: string;
  /** Paise staked in rounds settled this week. */
  staked: number;
}

/** When this week began (Monday 00:00 India time), as the database reckons it. */
export async function weekBegan(db: DbOrTx, now: Date): Promise<Date> {
  const { rows } = (await db.execute(sql`SELECT ${weekStart(now)} AS week_start`)) as unknown as Rows<{ week_start: Date | string }>;
  return new Date(rows[0].week_start);
}

/** The players who staked most this week; on a tie, whoever got there first. */
export async function weekLeaders(db: DbOrTx, limit: number, now: Date): Promise<StakeRow[]> {
  const { rows } = (await db.execute(sql`
    SELECT u.full_name AS "fullName", w.staked
      FROM (SELECT user_id, sum(bet)::bigint AS staked, max(ended_at) AS reached
              FROM chicken_rounds WHERE ${settledThisWeek(now)}
             GROUP BY user_id ORDER BY staked DESC, reached ASC, user_id LIMIT ${limit}) w
      JOIN users u ON u.id = w.user_id
     ORDER BY w.staked DESC, w.reached ASC, w.user_id`)) as unknown as Rows<{ fullName: string; staked: string | number }>;
  return rows.map((r) => ({ fullName: r.fullName, staked: Number(r.staked) }));
}
