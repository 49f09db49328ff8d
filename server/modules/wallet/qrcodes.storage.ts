import { randomUUID } from 'node:crypto';
import { mkdir, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isUuid } from '../../../contracts/ids.js';
import { UPLOAD_IMAGE_TYPES } from '../../../contracts/wallet.js';
import type { Config } from '../../config.js';

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

/** A stored QR image by its file name: its path, size and type, or null when there is none. */
export async function storedQrImage(config: Config, fileName: string): Promise<{ path: string; size: number; mime: string } | null> {
  if (!isStoredName(fileName)) return null;
  const path = join(qrDir(config), fileName);
  const info = await stat(path).catch(() => null);
  if (!info?.isFile()) return null;
  return { path, size: info.size, mime: MIME_BY_EXT[fileName.slice(fileName.lastIndexOf('.') + 1)] };
}
