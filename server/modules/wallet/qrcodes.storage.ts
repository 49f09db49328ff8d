import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { isUuid } from '../../../contracts/ids.js';
import { UPLOAD_IMAGE_TYPES } from '../../../contracts/wallet.js';
import type { Config } from '../../config.js';
import { notFound } from '../../lib/errors.js';
import type { App } from '../../types.js';

const MIME_BY_EXT: Record<string, string> = Object.fromEntries(Object.entries(UPLOAD_IMAGE_TYPES).map(([mime, ext]) => [ext, mime]));

/** Stored names are generated (uuid.ext, lowercase), so anything else, including any path, is refused. */
function isStoredName(fileName: string): boolean {
  const dot = fileName.lastIndexOf('.');
  const [stem, ext] = [fileName.slice(0, dot), fileName.slice(dot + 1)];
  return dot > 0 && fileName === fileName.toLowerCase() && isUuid(stem) && Object.hasOwn(MIME_BY_EXT, ext);
}

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
  if (!isStoredName(fileName)) return;
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
      if (!isStoredName(file)) throw missing();
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
