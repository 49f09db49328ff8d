import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

export type TrustProxySetting = false | number | string[];
export type TrustFn = (address: string, hop: number) => boolean;

/**
 * TRUST_PROXY as a function of (address, hop), for Fastify and for the realtime socket alike.
 * A hop count `n` trusts the nearest `n` hops (hop 0 is the connection's own peer): right when
 * the server can be reached only through those proxies. Addresses and CIDRs trust those senders
 * wherever they are in the chain. Off: nobody speaks for the client.
 */
export function proxyTrust(setting: TrustProxySetting): TrustFn {
  if (setting === false) return () => false;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return proxyAddr.compile(setting);
}

/** The client's address as TRUST_PROXY allows the proxies in front to tell it. */
export const clientAddress = (request: IncomingMessage, trust: TrustFn): string => proxyAddr(request, trust);
