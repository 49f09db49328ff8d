import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { qrCodeAnswerSchema, qrCodeListAnswerSchema } from '../../../contracts/wallet.answers.js';
import type { Config } from '../../config.js';
import { routes } from '../../http/route.js';
import { AppError, badRequest } from '../../lib/errors.js';
import type { App } from '../../types.js';
import type { QrKind, QrUpload } from './qrcodes.service.js';
import { deleteQr, listQr, QR_TITLE_MAX, replaceQr, tooLarge, uploadQr } from './qrcodes.service.js';
import { idParams } from './wallet.shared.js';

const RESOURCES: { prefix: string; field: string; kind: QrKind; label: string }[] = [
  { prefix: '/qrcode', field: 'qrCode', kind: 'upi', label: 'UPI' },
  { prefix: '/qrcodecrypto', field: 'qrCodeCrypto', kind: 'crypto', label: 'crypto' },
];
/** Room for the multipart framing and the title around a file of the maximum size. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

/** Payment QR codes (page qr-code): one UPI code, and one crypto code per coin and network; images are uploaded as multipart forms. */
export async function qrcodesRoutes(app: App): Promise<void> {
  // Registered here so only these routes accept multipart bodies.
  await app.register(multipart, {
    limits: { fileSize: app.config.UPLOAD_MAX_BYTES, files: 1, fields: 6, parts: 8, fieldSize: 4 * QR_TITLE_MAX },
  });
  const r = routes(app, { tags: ['qr-codes'], guard: { admin: 'qr-code' } });

  /** A declared length far past the limit is refused before the body is read. */
  async function refuseOversized(request: FastifyRequest): Promise<void> {
    const length = Number(request.headers['content-length']);
    if (Number.isFinite(length) && length > app.config.UPLOAD_MAX_BYTES + FORM_OVERHEAD_BYTES) throw tooLarge(app.config);
  }

  for (const { prefix, field, kind, label } of RESOURCES) {
    r.get(`${prefix}/qr-codes`, {
      summary: `The ${label} payment QR code (public)`,
      guard: 'public',
      data: qrCodeListAnswerSchema.shape.data,
      message: 'QR codes',
      handler: async (_input, ctx) => listQr(ctx, { kind }),
    });

    r.post(`${prefix}/qr`, {
      summary:
        kind === 'upi'
          ? `Upload the UPI QR code: multipart, file "${field}", text "title", optional "titleHi" (the title in Hindi) and "payTo" (UPI ID)`
          : `Add a crypto QR code: multipart, file "${field}", text "title", optional "titleHi" (the title in Hindi), "coin" (usdt, btc), "network" (trc20, erc20, bitcoin) and "payTo" (the address, of that network's form); one code per coin and network. Without coin and network the code is kept but offered to no one`,
      onRequest: [refuseOversized],
      status: 201,
      data: qrCodeAnswerSchema.shape.data,
      message: 'QR Code uploaded successfully',
      handler: async (_input, ctx, { request }) => uploadQr(ctx, { kind, upload: await readUpload(request, field, ctx.config) }),
    });

    r.put(`${prefix}/replace-qr/:id`, {
      summary: `Replace the ${label} QR code's image in one step: multipart, file "${field}", optional "title", "titleHi" and "payTo" (kept when left out; a new title without "titleHi" has no Hindi title). The code keeps its id${kind === 'crypto' ? ', coin and network' : ''}; the old image goes once the new one is saved`,
      onRequest: [refuseOversized],
      params: idParams,
      data: qrCodeAnswerSchema.shape.data,
      message: 'QR Code replaced successfully',
      handler: async ({ params }, ctx, { request }) => replaceQr(ctx, { kind, id: params.id, upload: await readUpload(request, field, ctx.config) }),
    });

    r.delete(`${prefix}/delete-qr/:id`, {
      summary: `Delete the ${label} QR code and its image`,
      params: idParams,
      data: qrCodeAnswerSchema.shape.data,
      message: 'Deleted successfully',
      handler: async ({ params }, ctx) => deleteQr(ctx, { kind, id: params.id }),
    });
  }
}

/** Reads the form: one image in `field`, an optional title (and its Hindi) and pay-to, a crypto code's coin and network. Limit breaches become clear 4xx answers. */
async function readUpload(request: FastifyRequest, field: string, config: Config): Promise<QrUpload> {
  if (!request.isMultipart()) {
    throw badRequest(`Send the QR code as a multipart form with the image in the "${field}" field.`, 'NOT_MULTIPART');
  }
  let bytes: Buffer | null = null;
  let title: string | null = null;
  let titleHi: string | null = null;
  let payTo: string | null = null;
  let coin: string | null = null;
  let network: string | null = null;
  const text = (value: unknown) => (typeof value === 'string' ? value : String(value ?? ''));
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== field) {
          part.file.resume();
          throw badRequest(`Put the image in the "${field}" field.`, 'UNEXPECTED_FIELD');
        }
        bytes = await part.toBuffer();
      } else if (part.fieldname === 'title') {
        if (part.valueTruncated) throw badRequest(`Keep the title under ${QR_TITLE_MAX} characters.`, 'VALIDATION_ERROR');
        title = typeof part.value === 'string' ? part.value : String(part.value ?? '');
      } else if (part.fieldname === 'titleHi') {
        if (part.valueTruncated) throw badRequest(`Keep the Hindi title under ${QR_TITLE_MAX} characters.`, 'VALIDATION_ERROR');
        titleHi = text(part.value);
      } else if (part.fieldname === 'payTo') {
        if (part.valueTruncated) throw badRequest('The UPI ID or address is too long.', 'VALIDATION_ERROR');
        payTo = text(part.value);
      } else if (part.fieldname === 'coin' || part.fieldname === 'network') {
        if (part.valueTruncated) throw badRequest(`The ${part.fieldname} is too long.`, 'VALIDATION_ERROR');
        if (part.fieldname === 'coin') coin = text(part.value);
        else network = text(part.value);
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw tooLarge(config);
    }
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new AppError('TOO_MANY_PARTS', 413, 'Send one image, a title and its Hindi, a UPI ID or address, and a coin and network only.');
    }
    throw badRequest('The upload could not be read. Please try again.', 'BAD_UPLOAD');
  }
  return { bytes, title, titleHi, payTo, coin, network };
}
