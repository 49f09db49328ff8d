import { fileTypeFromBuffer } from 'file-type';
import { checkPayTo, UPLOAD_IMAGE_TYPES } from '../../../contracts/wallet.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { audit } from '../audit/index.js';
import * as repo from './qrcodes.repo.js';
import { qrImageUrl, removeQrImage, saveQrImage } from './qrcodes.storage.js';
import { assertUuid } from './wallet.shared.js';

export const QR_TITLE_MAX = 100;
const DEFAULT_TITLE: Record<repo.QrKind, string> = { upi: 'UPI QR Code', crypto: 'Crypto QR Code' };
const ALREADY_EXISTS = 'Delete the current QR code first.';

const present = (row: repo.QrRow) => ({ _id: row.id, title: row.title, imageUrl: qrImageUrl(row.fileName), payTo: row.payTo ?? null });

export async function listQr(db: Db, kind: repo.QrKind) {
  return (await repo.listQrCodes(db, kind)).map(present);
}

export const tooLarge = (config: Config) =>
  new AppError('FILE_TOO_LARGE', 413, `The image is too large. The limit is ${Math.round((config.UPLOAD_MAX_BYTES / 1024 / 1024) * 10) / 10} MB.`);

/**
 * Stores an uploaded QR image. Its type is read from its bytes, never from the name or the
 * declared type; only PNG, JPEG, WebP and GIF pass (no SVG: it can carry script).
 */
export async function uploadQr(
  db: Db,
  config: Config,
  actorId: string,
  kind: repo.QrKind,
  upload: { bytes: Buffer | null; title: string | null; payTo?: string | null },
) {
  if (!upload.bytes || upload.bytes.length === 0) throw badRequest('Please select a QR Code image', 'FILE_REQUIRED');
  if (upload.bytes.length > config.UPLOAD_MAX_BYTES) throw tooLarge(config);
  const title = upload.title?.trim() || DEFAULT_TITLE[kind];
  if (title.length > QR_TITLE_MAX) throw badRequest(`Keep the title under ${QR_TITLE_MAX} characters.`, 'VALIDATION_ERROR');
  const payTo = checkPayTo(kind, upload.payTo);
  if (!payTo.ok) throw badRequest(payTo.message, 'VALIDATION_ERROR');
  const detected = await fileTypeFromBuffer(upload.bytes);
  const ext = detected && Object.hasOwn(UPLOAD_IMAGE_TYPES, detected.mime) ? UPLOAD_IMAGE_TYPES[detected.mime] : undefined;
  if (!detected || !ext) throw badRequest('Only image files are allowed: PNG, JPEG, WebP or GIF.', 'UNSUPPORTED_FILE_TYPE');
  if ((await repo.listQrCodes(db, kind)).length > 0) throw conflict(ALREADY_EXISTS, 'ALREADY_EXISTS');

  const fileName = await saveQrImage(config, upload.bytes, ext);
  try {
    return await db.transaction(async (tx) => {
      const row = await repo.insertQrCode(tx, {
        kind,
        title,
        payTo: payTo.value,
        fileName,
        mimeType: detected.mime,
        sizeBytes: upload.bytes!.length,
        createdBy: actorId,
      });
      if (!row) throw conflict(ALREADY_EXISTS, 'ALREADY_EXISTS');
      await audit(tx, { actorId, action: 'create', entity: `qr_code_${kind}`, entityId: row.id, after: present(row) });
      return present(row);
    });
  } catch (err) {
    await removeQrImage(config, fileName);
    throw err;
  }
}

/** Deletes the record, then its file once the deletion has committed. */
export async function deleteQr(db: Db, config: Config, actorId: string, kind: repo.QrKind, rawId: string) {
  const id = assertUuid(rawId, 'That QR code');
  const row = await db.transaction(async (tx) => {
    const deleted = await repo.deleteQrCode(tx, kind, id);
    if (!deleted) throw notFound('That QR code was not found.');
    await audit(tx, { actorId, action: 'delete', entity: `qr_code_${kind}`, entityId: deleted.id, before: present(deleted) });
    return deleted;
  });
  await removeQrImage(config, row.fileName);
  return present(row);
}
export type { QrKind } from './qrcodes.repo.js';
