import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chooseLanguage } from '../../lib/i18n';
import { mockApi, renderApp, signIn } from '../../lib/test-utils';
import { DepositForm } from './DepositForm';

const UPI_ID = 'rupeearcade@okaxis';
const QR = { success: true, data: [{ _id: 'qr-1', title: 'Main UPI', imageUrl: '/uploads/qr/upi.png', payTo: UPI_ID, coin: null, network: null, rate: null }] };
const NO_CRYPTO = () => ({ body: { success: true, data: [] } });
const LINK = 'upi://pay?pa=rupeearcade%40okaxis&pn=Rupee%20Arcade&tr=RA7K3M9PQX&tn=RA7K3M9PQX&am=500.00&cu=INR';
const REQUEST = {
  deposit: { _id: 'd-9', status: 'pending', amount: 500, method: 'UPI', createdAt: '2026-11-28T10:00:00.000Z' },
  reference: 'RA7K3M9PQX',
  link: LINK,
  payTo: UPI_ID,
  payeeName: 'Rupee Arcade',
};

/** A phone: a coarse pointer, where a `upi://` link opens the UPI apps. */
const onPhone = (coarse: boolean) =>
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: coarse && query === '(pointer: coarse)',
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));

function api(extra: Record<string, Parameters<typeof mockApi>[0][string]> = {}) {
  return mockApi({
    'GET /api/v1/qrcode/qr-codes': () => ({ body: QR }),
    'GET /api/v1/qrcodecrypto/qr-codes': NO_CRYPTO,
    'POST /api/v1/wallet/deposit/upi-request': () => ({ status: 201, body: { success: true, message: 'Payment request created.', data: REQUEST } }),
    'POST /api/v1/wallet/deposit/d-9/utr': () => ({
      body: { success: true, message: 'Your deposit request has been submitted successfully!', data: REQUEST.deposit },
    }),
    ...extra,
  });
}

describe('a UPI request for the exact amount', () => {
  beforeEach(() => {
    signIn();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('makes the request for the amount chosen and draws its QR code, with the amount, payee, UPI ID and reference', async () => {
    onPhone(true);
    const calls = api();
    const user = userEvent.setup();
    const me = JSON.parse(localStorage.getItem('user')!);
    renderApp(<DepositForm />);
    // Before the request: no uploaded image to scan, no transaction id yet.
    await user.click(await screen.findByRole('button', { name: '₹500' }));
    expect(screen.queryByRole('img', { name: /Main UPI/ })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Transaction ID')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Get payment QR' }));

    const [sent] = calls.find('POST', '/api/v1/wallet/deposit/upi-request');
    expect(sent.body).toEqual({ userId: me._id, amount: '500' });
    expect(sent.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);

    const qr = await screen.findByRole('img', { name: 'UPI payment QR code: ₹500.00 to Rupee Arcade' });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    expect(qr.querySelectorAll('path').length).toBeGreaterThan(0);
    expect(screen.getByRole('heading', { name: 'Pay ₹500.00 by UPI' })).toHaveFocus();
    expect(screen.getByText('Rupee Arcade')).toBeInTheDocument();
    expect(screen.getByText(UPI_ID)).toBeInTheDocument();
    expect(screen.getByLabelText('Reference')).toHaveTextContent('RA7K3M9PQX');
    expect(screen.getByRole('button', { name: 'Copy Reference RA7K3M9PQX' })).toBeInTheDocument();

    const app = screen.getByRole('link', { name: 'Pay with a UPI app' });
    const href = app.getAttribute('href')!;
    expect(href.startsWith('upi://pay?')).toBe(true);
    expect(Object.fromEntries(new URLSearchParams(href.slice(href.indexOf('?') + 1)))).toEqual({
      pa: UPI_ID,
      pn: 'Rupee Arcade',
      tr: 'RA7K3M9PQX',
      tn: 'RA7K3M9PQX',
      am: '500.00',
      cu: 'INR',
    });
  });

  it('shows no app button where there is no touch screen', async () => {
    onPhone(false);
    api();
    const user = userEvent.setup();
    renderApp(<DepositForm />);
    await user.click(await screen.findByRole('button', { name: '₹500' }));
    await user.click(screen.getByRole('button', { name: 'Get payment QR' }));
    await screen.findByRole('img', { name: /UPI payment QR code/ });
    expect(screen.queryByRole('link', { name: 'Pay with a UPI app' })).not.toBeInTheDocument();
  });

  it('takes the UTR of the request and shows Deposit Submitted, or lets the player leave it', async () => {
    const calls = api();
    const user = userEvent.setup();
    renderApp(<DepositForm />);
    await user.click(await screen.findByRole('button', { name: '₹500' }));
    await user.click(screen.getByRole('button', { name: 'Get payment QR' }));
    await screen.findByRole('img', { name: /UPI payment QR code/ });
    expect(screen.getByText('You may also leave it: the payment is matched by its reference.')).toBeInTheDocument();
    // Submit Deposit appears once a transaction id is typed; a malformed one is refused here.
    expect(screen.queryByRole('button', { name: 'Submit Deposit' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Transaction ID'), 'has space');
    await user.click(screen.getByRole('button', { name: 'Submit Deposit' }));
    expect(await screen.findByText('Enter a valid transaction id or hash (letters and digits, no spaces)')).toBeInTheDocument();
    expect(calls.find('POST', '/api/v1/wallet/deposit/d-9/utr')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Transaction ID'));
    await user.type(screen.getByLabelText('Transaction ID'), '412345678901');
    await user.click(screen.getByRole('button', { name: 'Submit Deposit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deposit Submitted' });
    expect(within(dialog).getByText('Your deposit request has been submitted successfully!')).toBeInTheDocument();
    const [utr] = calls.find('POST', '/api/v1/wallet/deposit/d-9/utr');
    expect(utr.body).toEqual({ payNumber: '412345678901' });
    expect(utr.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    // Back to the start, the amount cleared.
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Amount (₹)')).toHaveValue(null);
    expect(screen.queryByRole('img', { name: /UPI payment QR code/ })).not.toBeInTheDocument();
  });

  it('goes back to change the amount, and says why a request was refused', async () => {
    let refuse = true;
    api({
      'POST /api/v1/wallet/deposit/upi-request': () =>
        refuse
          ? { status: 400, body: { success: false, code: 'AMOUNT_OUT_OF_RANGE', message: 'Deposit amount must be between ₹100 and ₹5,000.' } }
          : { status: 201, body: { success: true, message: 'ok', data: REQUEST } },
    });
    const user = userEvent.setup();
    renderApp(<DepositForm />);
    await user.click(await screen.findByRole('button', { name: 'Get payment QR' }));
    expect(await screen.findByText('Enter the amount')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Amount (₹)'), '50');
    await user.click(screen.getByRole('button', { name: 'Get payment QR' }));
    expect(await screen.findByText('Deposit amount must be between ₹100 and ₹5,000.')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /UPI payment QR code/ })).not.toBeInTheDocument();

    refuse = false;
    await user.clear(screen.getByLabelText('Amount (₹)'));
    await user.type(screen.getByLabelText('Amount (₹)'), '500');
    await user.click(screen.getByRole('button', { name: 'Get payment QR' }));
    await screen.findByRole('img', { name: /UPI payment QR code/ });
    await user.click(screen.getByRole('button', { name: 'Change amount' }));
    expect(screen.getByLabelText('Amount (₹)')).toHaveValue(500);
    expect(screen.queryByRole('img', { name: /UPI payment QR code/ })).not.toBeInTheDocument();
  });

  it('speaks Hindi', async () => {
    onPhone(true);
    api();
    await chooseLanguage('hi');
    try {
      const user = userEvent.setup();
      renderApp(<DepositForm />);
      await user.click(await screen.findByRole('button', { name: '₹500' }));
      await user.click(screen.getByRole('button', { name: 'पेमेंट QR पाएं' }));
      expect(await screen.findByRole('img', { name: 'UPI भुगतान का QR कोड: Rupee Arcade को ₹500.00' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'UPI ऐप से भुगतान करें' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'राशि बदलें' })).toBeInTheDocument();
      expect(screen.getByText('इसे छोड़ भी सकते हैं: भुगतान उसके रेफ़रेंस से मिला लिया जाता है।')).toBeInTheDocument();
    } finally {
      await chooseLanguage('en');
    }
  });
});
