import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp, signIn } from '../../../lib/test-utils';
import { QrCodeSection } from './QrCodeSection';

const NO_PAIR = { coin: null, network: null, rate: null };
const RATE = { rate: 85.5, setAt: '2026-11-26T11:30:00.000Z' };
const TRC20 = {
  _id: 'c-1',
  title: 'USDT TRC20',
  imageUrl: '/uploads/qr/c-1.png',
  payTo: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
  coin: 'usdt',
  network: 'trc20',
  rate: RATE,
};
const ERC20_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';

describe('QrCodeSection', () => {
  beforeEach(() => {
    signIn({ role: 'admin', accessPages: ['qr-code'] });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => {} }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks for an image, then uploads it as multipart with the title and its Hindi', async () => {
    let uploaded = false;
    const api = mockApi({
      'GET /api/v1/qrcode/qr-codes': () => ({
        body: {
          success: true,
          data: uploaded ? [{ _id: 'q-1', title: 'Shop', titleHi: 'दुकान', imageUrl: '/uploads/qr/q-1.png', payTo: 'shop@okaxis', ...NO_PAIR }] : [],
        },
      }),
      'POST /api/v1/qrcode/qr': () => {
        uploaded = true;
        return {
          status: 201,
          body: { success: true, data: { _id: 'q-1', title: 'Shop', titleHi: 'दुकान', imageUrl: '/uploads/qr/q-1.png', payTo: 'shop@okaxis', ...NO_PAIR } },
        };
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
    await user.type(screen.getByLabelText('Title in Hindi (optional)'), ' दुकान ');
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
    expect(form.get('titleHi')).toBe('दुकान');
    expect(form.get('payTo')).toBe('shop@okaxis');
    expect((form.get('qrCode') as File).name).toBe('shop.png');
    expect(await screen.findByRole('img', { name: 'QR code: Shop' })).toBeInTheDocument();
    expect(screen.getByText('दुकान')).toHaveAttribute('lang', 'hi');
  });

  it('refuses files that are not images', async () => {
    mockApi({
      'GET /api/v1/qrcodecrypto/qr-codes': () => ({ body: { success: true, data: [] } }),
      'GET /api/v1/admin/crypto-rates': () => ({ body: { success: true, data: [] } }),
    });
    const user = userEvent.setup({ applyAccept: false });
    renderApp(<QrCodeSection kind="crypto" title="QRCode Crypto" />);
    await screen.findByRole('button', { name: 'Save QR Code' });
    await user.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Only image files can be uploaded');
  });

  it('lists crypto codes with their coin and network and adds another beside them, with its address checked for the network', async () => {
    let codes: unknown[] = [TRC20];
    const api = mockApi({
      'GET /api/v1/qrcodecrypto/qr-codes': () => ({ body: { success: true, data: codes } }),
      'GET /api/v1/admin/crypto-rates': () => ({
        body: {
          success: true,
          data: [
            { coin: 'usdt', rate: RATE },
            { coin: 'btc', rate: null },
          ],
        },
      }),
      'POST /api/v1/qrcodecrypto/qr': () => {
        const added = { _id: 'c-2', title: 'USDT ERC20', imageUrl: '/uploads/qr/c-2.png', payTo: ERC20_ADDRESS, coin: 'usdt', network: 'erc20', rate: RATE };
        codes = [TRC20, added];
        return { status: 201, body: { success: true, data: added } };
      },
    });
    const user = userEvent.setup();
    renderApp(<QrCodeSection kind="crypto" title="QRCode Crypto" />);
    expect(await screen.findByText('USDT · TRC20')).toBeInTheDocument();
    expect(screen.getByText('Offered to players')).toBeInTheDocument();
    expect(await screen.findByText('No rate: BTC deposits are closed')).toBeInTheDocument();

    await user.upload(
      document.querySelector<HTMLInputElement>('input[type="file"]')!,
      new File([new Uint8Array([137, 80, 78, 71])], 'erc.png', { type: 'image/png' }),
    );
    await user.click(screen.getByRole('button', { name: 'Save QR Code' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose the coin and the network this code receives');
    await user.click(within(screen.getByRole('group', { name: 'Coin' })).getByRole('button', { name: 'USDT' }));
    // USDT's networks only; TRC20 already has its code.
    expect(
      within(screen.getByRole('group', { name: 'Network' }))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['TRC20', 'ERC20']);
    await user.click(within(screen.getByRole('group', { name: 'Network' })).getByRole('button', { name: 'TRC20' }));
    await user.click(screen.getByRole('button', { name: 'Save QR Code' }));
    expect(screen.getByRole('alert')).toHaveTextContent('There is already a code for this coin and network: use Replace on it');
    await user.click(within(screen.getByRole('group', { name: 'Network' })).getByRole('button', { name: 'ERC20' }));
    await user.type(screen.getByLabelText('ERC20 address'), 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7');
    await user.click(screen.getByRole('button', { name: 'Save QR Code' }));
    expect(screen.getByRole('alert')).toHaveTextContent('An ERC20 address is 0x followed by 40 hex digits');
    expect(api.find('POST', '/api/v1/qrcodecrypto/qr')).toHaveLength(0);
    await user.clear(screen.getByLabelText('ERC20 address'));
    await user.type(screen.getByLabelText('ERC20 address'), ERC20_ADDRESS);
    await user.click(screen.getByRole('button', { name: 'Save QR Code' }));

    expect(await screen.findByText('QR Code uploaded successfully')).toBeInTheDocument();
    const form = api.find('POST', '/api/v1/qrcodecrypto/qr')[0].body as FormData;
    expect([form.get('coin'), form.get('network'), form.get('payTo')]).toEqual(['usdt', 'erc20', ERC20_ADDRESS]);
    // Both codes are listed: the new one did not replace the first.
    expect(await screen.findByText('USDT · ERC20')).toBeInTheDocument();
    expect(screen.getByText('USDT · TRC20')).toBeInTheDocument();
  });

  it('sets a coin’s rate and shows when it was set', async () => {
    let usdt: typeof RATE | null = null;
    const api = mockApi({
      'GET /api/v1/qrcodecrypto/qr-codes': () => ({ body: { success: true, data: [] } }),
      'GET /api/v1/admin/crypto-rates': () => ({
        body: {
          success: true,
          data: [
            { coin: 'usdt', rate: usdt },
            { coin: 'btc', rate: null },
          ],
        },
      }),
      'PUT /api/v1/admin/crypto-rates/usdt': () => {
        usdt = RATE;
        return { body: { success: true, data: { coin: 'usdt', rate: RATE } } };
      },
    });
    const user = userEvent.setup();
    renderApp(<QrCodeSection kind="crypto" title="QRCode Crypto" />);
    expect(await screen.findByText('No rate: USDT deposits are closed')).toBeInTheDocument();
    await user.type(screen.getByLabelText('New rate (₹ for 1 USDT)'), '85.555');
    await user.click(screen.getAllByRole('button', { name: 'Save rate' })[0]);
    expect(screen.getByRole('alert')).toHaveTextContent('Enter the rate in rupees for one coin, for example 85.50');
    await user.clear(screen.getByLabelText('New rate (₹ for 1 USDT)'));
    await user.type(screen.getByLabelText('New rate (₹ for 1 USDT)'), '85.50');
    await user.click(screen.getAllByRole('button', { name: 'Save rate' })[0]);
    expect(await screen.findByText('USDT rate saved')).toBeInTheDocument();
    expect(api.find('PUT', '/api/v1/admin/crypto-rates/usdt')[0].body).toEqual({ rate: '85.50' });
    expect(await screen.findByText('· set 2026-11-26 05:00 PM')).toBeInTheDocument();
  });

  it('replaces the UPI code in one step: the new image goes up for the same code, nothing is deleted first', async () => {
    let image = '/uploads/qr/q-1.png';
    const api = mockApi({
      'GET /api/v1/qrcode/qr-codes': () => ({
        body: { success: true, data: [{ _id: 'q-1', title: 'Shop', imageUrl: image, payTo: 'shop@okaxis', ...NO_PAIR }] },
      }),
      'PUT /api/v1/qrcode/replace-qr/q-1': () => {
        image = '/uploads/qr/q-1-new.png';
        return {
          body: {
            success: true,
            message: 'QR Code replaced successfully',
            data: { _id: 'q-1', title: 'Shop', imageUrl: image, payTo: 'shop@okaxis', ...NO_PAIR },
          },
        };
      },
    });
    const user = userEvent.setup();
    renderApp(<QrCodeSection kind="fiat" title="QRCode" />);
    await user.click(await screen.findByRole('button', { name: 'Replace' }));
    const dialog = screen.getByRole('dialog', { name: 'Replace QR Code' });
    expect(within(dialog).getByRole('img', { name: 'Current QR code: Shop' })).toHaveAttribute('src', '/uploads/qr/q-1.png');
    expect(dialog).toHaveTextContent('Players keep seeing the current code until the new one is saved.');
    await user.click(within(dialog).getByRole('button', { name: 'Save new image' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose the new QR code image');
    expect(api.find('PUT', '/api/v1/qrcode/replace-qr/q-1')).toHaveLength(0);

    await user.upload(within(dialog).getByLabelText(/New image/), new File([new Uint8Array([137, 80, 78, 71])], 'new.png', { type: 'image/png' }));
    expect(within(dialog).getByRole('img', { name: 'Preview of the new QR code' })).toBeInTheDocument();
    // Until it is saved, the current code stays listed.
    expect(screen.getByRole('img', { name: 'QR code: Shop' })).toHaveAttribute('src', '/uploads/qr/q-1.png');
    await user.click(within(dialog).getByRole('button', { name: 'Save new image' }));

    expect(await screen.findByText('QR Code replaced successfully')).toBeInTheDocument();
    const form = api.find('PUT', '/api/v1/qrcode/replace-qr/q-1')[0].body as FormData;
    expect((form.get('qrCode') as File).name).toBe('new.png');
    expect(api.calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    expect(await screen.findByRole('img', { name: 'QR code: Shop' })).toHaveAttribute('src', '/uploads/qr/q-1-new.png');
    expect(screen.queryByRole('dialog', { name: 'Replace QR Code' })).not.toBeInTheDocument();
    // No upload form showed at any point: the code was never missing.
    expect(screen.queryByRole('button', { name: 'Save QR Code' })).not.toBeInTheDocument();
  });

  it('replaces a crypto code for its own coin and network, showing the server refusing a bad image', async () => {
    const api = mockApi({
      'GET /api/v1/qrcodecrypto/qr-codes': () => ({ body: { success: true, data: [TRC20] } }),
      'GET /api/v1/admin/crypto-rates': () => ({ body: { success: true, data: [] } }),
      'PUT /api/v1/qrcodecrypto/replace-qr/c-1': () => ({
        status: 400,
        body: { success: false, code: 'UNSUPPORTED_FILE_TYPE', message: 'Only image files are allowed: PNG, JPEG, WebP or GIF.' },
      }),
    });
    const user = userEvent.setup();
    renderApp(<QrCodeSection kind="crypto" title="QRCode Crypto" />);
    await user.click(await screen.findByRole('button', { name: 'Replace' }));
    const dialog = screen.getByRole('dialog', { name: 'Replace QR Code' });
    expect(dialog).toHaveTextContent('Same coin, network and address; only the image changes.');
    await user.upload(within(dialog).getByLabelText(/New image/), new File([new Uint8Array([1, 2, 3])], 'odd.png', { type: 'image/png' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save new image' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Only image files are allowed: PNG, JPEG, WebP or GIF.');
    expect((api.find('PUT', '/api/v1/qrcodecrypto/replace-qr/c-1')[0].body as FormData).get('qrCodeCrypto')).toBeInstanceOf(File);
    expect(screen.getByRole('dialog', { name: 'Replace QR Code' })).toBeInTheDocument();
  });

  it('deletes the QR code only after confirmation', async () => {
    let present = true;
    const api = mockApi({
      'GET /api/v1/qrcodecrypto/qr-codes': () => ({
        body: { success: true, data: present ? [{ _id: 'q-2', title: 'USDT', imageUrl: '/uploads/qr/q-2.png', payTo: null, ...NO_PAIR }] : [] },
      }),
      'DELETE /api/v1/qrcodecrypto/delete-qr/q-2': () => {
        present = false;
        return {
          body: {
            success: true,
            message: 'Deleted successfully',
            data: { _id: 'q-2', title: 'USDT', imageUrl: '/uploads/qr/q-2.png', payTo: null, ...NO_PAIR },
          },
        };
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
