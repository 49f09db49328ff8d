import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import type { Http } from '../../http/route.js';
import { overHttps } from '../../lib/https.js';
import { ACCESS_COOKIE, REFRESH_COOKIE, REFRESH_HINT, REFRESH_HINT_COOKIE } from '../../plugins/auth.js';

/** httpOnly, SameSite=Strict, whole site; Secure whenever the site is reached over https. */
function attributes(request: FastifyRequest, config: Config) {
  return { httpOnly: true, sameSite: 'strict' as const, path: '/', secure: overHttps(request, config) };
}

/**
 * Sets the access cookie, and the refresh cookie when there is a new refresh token. Beside the
 * refresh cookie goes its readable hint, with the same attributes and life but no secret
 * (docs/decisions/0031-original-client-refresh.md).
 */
export function setSessionCookies({ request, reply }: Http, config: Config, tokens: { accessToken: string; refreshToken?: string }): void {
  const attrs = attributes(request, config);
  reply.setCookie(ACCESS_COOKIE, tokens.accessToken, { ...attrs, maxAge: config.ACCESS_TOKEN_TTL_SECONDS });
  if (tokens.refreshToken) {
    const maxAge = config.REFRESH_TOKEN_TTL_DAYS * 86_400;
    reply.setCookie(REFRESH_COOKIE, tokens.refreshToken, { ...attrs, maxAge });
    reply.setCookie(REFRESH_HINT_COOKIE, REFRESH_HINT, { ...attrs, httpOnly: false, maxAge });
  }
}

export function clearSessionCookies({ request, reply }: Http, config: Config): void {
  const attrs = attributes(request, config);
  reply.clearCookie(ACCESS_COOKIE, attrs);
  reply.clearCookie(REFRESH_COOKIE, attrs);
  // Also ends a refresh cookie of the earlier name, which held the token itself.
  reply.clearCookie(REFRESH_HINT_COOKIE, { ...attrs, httpOnly: false });
}

/** What `randomToken()` makes: 32 bytes in base64url. */
const REFRESH_TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/**
 * The refresh token the browser holds, if any: only ever the httpOnly cookie's. The readable hint
 * is never a token. A browser signed in before the token moved to its own cookie still holds it,
 * httpOnly, under the hint's name; that one is taken while no refresh cookie exists, and the
 * first refresh replaces it with the hint.
 */
export function presentedRefreshToken(request: FastifyRequest): string | undefined {
  const value = request.cookies?.[REFRESH_COOKIE];
  if (value !== undefined) return value.length <= 256 ? value : undefined;
  const earlier = request.cookies?.[REFRESH_HINT_COOKIE];
  return earlier && REFRESH_TOKEN_SHAPE.test(earlier) ? earlier : undefined;
}
