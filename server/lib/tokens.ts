import { createHash, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export interface AccessClaims {
  sub: string;
  role: 'user' | 'admin';
  /** The user's token version when issued: a password reset bumps it and voids older tokens. */
  tv: number;
  /** The session (refresh-token family) it belongs to: signing out ends it, and the token with it. */
  sid: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const keyOf = (key: string) => new TextEncoder().encode(key);

export async function signAccessToken(key: string, claims: AccessClaims, ttlSeconds: number): Promise<string> {
  return new SignJWT({ role: claims.role, tv: claims.tv, sid: claims.sid })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(keyOf(key));
}

/** The claims of a valid token, or null. A token without `exp`, `sub` or `sid` is never valid. */
export async function verifyAccessToken(key: string, token: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(key), { algorithms: ['HS256'], requiredClaims: ['exp', 'sub', 'sid'] });
    const { sub, role, tv, sid } = payload;
    if (
      typeof sub !== 'string' ||
      !UUID.test(sub) ||
      (role !== 'user' && role !== 'admin') ||
      typeof tv !== 'number' ||
      typeof sid !== 'string' ||
      !UUID.test(sid)
    )
      return null;
    return { sub, role, tv, sid };
  } catch {
    return null;
  }
}

/** An opaque random token (refresh tokens); only its hash is stored. */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');
export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * A short-lived proof that a password was right, for the second sign-in step of an admin: it names
 * the user and their token version, so a password change voids it.
 */
export async function signChallenge(key: string, claims: { sub: string; tv: number }, ttlSeconds: number): Promise<string> {
  return new SignJWT({ tv: claims.tv, use: 'second-factor' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(keyOf(key));
}

export async function verifyChallenge(key: string, token: string): Promise<{ sub: string; tv: number } | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(key), { algorithms: ['HS256'], requiredClaims: ['exp', 'sub'] });
    if (payload.use !== 'second-factor' || typeof payload.sub !== 'string' || !UUID.test(payload.sub) || typeof payload.tv !== 'number') return null;
    return { sub: payload.sub, tv: payload.tv };
  } catch {
    return null;
  }
}
