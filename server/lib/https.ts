import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';

/**
 * Reached over https: the public address says so, the connection is TLS, or a proxy in front says
 * it terminated TLS. The header is read even from an untrusted sender: a forged one only makes
 * the cookie Secure, which harms nobody but the forger.
 */
export function overHttps(request: FastifyRequest, config: Config): boolean {
  if (config.PUBLIC_URL?.startsWith('https:') || request.protocol === 'https') return true;
  const forwarded = request.headers['x-forwarded-proto'];
  const proto = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim().toLowerCase();
  return proto === 'https' || /proto=https/i.test(String(request.headers.forwarded ?? ''));
}
