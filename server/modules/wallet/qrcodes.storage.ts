import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { notFound } from '../../lib/errors.js';
import type { App } from '../../types.js';

/** Image types a QR code may have, by the extension its stored file gets. */
export const IMAGE_TYPES: Record<string, { ext: string }> = {
  'image/png': { ext: 'png' },
  'image/jpeg': { ext: 'jpg' },
  'image/webp': { ext: 'webp' },
  'image/gif': { ext: 'gif' },
};
const MIME_BY_EXT: Record<string, string> = Object.fromEntries(Object.entries(IMAGE_TYPES).map(([mime, t]) => [t.ext, mime]));
/** Stored names are generated (uuid.ext), so anything else, including any path, is refused. */
const FILE_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|webp|gif)$/;

export const qrDir = (config: Config) => join(config.dataDir, 'uploads', 'qr');
export const qrImageUrl = (fileName: string) => `/uploads/qr/${fileName}`;

export async function saveQrImage(config: Config, bytes: Buffer, ext: string): Promise<string> {
  const dir = qrDir(config);
  await mkdir(dir, { recursive: true });
  const fileName = `${randomUUID()}.${ext}`;
  await writeFile(join(dir, fileName), bytes, { flag: 'wx', mode: 0o644 });
  return fileName;
}

export async function removeQrImage(config: Config, fileName: string): Promise<void> {
  if (!FILE_NAME.test(fileName)) return;
  await unlink(join(qrDir(config), fileName)).catch((err: NodeJS.ErrnoException) => {
    if (err.code !== 'ENOENT') throw err;
  });
}

/** Serves stored QR images at /uploads/qr/<file>, registered without the /api/v1 prefix. */
export async function uploadsRoutes(app: App): Promise<void> {
  app.get('/uploads/qr/:file', {
    schema: { tags: ['qr-codes'], summary: 'A stored QR code image', params: z.object({ file: z.string().max(128) }) },
    handler: async (request, reply) => {
      const { file } = request.params;
      const missing = () => notFound('That image does not exist.');
      if (!FILE_NAME.test(file)) throw missing();
      const path = join(qrDir(app.config), file);
      const info = await stat(path).catch(() => null);
      if (!info?.isFile()) throw missing();
      return reply
        .type(MIME_BY_EXT[file.slice(file.lastIndexOf('.') + 1)])
        .header('content-length', info.size)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(createReadStream(path));
    },
  });
}
