import { sql } from 'drizzle-orm';
import { INDIA_TIME_ZONE } from '../../contracts/india-time.js';

/** India's time zone as a SQL literal, for `AT TIME ZONE` in the repositories. */
export const INDIA_ZONE = sql.raw(`'${INDIA_TIME_ZONE}'`);
