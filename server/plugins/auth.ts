import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AccessPage } from '../../contracts/roles.js';
import { sessionCaller } from '../modules/accounts/index.js';
import { forbidden, unauthorized } from '../lib/errors.js';
import { verifyAccessToken } from '../lib/tokens.js';
import type { App, AuthUser } from '../types.js';

export const ACCESS_COOKIE = 'accessToken';
/** The refresh token itself: httpOnly, never seen by a script (docs/decisions/0031-original-client-refresh.md). */
export const REFRESH_COOKIE = 'refreshSecret';
/**
 * Readable beside it, set and cleared with it, holding no secret: the original client looks for
 * `refreshToken` in document.cookie to know it can refresh.
 */
export const REFRESH_HINT_COOKIE = 'refreshToken';
export const REFRESH_HINT = '1';
/** Calls where a stale credential is ignored rather than refused. */
const CREDENTIAL_FREE = new Set(['/api/v1/users/login', '/api/v1/users/register', '/api/v1/users/refresh-token']);
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route checks the caller's session in its own money statement (one round trip a call):
     * the caller is taken from the genuine token, marked sessionUnchecked, and the route must
     * pass the session on. Only for players' game calls; never for admin pages.
     */
    sessionInStatement?: boolean;
  }
}

/**
 * Resolves the caller on every request from `Authorization: Bearer <t>`, a bare
 * `Authorization: <t>` (what the original client sends) or the httpOnly accessToken cookie.
 * The user row and the session are read fresh, so a removed admin page, a password reset or a
 * sign-out takes effect at once.
 */
export const authPlugin = fp(async (app: App) => {
  app.decorateRequest('user', null);
  app.decorateRequest('authVia', null);
  const allowedOrigins = new Set([
    ...(app.config.PUBLIC_URL ? [new URL(app.config.PUBLIC_URL).origin] : []),
    ...app.config.CORS_ORIGINS.map((o) => new URL(o).origin),
  ]);

  app.addHook('onRequest', async (request) => {
    if (CREDENTIAL_FREE.has(request.url.split('?')[0])) return;
    const header = request.headers.authorization?.trim();
    const fromHeader = header ? header.replace(/^Bearer\s+/i, '').trim() : '';
    const token = fromHeader || request.cookies?.[ACCESS_COOKIE];
    if (!token || token === 'null' || token === 'undefined') return;
    const claims = await verifyAccessToken(app.config.keys.accessToken, token);
    if (!claims) return;
    // A replayed Idempotency-Key answers from storage before any statement runs: read the session first.
    const deferred = request.routeOptions.config?.sessionInStatement && claims.role === 'user' && request.headers['idempotency-key'] === undefined;
    const caller: AuthUser | null = deferred
      ? { id: claims.sub, role: claims.role, accessPages: [], tokenVersion: claims.tv, sessionId: claims.sid, sessionUnchecked: true }
      : await sessionCaller(app.db, claims, app.config.adminTwoFactor, app.clock.now());
    if (!caller) return;
    const via = fromHeader ? 'header' : 'cookie';
    if (via === 'cookie' && !SAFE_METHODS.has(request.method) && !sameSiteRequest(request, allowedOrigins)) return;
    request.user = caller;
    request.authVia = via;
  });
});

/** A cookie-authenticated change must come from our own origin or a configured one. */
function sameSiteRequest(request: FastifyRequest, allowed: Set<string>): boolean {
  const origin = request.headers.origin;
  if (!origin) return true; // not a browser cross-site request: SameSite=Strict already withholds the cookie
  try {
    const o = new URL(origin);
    // request.host honours X-Forwarded-Host only when TRUST_PROXY says the proxy is ours.
    return o.host === request.host || allowed.has(o.origin);
  } catch {
    return false;
  }
}

/** preHandler: the caller must be signed in. */
export async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!request.user) throw unauthorized();
}

/** preHandler factory: the caller must be an admin holding `page`. */
export function requireAdmin(page: AccessPage) {
  const hook = async (request: FastifyRequest): Promise<void> => {
    const user = request.user;
    if (!user) throw unauthorized();
    if (user.role !== 'admin') throw forbidden('Admins only.');
    if (!user.accessPages.includes(page)) throw forbidden(`You need the "${page}" page for this.`);
  };
  // Read when the route is registered, to list every back-office route with its page (app.accessTable).
  return Object.assign(hook, { accessPage: page });
}

/** The access page a route's onRequest hooks demand, if one is requireAdmin's. */
export function accessPageOf(hooks: unknown): AccessPage | undefined {
  const list = Array.isArray(hooks) ? hooks : hooks ? [hooks] : [];
  return list.map((h) => (h as { accessPage?: AccessPage }).accessPage).find(Boolean);
}
