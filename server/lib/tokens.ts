import { createHash, randomBytes } from 'node:crypto';
import { createSigner, createVerifier } from 'fast-jwt';

export interface AccessClaims {
  sub: string;
  role: 'user' | 'admin';
  /** The user's token version when issued: a password reset bumps it and voids older tokens. */
  tv: number;
  /** The session (refresh-token family) it belongs to: signing out ends it, and the token with it. */
  sid: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Payload = Record<string, unknown>;

/** HS256 only, synchronous (node:crypto), made once per key and use. */
const signers = new Map<string, (payload: Payload) => string>();
const verifiers = new Map<string, (token: string) => Payload>();

function sign(key: string, payload: Payload, ttlSeconds: number): string {
  const id = `${key}:${ttlSeconds}`;
  let signer = signers.get(id);
  if (!signer) signers.set(id, (signer = createSigner({ key, algorithm: 'HS256', expiresIn: ttlSeconds * 1000 })));
  return signer(payload);
}

/** The payload of a token signed with `key` that carries every required claim and has not expired; throws otherwise. */
function verify(key: string, token: string, requiredClaims: string[]): Payload {
  const id = `${key}:${requiredClaims.join(',')}`;
  let verifier = verifiers.get(id);
  // The cache keeps each token's outcome until it expires, so a token is checked once, not on every call.
  if (!verifier) verifiers.set(id, (verifier = createVerifier({ key, algorithms: ['HS256'], requiredClaims, cache: true })));
  return verifier(token);
}

export async function signAccessToken(key: string, claims: AccessClaims, ttlSeconds: number): Promise<string> {
  return sign(key, { sub: claims.sub, role: claims.role, tv: claims.tv, sid: claims.sid }, ttlSeconds);
}

/** The claims of a valid token, or null. A token without `exp`, `sub` or `sid` is never valid. */
export async function verifyAccessToken(key: string, token: string): Promise<AccessClaims | null> {
  try {
    const { sub, role, tv, sid } = verify(key, token, ['exp', 'sub', 'sid']);
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
  // `jti` names this one sign-in: a challenge is spent by its first success.
  return sign(key, { sub: claims.sub, tv: claims.tv, use: 'second-factor', jti: randomToken(16) }, ttlSeconds);
}

export async function verifyChallenge(key: string, token: string): Promise<{ sub: string; tv: number; jti: string; exp: number } | null> {
  try {
    const payload = verify(key, token, ['exp', 'sub', 'jti']);
    if (
      payload.use !== 'second-factor' ||
      typeof payload.sub !== 'string' ||
      !UUID.test(payload.sub) ||
      typeof payload.tv !== 'number' ||
      typeof payload.jti !== 'string' ||
      typeof payload.exp !== 'number'
    )
      return null;
    return { sub: payload.sub, tv: payload.tv, jti: payload.jti, exp: payload.exp };
  } catch {
    return null;
  }
}
