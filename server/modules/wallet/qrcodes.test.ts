import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp, useTestAppWithAdmin } from '../../../tests/helpers/app.js';
import { createPlayer, type TestUser } from '../../../tests/helpers/factories.js';
import { auditLog } from '../../db/schema/index.js';
import type { App } from '../../types.js';
import { multipart, PNG_BYTES } from './wallet.fixtures.js';

const GIF_BYTES = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

describe('payment QR codes', () => {
  let app: App;
  let admin: TestUser;
  useTestAppWithAdmin((a, ad) => ((app = a), (admin = ad)), { paymentTargets: false });

  const qrDir = () => join(app.config.dataDir, 'uploads', 'qr');
  const upload = async (prefix: string, field: string, bytes: Uint8Array, fields: Record<string, string> = { title: 'Pay here' }, type = 'image/png') => {
    const form = await multipart(fields, { field, name: 'qr.png', type, bytes });
    return app.inject({ method: 'POST', url: `/api/v1/${prefix}/qr`, headers: { ...admin.headers, ...form.headers }, payload: form.payload });
  };

  it('stores an uploaded image, lists it publicly and serves it safely', async () => {
    const res = await upload('qrcode', 'qrCode', PNG_BYTES);
    expect(res.statusCode).toBe(201);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const data = res.json().data;
    expect(res.json()).toMatchObject({ success: true, data: { title: 'Pay here' } });
    expect(data.imageUrl).toMatch(/^\/uploads\/qr\/[0-9a-f-]{36}\.png$/);

    const list = await app.inject({ url: '/api/v1/qrcode/qr-codes' });
    expect(list.json()).toMatchObject({ success: true, data: [{ _id: data._id, title: 'Pay here', imageUrl: data.imageUrl }] });
    expect((await app.inject({ url: '/api/v1/qrcodecrypto/qr-codes' })).json().data).toEqual([]);

    const image = await app.inject({ url: data.imageUrl });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.rawPayload.equals(PNG_BYTES)).toBe(true);

    const second = await upload('qrcode', 'qrCode', PNG_BYTES);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ success: false, message: 'There is already a QR code: use Replace on it to change its image.' });
    expect(readdirSync(qrDir())).toHaveLength(1);

    const del = await app.inject({ method: 'DELETE', url: `/api/v1/qrcode/delete-qr/${data._id}`, headers: admin.headers });
    expect(del.statusCode).toBe(200);
    expect(readdirSync(qrDir())).toHaveLength(0);
    expect((await app.inject({ url: data.imageUrl })).statusCode).toBe(404);
    expect((await app.inject({ method: 'DELETE', url: `/api/v1/qrcode/delete-qr/${data._id}`, headers: admin.headers })).statusCode).toBe(404);
  });

  it('keeps the UPI ID or wallet address a code pays to, checked for its kind, so players can copy it', async () => {
    const bad = await upload('qrcode', 'qrCode', PNG_BYTES, { title: 'Pay here', payTo: 'not a upi id' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Enter the UPI ID as name@bank, for example rupeearcade@okaxis');
    expect(readdirSync(qrDir())).toHaveLength(0);
    const upi = await upload('qrcode', 'qrCode', PNG_BYTES, { title: 'Pay here', payTo: ' rupeearcade@okaxis ' });
    expect(upi.statusCode).toBe(201);
    expect(upi.json().data.payTo).toBe('rupeearcade@okaxis');
    expect((await app.inject({ url: '/api/v1/qrcode/qr-codes' })).json().data[0].payTo).toBe('rupeearcade@okaxis');

    expect((await upload('qrcodecrypto', 'qrCodeCrypto', GIF_BYTES, { payTo: 'me@bank' }, 'image/gif')).statusCode).toBe(400);
    const crypto = await upload('qrcodecrypto', 'qrCodeCrypto', GIF_BYTES, { payTo: 'TQ5Ab3yPz9kXq2LmN8rS4tUvW6xY7zA1bC' }, 'image/gif');
    expect(crypto.json().data.payTo).toBe('TQ5Ab3yPz9kXq2LmN8rS4tUvW6xY7zA1bC');
    // Without one, the code simply has none.
    const del = await app.inject({ method: 'DELETE', url: `/api/v1/qrcode/delete-qr/${upi.json().data._id}`, headers: admin.headers });
    expect(del.statusCode).toBe(200);
    const plain = (await upload('qrcode', 'qrCode', PNG_BYTES)).json().data;
    expect(plain.payTo).toBeNull();
    // Leave no codes for the next test.
    for (const [prefix, id] of [
      ['qrcode', plain._id],
      ['qrcodecrypto', crypto.json().data._id],
    ])
      expect((await app.inject({ method: 'DELETE', url: `/api/v1/${prefix}/delete-qr/${id}`, headers: admin.headers })).statusCode).toBe(200);
  });

  const replace = async (
    prefix: string,
    field: string,
    id: string,
    bytes: Uint8Array,
    fields: Record<string, string> = {},
    type = 'image/gif',
    who = admin,
  ) => {
    const form = await multipart(fields, { field, name: 'qr.gif', type, bytes });
    return app.inject({ method: 'PUT', url: `/api/v1/${prefix}/replace-qr/${id}`, headers: { ...who.headers, ...form.headers }, payload: form.payload });
  };

  it('replaces a code in one step: same code, new image, the old image gone only once the new one is saved, audited', async () => {
    const first = (await upload('qrcode', 'qrCode', PNG_BYTES, { title: 'Pay here', payTo: 'rupeearcade@okaxis' })).json().data;
    const player = await createPlayer(app);
    expect((await replace('qrcode', 'qrCode', first._id, GIF_BYTES, {}, 'image/gif', player)).statusCode).toBe(403);
    // A refused image changes nothing: the old code and its image stay.
    const refused = await replace('qrcode', 'qrCode', first._id, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), {}, 'image/svg+xml');
    expect(refused.statusCode).toBe(400);
    expect((await app.inject({ url: first.imageUrl })).statusCode).toBe(200);
    expect(readdirSync(qrDir())).toHaveLength(1);

    const res = await replace('qrcode', 'qrCode', first._id, GIF_BYTES);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: 'QR Code replaced successfully' });
    const data = res.json().data;
    // The same code (so deposits never find none), with the title and UPI ID it had.
    expect(data).toMatchObject({ _id: first._id, title: 'Pay here', payTo: 'rupeearcade@okaxis' });
    expect(data.imageUrl).toMatch(/\.gif$/);
    expect((await app.inject({ url: '/api/v1/qrcode/qr-codes' })).json().data).toEqual([expect.objectContaining({ _id: first._id, imageUrl: data.imageUrl })]);
    expect((await app.inject({ url: data.imageUrl })).headers['content-type']).toBe('image/gif');
    expect((await app.inject({ url: first.imageUrl })).statusCode).toBe(404);
    expect(readdirSync(qrDir())).toHaveLength(1);

    const entries = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, first._id), eq(auditLog.action, 'replace')));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorId: admin.id, entity: 'qr_code_upi', before: { imageUrl: first.imageUrl }, after: { imageUrl: data.imageUrl } });

    // A title given with the new image is taken; a code that is not there cannot be replaced.
    const renamed = await replace('qrcode', 'qrCode', first._id, PNG_BYTES, { title: 'Scan to pay' }, 'image/png');
    expect(renamed.json().data.title).toBe('Scan to pay');
    const missing = await replace('qrcode', 'qrCode', '00000000-0000-4000-8000-000000000000', PNG_BYTES, {}, 'image/png');
    expect(missing.statusCode).toBe(404);
    expect(readdirSync(qrDir())).toHaveLength(1);
    expect((await app.inject({ method: 'DELETE', url: `/api/v1/qrcode/delete-qr/${first._id}`, headers: admin.headers })).statusCode).toBe(200);
  });

  it('keeps a Hindi title beside the title for Hindi readers: saved, listed, audited, kept by a replace and dropped by a new title', async () => {
    const res = await upload('qrcode', 'qrCode', PNG_BYTES, { title: 'Main UPI account', titleHi: ' मुख्य UPI खाता ' });
    expect(res.statusCode, res.body).toBe(201);
    const code = res.json().data;
    expect(code).toMatchObject({ title: 'Main UPI account', titleHi: 'मुख्य UPI खाता' });
    expect((await app.inject({ url: '/api/v1/qrcode/qr-codes' })).json().data).toEqual([
      expect.objectContaining({ title: 'Main UPI account', titleHi: 'मुख्य UPI खाता' }),
    ]);
    const [created] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, code._id), eq(auditLog.action, 'create')));
    expect(created.after).toMatchObject({ title: 'Main UPI account', titleHi: 'मुख्य UPI खाता' });

    // A new image alone keeps both titles; a new title without a Hindi one has none.
    expect((await replace('qrcode', 'qrCode', code._id, GIF_BYTES)).json().data).toMatchObject({ title: 'Main UPI account', titleHi: 'मुख्य UPI खाता' });
    expect((await replace('qrcode', 'qrCode', code._id, PNG_BYTES, { title: 'Scan to pay' }, 'image/png')).json().data).toMatchObject({
      title: 'Scan to pay',
      titleHi: null,
    });
    const both = await replace('qrcode', 'qrCode', code._id, GIF_BYTES, { title: 'Pay here', titleHi: 'यहाँ भुगतान करें' });
    expect(both.json().data).toMatchObject({ title: 'Pay here', titleHi: 'यहाँ भुगतान करें' });
    const long = await replace('qrcode', 'qrCode', code._id, PNG_BYTES, { titleHi: 'न'.repeat(101) }, 'image/png');
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Keep the Hindi title under 100 characters.');
    expect((await app.inject({ method: 'DELETE', url: `/api/v1/qrcode/delete-qr/${code._id}`, headers: admin.headers })).statusCode).toBe(200);

    // Without one (as the original client uploads), a code has none.
    const plain = (await upload('qrcode', 'qrCode', PNG_BYTES)).json().data;
    expect(plain).toMatchObject({ title: 'Pay here', titleHi: null });
    expect((await app.inject({ method: 'DELETE', url: `/api/v1/qrcode/delete-qr/${plain._id}`, headers: admin.headers })).statusCode).toBe(200);
  });

  it('replaces a crypto code for the same coin and network only, keeping its address', async () => {
    const address = 'TQ5Ab3yPz9kXq2LmN8rS4tUvW6xY7zA1bC';
    const code = (await upload('qrcodecrypto', 'qrCodeCrypto', PNG_BYTES, { title: 'USDT', coin: 'usdt', network: 'trc20', payTo: address })).json().data;
    const other = await replace('qrcodecrypto', 'qrCodeCrypto', code._id, GIF_BYTES, { coin: 'usdt', network: 'erc20', payTo: '0x' + 'a'.repeat(40) });
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe('A replacement keeps the coin and network of the code it replaces. Add a new code for another one.');
    // Through the UPI path the crypto code is not found.
    expect((await replace('qrcode', 'qrCode', code._id, GIF_BYTES)).statusCode).toBe(404);
    const res = await replace('qrcodecrypto', 'qrCodeCrypto', code._id, GIF_BYTES, { coin: 'usdt', network: 'trc20' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ _id: code._id, coin: 'usdt', network: 'trc20', payTo: address, title: 'USDT' });
    expect(readdirSync(qrDir())).toHaveLength(1);
    expect((await app.inject({ method: 'DELETE', url: `/api/v1/qrcodecrypto/delete-qr/${code._id}`, headers: admin.headers })).statusCode).toBe(200);
  });

  it('keeps the crypto QR code apart, with its own field name and a default title', async () => {
    const wrongField = await upload('qrcodecrypto', 'qrCode', GIF_BYTES, {}, 'image/gif');
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().message).toMatch(/qrCodeCrypto/);
    const res = await upload('qrcodecrypto', 'qrCodeCrypto', GIF_BYTES, {}, 'image/gif');
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ title: 'Crypto QR Code' });
    expect(res.json().data.imageUrl).toMatch(/\.gif$/);
    expect((await app.inject({ url: res.json().data.imageUrl })).headers['content-type']).toBe('image/gif');
    // Deleting it through the UPI path does not touch it.
    expect((await app.inject({ method: 'DELETE', url: `/api/v1/qrcode/delete-qr/${res.json().data._id}`, headers: admin.headers })).statusCode).toBe(404);
    expect((await app.inject({ method: 'DELETE', url: `/api/v1/qrcodecrypto/delete-qr/${res.json().data._id}`, headers: admin.headers })).statusCode).toBe(200);
  });

  it('refuses files that are not images, whatever they claim to be', async () => {
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    for (const bytes of [html, svg, Buffer.from('%PDF-1.4\n...')]) {
      const res = await upload('qrcode', 'qrCode', bytes);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: 'Only image files are allowed: PNG, JPEG, WebP or GIF.' });
    }
    const empty = await upload('qrcode', 'qrCode', Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Please select a QR Code image');
    const noFile = await app.inject({
      method: 'POST',
      url: '/api/v1/qrcode/qr',
      headers: { ...admin.headers, ...(await multipart({ title: 'x' })).headers },
      payload: (await multipart({ title: 'x' })).payload,
    });
    expect(noFile.statusCode).toBe(400);
    const json = await app.inject({ method: 'POST', url: '/api/v1/qrcode/qr', headers: admin.headers, payload: { title: 'x' } });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toMatch(/multipart form/);
    const longTitle = await upload('qrcode', 'qrCode', PNG_BYTES, { title: 'x'.repeat(101) });
    expect(longTitle.statusCode).toBe(400);
    expect(readdirSync(qrDir())).toHaveLength(0);
  });

  it('refuses an 11 MB upload with 413 and a clear JSON message', async () => {
    const big = Buffer.concat([PNG_BYTES, Buffer.alloc(11 * 1024 * 1024)]);
    const res = await upload('qrcode', 'qrCode', big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, message: 'The image is too large. The limit is 10 MB.' });
    expect(existsSync(qrDir()) ? readdirSync(qrDir()) : []).toHaveLength(0);
  });

  it('accepts an image just under the limit (the JSON body limit does not apply to uploads)', async () => {
    const large = Buffer.concat([PNG_BYTES, Buffer.alloc(10 * 1024 * 1024 - PNG_BYTES.length - 1)]);
    const res = await upload('qrcode', 'qrCode', large);
    expect(res.statusCode, res.body).toBe(201);
    const image = await app.inject({ url: res.json().data.imageUrl });
    expect(image.rawPayload.length).toBe(large.length);
    expect((await app.inject({ method: 'DELETE', url: `/api/v1/qrcode/delete-qr/${res.json().data._id}`, headers: admin.headers })).statusCode).toBe(200);
  });

  it('stops reading a file past the limit even when the declared length is small enough', async () => {
    const small = await createTestApp({ UPLOAD_MAX_BYTES: 1000 });
    try {
      const form = await multipart(
        { title: 't' },
        { field: 'qrCode', name: 'qr.png', type: 'image/png', bytes: Buffer.concat([PNG_BYTES, Buffer.alloc(2000)]) },
      );
      const res = await small.inject({ method: 'POST', url: '/api/v1/qrcode/qr', headers: { ...admin.headers, ...form.headers }, payload: form.payload });
      expect(res.statusCode).toBe(413);
      expect(res.json().success).toBe(false);
    } finally {
      await small.close();
    }
  });

  it('serves nothing outside the upload folder', async () => {
    for (const url of [
      '/uploads/qr/..%2F..%2Fsecrets.json',
      '/uploads/qr/%2e%2e%2fsecrets.json',
      '/uploads/qr/secrets.json',
      '/uploads/qr/00000000-0000-4000-8000-000000000000.png',
    ]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('jwt-access');
    }
  });
});
