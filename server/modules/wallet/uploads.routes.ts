import { createReadStream } from 'node:fs';
import { z } from 'zod';
import { notFound } from '../../lib/errors.js';
import type { App } from '../../types.js';
import { storedQrImage } from './qrcodes.storage.js';

/** Serves stored QR images at /uploads/qr/<file>, registered without the /api/v1 prefix. */
export async function uploadsRoutes(app: App): Promise<void> {
  app.get('/uploads/qr/:file', {
    // An image file, not an API call: left out of the API document like /healthz.
    schema: { hide: true, tags: ['qr-codes'], summary: 'A stored QR code image', params: z.object({ file: z.string().max(128) }) },
    handler: async (request, reply) => {
      const image = await storedQrImage(app.config, request.params.file);
      if (!image) throw notFound('That image does not exist.');
      return reply
        .type(image.mime)
        .header('content-length', image.size)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(createReadStream(image.path));
    },
  });
}
