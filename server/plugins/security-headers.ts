import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { App } from '../types.js';

/**
 * Browser features the site uses: the clipboard (copying the referral link and pasting codes)
 * and sound after a tap (autoplay). Everything else is switched off for our pages and any frame.
 * Only features browsers know are named: Chromium warns in the console about any other (such as
 * `bluetooth`, which it does not control by policy).
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=(self)',
  'camera=()',
  'clipboard-read=(self)',
  'clipboard-write=(self)',
  'display-capture=()',
  'encrypted-media=()',
  'fullscreen=(self)',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/** The headers helmet sets for these options: they depend on nothing in the request, so they are worked out once. */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => (headers[name] = String(value)),
    removeHeader: (name: string) => delete headers[name],
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return headers;
}

/**
 * helmet's headers on every answer (the CSP and the rest), and the Permissions-Policy. Every API
 * answer may be personal (a balance, a history, a token), so none is stored by the browser or a
 * shared cache unless its route says otherwise.
 */
export const securityHeadersPlugin = fp(async (app: App, options: HelmetOptions) => {
  const headers = { ...helmetHeaders(options), 'Permissions-Policy': PERMISSIONS_POLICY };
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    // /my-channels is an admin call outside /api (where the original client calls it).
    const api = (request.url.startsWith('/api/') && !request.url.startsWith('/api/docs')) || request.url.split('?')[0] === '/my-channels';
    if (api && !reply.hasHeader('Cache-Control')) {
      reply.header('Cache-Control', 'no-store');
    }
    return payload;
  });
});
