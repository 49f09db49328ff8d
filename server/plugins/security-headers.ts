import fp from 'fastify-plugin';
import type { App } from '../types.js';

/**
 * Browser features the site uses: the clipboard (copying the referral link and pasting codes)
 * and sound after a tap (autoplay). Everything else is switched off for our pages and any frame.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=(self)',
  'bluetooth=()',
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

/**
 * Every API answer may be personal (a balance, a history, a token), so none is stored by the
 * browser or a shared cache unless its route says otherwise; every answer carries the
 * Permissions-Policy.
 */
export const securityHeadersPlugin = fp(async (app: App) => {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('Permissions-Policy', PERMISSIONS_POLICY);
    if (request.url.startsWith('/api/') && !request.url.startsWith('/api/docs') && !reply.hasHeader('Cache-Control')) {
      reply.header('Cache-Control', 'no-store');
    }
    return payload;
  });
});
