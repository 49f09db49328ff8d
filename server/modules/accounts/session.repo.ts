import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { rowFromJson } from '../../db/json-row.js';
import { refreshTokens, usedChallenges, users } from '../../db/schema/index.js';
import { statement } from '../../db/statement.js';

export type RefreshRow = typeof refreshTokens.$inferSelect & { expired: boolean; rotatedSecondsAgo: number | null };

export async function insertRefreshToken(
  db: DbOrTx,
  v: { userId: string; familyId: string; tokenHash: string; ttlDays: number; secondFactor: boolean; now: Date },
): Promise<void> {
  await db.insert(refreshTokens).values({
    userId: v.userId,
    familyId: v.familyId,
    tokenHash: v.tokenHash,
    secondFactor: v.secondFactor,
    createdAt: v.now,
    expiresAt: new Date(v.now.getTime() + v.ttlDays * 86_400_000),
  });
}

export async function findRefreshToken(db: DbOrTx, tokenHash: string, now: Date): Promise<RefreshRow | undefined> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const [row] = await db
    .select({
      id: refreshTokens.id,
      userId: refreshTokens.userId,
      familyId: refreshTokens.familyId,
      tokenHash: refreshTokens.tokenHash,
      expiresAt: refreshTokens.expiresAt,
      rotatedAt: refreshTokens.rotatedAt,
      revokedAt: refreshTokens.revokedAt,
      secondFactor: refreshTokens.secondFactor,
      createdAt: refreshTokens.createdAt,
      expired: sql<boolean>`${refreshTokens.expiresAt} <= ${at}`,
      rotatedSecondsAgo: sql<number | null>`extract(epoch from ${at} - ${refreshTokens.rotatedAt})::float8`,
    })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash));
  return row;
}

/** Retires a token for its successor; false when another request retired or revoked it first. */
export async function retireRefreshToken(db: DbOrTx, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ rotatedAt: now })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.rotatedAt), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length === 1;
}

export async function revokeFamily(db: DbOrTx, familyId: string, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Signs a person out of every session, or of all but `keepFamilyId`. */
export async function revokeAllForUser(db: DbOrTx, userId: string, now: Date, keepFamilyId?: string): Promise<void> {
  const mine = and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt));
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(keepFamilyId ? and(mine, ne(refreshTokens.familyId, keepFamilyId)) : mine);
}

export interface SessionUser {
  id: string;
  role: 'user' | 'admin';
  accessPages: string[];
  tokenVersion: number;
  /** The session was begun with the second factor. */
  secondFactor: boolean;
}

/**
 * The one definition of a session that still holds, as SQL over four parameters (the user id, the
 * session id and the token version the access token carries, and the time): the session has a token neither
 * revoked nor expired, the token version is current, the person is verified and not blocked. The
 * sign-in check reads it here; game calls check it inside their money statement (decision 16).
 */
export const sessionHoldsSql = (user: string, session: string, version: string, now: string) =>
  `EXISTS (SELECT 1 FROM users u WHERE u.id = ${user} AND u.token_version = ${version} AND u.verified_at IS NOT NULL AND u.blocked_at IS NULL
     AND EXISTS (SELECT 1 FROM refresh_tokens t WHERE t.family_id = ${session} AND t.user_id = ${user} AND t.revoked_at IS NULL AND t.expires_at > ${now}))`;

const sessionUser = statement(
  'session_user',
  `SELECT u.id, u.role, u.access_pages, u.token_version,
          EXISTS (SELECT 1 FROM refresh_tokens t WHERE t.family_id = $2::uuid AND t.second_factor) AS second_factor
     FROM users u WHERE u.id = $1 AND ${sessionHoldsSql('$1', '$2::uuid', '$3::integer', '$4::timestamptz')}`,
);

/** The caller of a session that still holds (sessionHoldsSql), or nothing. */
export async function findSessionUser(db: Db, userId: string, familyId: string, tokenVersion: number, now: Date): Promise<SessionUser | undefined> {
  const [row] = await sessionUser(db, userId, familyId, tokenVersion, now.toISOString());
  if (!row) return undefined;
  const user = rowFromJson(users, row);
  return { id: user.id, role: user.role, accessPages: user.accessPages, tokenVersion: user.tokenVersion, secondFactor: row.second_factor === true };
}

/** Spends a second-factor challenge; false when it was spent before. */
export async function spendChallenge(db: DbOrTx, id: string, expiresAt: Date): Promise<boolean> {
  const rows = await db.insert(usedChallenges).values({ id, expiresAt }).onConflictDoNothing().returning({ id: usedChallenges.id });
  return rows.length === 1;
}
