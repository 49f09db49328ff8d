import { fileTypeFromBuffer } from 'file-type';
import { checkNetworkAddress, CRYPTO_PAIRS, isCryptoPair, pairLabel, type CryptoNetwork, type CryptoType } from '../../../contracts/crypto.js';
import type { CoinRate, QrCode } from '../../../contracts/wallet.answers.js';
import { checkPayTo, cryptoNetworkSchema, cryptoTypeSchema, UPLOAD_IMAGE_TYPES } from '../../../contracts/wallet.js';
import type { Config } from '../../config.js';
import type { DbOrTx } from '../../db/client.js';
import type { Ctx, RequestCtx } from '../../lib/context.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import type { AuthUser } from '../../types.js';
import { audit } from '../audit/index.js';
import * as repo from './qrcodes.repo.js';
import { qrImageUrl, removeQrImage, saveQrImage } from './qrcodes.storage.js';
import { findCoinRate } from './rates.repo.js';
import { listRates, rateView } from './rates.service.js';
import { assertUuid } from './wallet.shared.js';

export const QR_TITLE_MAX = 100;
const DEFAULT_TITLE: Record<repo.QrKind, string> = { upi: 'UPI QR Code', crypto: 'Crypto QR Code' };
const ALREADY_EXISTS = 'There is already a QR code: use Replace on it to change its image.';

const present = (row: repo.QrRow, rate: CoinRate | null = null): QrCode => ({
  _id: row.id,
  title: row.title,
  titleHi: row.titleHi ?? null,
  imageUrl: qrImageUrl(row.fileName),
  payTo: row.payTo ?? null,
  coin: row.coin ?? null,
  network: row.network ?? null,
  rate,
});

/** A kind's codes, oldest first; a crypto code that names its coin carries that coin's rate. */
export async function listQr(ctx: Ctx, { kind }: { kind: repo.QrKind }): Promise<QrCode[]> {
  const rows = await repo.listQrCodes(ctx.db, kind);
  if (kind === 'upi') return rows.map((row) => present(row));
  const rates = new Map((await listRates(ctx)).map((r) => [r.coin, r.rate]));
  return rows.map((row) => present(row, (row.coin && rates.get(row.coin)) || null));
}

async function presentWithRate(db: DbOrTx, row: repo.QrRow): Promise<QrCode> {
  const rate = row.coin ? await findCoinRate(db, row.coin) : undefined;
  return present(row, rate ? rateView(rate) : null);
}

/**
 * The coin and network a crypto code receives, both or neither: a code uploaded as the original
 * back office does, with neither, is kept but offered to no one. A named code needs the address it
 * pays to, of its network's form, so players can check what they send to.
 */
function cryptoTarget(upload: {
  coin?: string | null;
  network?: string | null;
  payTo?: string | null;
}): { coin: CryptoType; network: CryptoNetwork; payTo: string } | null {
  const given = (v: string | null | undefined) => (v?.trim() ? v : null);
  const [rawCoin, rawNetwork] = [given(upload.coin), given(upload.network)];
  if (!rawCoin && !rawNetwork) return null;
  if (!rawCoin || !rawNetwork) throw badRequest('Choose both the coin and the network this code receives.', 'VALIDATION_ERROR');
  const coin = cryptoTypeSchema.safeParse(rawCoin);
  if (!coin.success) throw badRequest(coin.error.issues[0].message, 'VALIDATION_ERROR');
  const network = cryptoNetworkSchema.safeParse(rawNetwork);
  if (!network.success) throw badRequest(network.error.issues[0].message, 'VALIDATION_ERROR');
  if (!isCryptoPair(coin.data, network.data)) {
    const networks = CRYPTO_PAIRS[coin.data].map((n) => pairLabel(coin.data, n)).join(' or ');
    throw badRequest(`${pairLabel(coin.data, network.data)} is not a coin and network a code can receive: choose ${networks}.`, 'VALIDATION_ERROR');
  }
  const address = checkNetworkAddress(network.data, upload.payTo);
  if (!address.ok) throw badRequest(address.message, 'VALIDATION_ERROR');
  return { coin: coin.data, network: network.data, payTo: address.value };
}

export const tooLarge = (config: Config) =>
  new AppError('FILE_TOO_LARGE', 413, `The image is too large. The limit is ${Math.round((config.UPLOAD_MAX_BYTES / 1024 / 1024) * 10) / 10} MB.`);

function checkSize(config: Config, bytes: Buffer | null): Buffer {
  if (!bytes || bytes.length === 0) throw badRequest('Please select a QR Code image', 'FILE_REQUIRED');
  if (bytes.length > config.UPLOAD_MAX_BYTES) throw tooLarge(config);
  return bytes;
}

function checkTitle(kind: repo.QrKind, raw: string | null | undefined, fallback = DEFAULT_TITLE[kind]): string {
  const title = raw?.trim() || fallback;
  if (title.length > QR_TITLE_MAX) throw badRequest(`Keep the title under ${QR_TITLE_MAX} characters.`, 'VALIDATION_ERROR');
  return title;
}

/** A title's Hindi version, for Hindi readers: null when none is given (they see the English). */
function checkHindiTitle(raw: string | null | undefined): string | null {
  const title = raw?.trim() || null;
  if (title && title.length > QR_TITLE_MAX) throw badRequest(`Keep the Hindi title under ${QR_TITLE_MAX} characters.`, 'VALIDATION_ERROR');
  return title;
}

/** The image's type, read from its bytes; only PNG, JPEG, WebP and GIF pass (no SVG: it can carry script). */
async function imageType(bytes: Buffer) {
  const detected = await fileTypeFromBuffer(bytes);
  const ext = detected && Object.hasOwn(UPLOAD_IMAGE_TYPES, detected.mime) ? UPLOAD_IMAGE_TYPES[detected.mime] : undefined;
  if (!detected || !ext) throw badRequest('Only image files are allowed: PNG, JPEG, WebP or GIF.', 'UNSUPPORTED_FILE_TYPE');
  return { detected, ext };
}

/** An uploaded form: the image, and the text fields sent with it (null when left out). */
export interface QrUpload {
  bytes: Buffer | null;
  title: string | null;
  titleHi?: string | null;
  payTo?: string | null;
  coin?: string | null;
  network?: string | null;
}

/**
 * Stores an uploaded QR image. Its type is read from its bytes, never from the name or the
 * declared type; only PNG, JPEG, WebP and GIF pass (no SVG: it can carry script).
 */
export async function uploadQr(ctx: RequestCtx<AuthUser>, { kind, upload }: { kind: repo.QrKind; upload: QrUpload }) {
  const { db, config } = ctx;
  const actorId = ctx.user.id;
  const bytes = checkSize(config, upload.bytes);
  const title = checkTitle(kind, upload.title);
  const titleHi = checkHindiTitle(upload.titleHi);
  if (kind === 'upi' && (upload.coin?.trim() || upload.network?.trim())) throw badRequest('A UPI QR code names no coin or network.', 'VALIDATION_ERROR');
  const target = kind === 'crypto' ? cryptoTarget(upload) : null;
  const payTo = target ? ({ ok: true, value: target.payTo } as const) : checkPayTo(kind, upload.payTo);
  if (!payTo.ok) throw badRequest(payTo.message, 'VALIDATION_ERROR');
  const { detected, ext } = await imageType(bytes);
  // One UPI code; a crypto code sits beside the others, one for each coin and network.
  const taken = target
    ? `There is already a code for ${pairLabel(target.coin, target.network)}. Use Replace on it to change its image.`
    : kind === 'crypto'
      ? 'There is already a crypto code that names no coin or network. Delete it first, or choose the coin and network of this one.'
      : ALREADY_EXISTS;
  const same = (row: repo.QrRow) => (row.coin ?? null) === (target?.coin ?? null) && (row.network ?? null) === (target?.network ?? null);
  if ((await repo.listQrCodes(db, kind)).some(same)) throw conflict(taken, 'ALREADY_EXISTS');

  const fileName = await saveQrImage(config, bytes, ext);
  try {
    return await db.transaction(async (tx) => {
      const row = await repo.insertQrCode(tx, {
        kind,
        title,
        titleHi,
        payTo: payTo.value,
        coin: target?.coin ?? null,
        network: target?.network ?? null,
        fileName,
        mimeType: detected.mime,
        sizeBytes: bytes.length,
        createdBy: actorId,
      });
      if (!row) throw conflict(taken, 'ALREADY_EXISTS');
      await audit(tx, { actorId, action: 'create', entity: `qr_code_${kind}`, entityId: row.id, after: present(row) });
      return presentWithRate(tx, row);
    });
  } catch (err) {
    await removeQrImage(config, fileName);
    throw err;
  }
}

/**
 * Puts a new image in place of a code's, for the same target (the UPI code, or a crypto code's coin
 * and network), in one step: players always find a code, the old one until the new one is saved.
 * A title or pay-to left out keeps the old one, and the Hindi title with them; a new title without a
 * Hindi one has none (the old one names the old title). The old image file goes once the change has committed.
 */
export async function replaceQr(ctx: RequestCtx<AuthUser>, { kind, id: rawId, upload }: { kind: repo.QrKind; id: string; upload: QrUpload }) {
  const { db, config } = ctx;
  const actorId = ctx.user.id;
  const id = assertUuid(rawId, 'That QR code');
  const bytes = checkSize(config, upload.bytes);
  const current = await repo.findQrCode(db, kind, id);
  if (!current) throw notFound('That QR code was not found.');
  const given = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);
  if ((given(upload.coin) ?? current.coin) !== current.coin || (given(upload.network) ?? current.network) !== current.network) {
    throw badRequest('A replacement keeps the coin and network of the code it replaces. Add a new code for another one.', 'VALIDATION_ERROR');
  }
  const title = checkTitle(kind, upload.title, current.title);
  const newTitle = Boolean(upload.title?.trim()) && title !== current.title;
  const titleHi = checkHindiTitle(upload.titleHi) ?? (newTitle ? null : (current.titleHi ?? null));
  const rawPayTo = given(upload.payTo) ?? current.payTo;
  const payTo = current.network ? checkNetworkAddress(current.network, rawPayTo) : checkPayTo(kind, rawPayTo);
  if (!payTo.ok) throw badRequest(payTo.message, 'VALIDATION_ERROR');
  const { detected, ext } = await imageType(bytes);

  const fileName = await saveQrImage(config, bytes, ext);
  let before: repo.QrRow;
  let data: QrCode;
  try {
    [before, data] = await db.transaction(async (tx) => {
      const old = await repo.findQrCode(tx, kind, id, { lock: true });
      if (!old) throw notFound('That QR code was not found.');
      const row = await repo.replaceQrImage(tx, kind, id, {
        title,
        titleHi,
        payTo: payTo.value ?? null,
        fileName,
        mimeType: detected.mime,
        sizeBytes: bytes.length,
      });
      if (!row) throw notFound('That QR code was not found.');
      await audit(tx, { actorId, action: 'replace', entity: `qr_code_${kind}`, entityId: row.id, before: present(old), after: present(row) });
      return [old, await presentWithRate(tx, row)] as const;
    });
  } catch (err) {
    await removeQrImage(config, fileName);
    throw err;
  }
  await removeQrImage(config, before.fileName);
  return data;
}

/** Deletes the record, then its file once the deletion has committed. */
export async function deleteQr(ctx: RequestCtx<AuthUser>, { kind, id: rawId }: { kind: repo.QrKind; id: string }) {
  const { db, config } = ctx;
  const actorId = ctx.user.id;
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
