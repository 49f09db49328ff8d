import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseLanguage } from '../../lib/i18n';
import { mockApi, renderApp, signIn } from '../../lib/test-utils';
import { DepositForm } from './DepositForm';

// The back office's own texts: a Hindi reader sees the Hindi version an admin wrote, an English
// reader the English; with no Hindi version, both see the English.

const UPI = {
  _id: 'qr-1',
  title: 'Main UPI account',
  titleHi: 'मुख्य UPI खाता',
  imageUrl: '/uploads/qr/upi.png',
  payTo: null,
  coin: null,
  network: null,
  rate: null,
};
const USDT = {
  _id: 'c-trc',
  title: 'USDT wallet',
  titleHi: 'USDT वॉलेट',
  imageUrl: '/uploads/qr/c-trc.png',
  payTo: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
  coin: 'usdt',
  network: 'trc20',
  rate: { rate: 85.5, setAt: '2026-11-26T11:30:00.000Z' },
};

function server(upi: object = UPI) {
  mockApi({
    'GET /api/v1/qrcode/qr-codes': () => ({ body: { success: true, data: [upi] } }),
    'GET /api/v1/qrcodecrypto/qr-codes': () => ({ body: { success: true, data: [USDT] } }),
  });
}

describe('the QR code titles on the deposit screen in the reader’s language', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows an English reader the English titles', async () => {
    signIn();
    server();
    const user = userEvent.setup();
    renderApp(<DepositForm />);
    expect(await screen.findByRole('img', { name: 'QR code: Main UPI account' })).toBeInTheDocument();
    expect(screen.getByText('Main UPI account')).toHaveClass('wallet-qr__title');
    await user.click(screen.getByRole('button', { name: 'Crypto' }));
    expect(screen.getByText('USDT wallet')).toHaveClass('wallet-qr__title');
    expect(screen.queryByText('USDT वॉलेट')).not.toBeInTheDocument();
  });

  it('shows a Hindi reader the Hindi titles, and the English where there is none', async () => {
    await chooseLanguage('hi');
    signIn();
    server();
    const user = userEvent.setup();
    const { unmount } = renderApp(<DepositForm />);
    expect(await screen.findByRole('img', { name: 'QR कोड: मुख्य UPI खाता' })).toBeInTheDocument();
    expect(screen.getByText('मुख्य UPI खाता')).toHaveClass('wallet-qr__title');
    expect(screen.queryByText('Main UPI account')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'क्रिप्टो' }));
    expect(screen.getByText('USDT वॉलेट')).toHaveClass('wallet-qr__title');
    unmount();

    server({ ...UPI, titleHi: null });
    renderApp(<DepositForm />);
    expect(await screen.findByRole('img', { name: 'QR कोड: Main UPI account' })).toBeInTheDocument();
  });
});
