import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp, signIn } from '../../../lib/test-utils';
import { QrCodeSection } from './QrCodeSection';

describe('QrCodeSection', () => {
  beforeEach(() => {
    signIn({ role: 'admin', accessPages: ['qr-code'] });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => {} }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks for an image, then uploads it as multipart with the title', async () => {
    let uploaded = false;
    const api = mockApi({
      'GET /api/v1/qrcode/qr-codes': () => ({
        body: { success: true, data: uploaded ? [{ _id: 'q-1', title: 'Shop', imageUrl: '/uploads/qr/q-1.png', payTo: 'shop@okaxis' }] : [] },
      }),
      'POST /api/v1/qrcode/qr': () => {
        uploaded = true;
        return { status: 201, body: { success: true, data: { _id: 'q-1', title: 'Shop', imageUrl: '/uploads/qr/q-1.png', payTo: 'shop@okaxis' } } };
      },
    });
    const user = userEvent.setup();
    renderApp(<QrCodeSection kind="fiat" title="QRCode" />);
    await user.click(await screen.findByRole('button', { name: 'Save QR Code' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please select a QR Code image');
    expect(api.find('POST', '/api/v1/qrcode/qr')).toHaveLength(0);

    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File([new Uint8Array([137, 80, 78, 71])], 'shop.png', { type: 'image/png' }));
    expect(screen.getByRole('img', { name: 'Preview of the chosen QR code' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Title'), 'Shop');
    // The UPI ID is checked before anything is sent.
    await user.type(screen.getByLabelText('UPI ID (optional)'), 'shop at okaxis');
    await user.click(screen.getByRole('button', { name: 'Save QR Code' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter the UPI ID as name@bank, for example rupeearcade@okaxis');
    expect(api.find('POST', '/api/v1/qrcode/qr')).toHaveLength(0);
    await user.clear(screen.getByLabelText('UPI ID (optional)'));
    await user.type(screen.getByLabelText('UPI ID (optional)'), 'shop@okaxis');
    await user.click(screen.getByRole('button', { name: 'Save QR Code' }));

    expect(await screen.findByText('QR Code uploaded successfully')).toBeInTheDocument();
    const form = api.find('POST', '/api/v1/qrcode/qr')[0].body as FormData;
    expect(form.get('title')).toBe('Shop');
    expect(form.get('payTo')).toBe('shop@okaxis');
    expect((form.get('qrCode') as File).name).toBe('shop.png');
    expect(await screen.findByRole('img', { name: 'QR code: Shop' })).toBeInTheDocument();
  });

  it('refuses files that are not images', async () => {
    mockApi({ 'GET /api/v1/qrcodecrypto/qr-codes': () => ({ body: { success: true, data: [] } }) });
    const user = userEvent.setup({ applyAccept: false });
    renderApp(<QrCodeSection kind="crypto" title="QRCode Crypto" />);
    await screen.findByRole('button', { name: 'Save QR Code' });
    await user.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Only image files can be uploaded');
  });

  it('deletes the QR code only after confirmation', async () => {
    let present = true;
    const api = mockApi({
      'GET /api/v1/qrcodecrypto/qr-codes': () => ({
        body: { success: true, data: present ? [{ _id: 'q-2', title: 'USDT', imageUrl: '/uploads/qr/q-2.png', payTo: null }] : [] },
      }),
      'DELETE /api/v1/qrcodecrypto/delete-qr/q-2': () => {
        present = false;
        return { body: { success: true, message: 'Deleted successfully', data: { _id: 'q-2', title: 'USDT', imageUrl: '/uploads/qr/q-2.png', payTo: null } } };
      },
    });
    const user = userEvent.setup();
    renderApp(<QrCodeSection kind="crypto" title="QRCode Crypto" />);
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete QR Code' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.find('DELETE', '/api/v1/qrcodecrypto/delete-qr/q-2')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete QR Code' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Deleted successfully')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Save QR Code' })).toBeInTheDocument();
  });
});
