import { createReadStream } from 'node:fs';
import { z } from 'zod';
import { routes } from '../../http/route.js';
import { notFound } from '../../lib/errors.js';
import type { App } from '../../types.js';
import { storedQrImage } from './qrcodes.storage.js';

/** Serves stored QR images at /uploads/qr/<file>, registered without the /api/v1 prefix. */
export async function uploadsRoutes(app: App): Promise<void> {
  const r = routes(app, { tags: ['qr-codes'], guard: 'public' });

  r.get('/uploads/qr/:file', {
    summary: 'A stored QR code image',
    // An image file, not an API call: left out of the API document like /healthz.
    hide: true,
    params: z.object({ file: z.string().max(128) }),
    answer: null,
    handler: async ({ params }, ctx, { reply }) => {
      const image = await storedQrImage(ctx.config, params.file);
      if (!image) throw notFound('That image does not exist.');
      reply
        .type(image.mime)
        .header('content-length', image.size)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .header('cache-control', 'public, max-age=31536000, immutable');
      return createReadStream(image.path);
    },
  });
}
