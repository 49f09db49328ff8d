import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { deleteCounting } from '../../db/purge.js';

/**
 * Rows of accounts that no longer decide anything at `now`: one-time codes a day past their
 * expiry, refresh tokens past theirs (a session holds only while one of its tokens is unexpired,
 * so an expired one can neither sign in nor be reused), and attempt counts a day quiet and not
 * holding an account back (the throttle forgets them after a day anyway), and second-factor
 * challenges spent and expired.
 */
export async function purgeExpired(db: DbOrTx, now: Date): Promise<number> {
  const at = now.toISOString();
  const codes = await deleteCounting(db, sql`DELETE FROM otp_codes WHERE expires_at < ${at}::timestamptz - interval '1 day'`);
  const tokens = await deleteCounting(db, sql`DELETE FROM refresh_tokens WHERE expires_at < ${at}::timestamptz`);
  const throttle = await deleteCounting(
    db,
    sql`DELETE FROM auth_throttle WHERE updated_at < ${at}::timestamptz - interval '1 day' AND (blocked_until IS NULL OR blocked_until < ${at}::timestamptz)`,
  );
  const outbox = await deleteCounting(db, sql`DELETE FROM dev_outbox WHERE created_at < ${at}::timestamptz - interval '7 days'`);
  // A spent challenge past its expiry could not be used again anyway.
  const challenges = await deleteCounting(db, sql`DELETE FROM used_challenges WHERE expires_at < ${at}::timestamptz`);
  return codes + tokens + throttle + outbox + challenges;
}
