import type { FastifyRequest } from 'fastify';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * The caller is on this machine: the connection itself comes from loopback (never the address a
 * proxy reports) and no proxy forwarded it, since a local proxy would carry remote callers too.
 */
export function fromThisMachine(request: FastifyRequest): boolean {
  const forwarded = request.headers['x-forwarded-for'] ?? request.headers.forwarded ?? request.headers['x-real-ip'];
  return LOOPBACK.has(request.socket.remoteAddress ?? '') && !forwarded;
}
