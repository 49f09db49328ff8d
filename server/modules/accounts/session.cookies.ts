import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { overHttps } from '../../lib/https.js';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '../../plugins/auth.js';

/** httpOnly, SameSite=Strict, whole site; Secure whenever the site is reached over https. */
function attributes(request: FastifyRequest, config: Config) {
  return { httpOnly: true, sameSite: 'strict' as const, path: '/', secure: overHttps(request, config) };
}

/** Sets the access cookie, and the refresh cookie when there is a new refresh token. */
export function setSessionCookies(request: FastifyRequest, reply: FastifyReply, config: Config, tokens: { accessToken: string; refreshToken?: string }): void {
  const attrs = attributes(request, config);
  reply.setCookie(ACCESS_COOKIE, tokens.accessToken, { ...attrs, maxAge: config.ACCESS_TOKEN_TTL_SECONDS });
  if (tokens.refreshToken) reply.setCookie(REFRESH_COOKIE, tokens.refreshToken, { ...attrs, maxAge: config.REFRESH_TOKEN_TTL_DAYS * 86_400 });
}

export function clearSessionCookies(request: FastifyRequest, reply: FastifyReply, config: Config): void {
  const attrs = attributes(request, config);
  reply.clearCookie(ACCESS_COOKIE, attrs);
  reply.clearCookie(REFRESH_COOKIE, attrs);
}

/** The refresh token the browser holds, if any. */
export function presentedRefreshToken(request: FastifyRequest): string | undefined {
  const value = request.cookies?.[REFRESH_COOKIE];
  return value && value.length <= 256 ? value : undefined;
}
