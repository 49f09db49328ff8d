import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp, signIn } from '../../lib/test-utils';
import { DepositForm } from './DepositForm';

const QR = { success: true, data: [{ _id: 'qr-1', title: 'Main UPI', imageUrl: '/uploads/qr/upi.png', payTo: null }] };

describe('DepositForm', () => {
  beforeEach(() => {
    signIn();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows Submit Deposit only when both the amount and the transaction id are filled', async () => {
    mockApi({ 'GET /api/v1/qrcode/qr-codes': () => ({ body: QR }) });
    const user = userEvent.setup();
    renderApp(<DepositForm />);
    // The limits are the server's (GET /site/settings), shown once they arrive.
    expect(await screen.findByText('Min: 100')).toBeInTheDocument();
    expect(screen.getByText('Max: 5000')).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: /Main UPI/ })).toHaveAttribute('src', '/uploads/qr/upi.png');
    expect(screen.queryByRole('button', { name: 'Submit Deposit' })).not.toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: '₹500' }));
    expect(screen.getByLabelText('Amount (₹)')).toHaveValue(500);
    expect(screen.queryByRole('button', { name: 'Submit Deposit' })).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Transaction ID'), 'UTR123456');
    expect(screen.getByRole('button', { name: 'Submit Deposit' })).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Amount (₹)'));
    expect(screen.queryByRole('button', { name: 'Submit Deposit' })).not.toBeInTheDocument();
  });

  it('shows the UPI ID to copy and the steps beside the QR code', async () => {
    mockApi({ 'GET /api/v1/qrcode/qr-codes': () => ({ body: { success: true, data: [{ ...QR.data[0], payTo: 'rupeearcade@okaxis' }] } }) });
    const user = userEvent.setup();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderApp(<DepositForm />);
    expect(await screen.findByText('rupeearcade@okaxis')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Copy UPI ID rupeearcade@okaxis' }));
    expect(writeText).toHaveBeenCalledWith('rupeearcade@okaxis');
    expect(await screen.findByText('Copied to clipboard!')).toBeInTheDocument();
    const steps = within(screen.getByRole('list', { name: 'How to deposit' })).getAllByRole('listitem');
    expect(steps.map((li) => li.textContent)).toContain('Enter the UPI transaction ID (UTR) from your app below and submit.');
  });

  it('shows no UPI ID line when the back office gave none', async () => {
    mockApi({ 'GET /api/v1/qrcode/qr-codes': () => ({ body: QR }) });
    renderApp(<DepositForm />);
    await screen.findByRole('img', { name: /Main UPI/ });
    expect(screen.queryByRole('button', { name: /^Copy UPI ID/ })).not.toBeInTheDocument();
  });

  it('takes no deposit when no payment details are set up: nowhere to pay, no form', async () => {
    const none = () => ({ body: { success: true, data: [] } });
    mockApi({ 'GET /api/v1/qrcode/qr-codes': none, 'GET /api/v1/qrcodecrypto/qr-codes': none });
    renderApp(<DepositForm />);
    expect(await screen.findByText('Deposits are not open right now')).toBeInTheDocument();
    expect(screen.queryByLabelText('Transaction ID')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'UPI' })).not.toBeInTheDocument();
  });

  it('offers only the methods that have somewhere to pay', async () => {
    mockApi({ 'GET /api/v1/qrcode/qr-codes': () => ({ body: QR }), 'GET /api/v1/qrcodecrypto/qr-codes': () => ({ body: { success: true, data: [] } }) });
    renderApp(<DepositForm />);
    await screen.findByRole('img', { name: /Main UPI/ });
    expect(await screen.findByRole('button', { name: 'UPI' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Crypto' })).not.toBeInTheDocument();
  });

  it('opens on Crypto when only a crypto address is set up', async () => {
    mockApi({
      'GET /api/v1/qrcode/qr-codes': () => ({ body: { success: true, data: [] } }),
      'GET /api/v1/qrcodecrypto/qr-codes': () => ({ body: { success: true, data: [{ ...QR.data[0], title: 'USDT' }] } }),
    });
    renderApp(<DepositForm />);
    await screen.findByRole('img', { name: /USDT/ });
    expect(await screen.findByLabelText('Transaction Hash')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'UPI' })).not.toBeInTheDocument();
  });

  it('tells a failed QR load apart from none uploaded, logs it, and Try again loads it', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    mockApi({ 'GET /api/v1/qrcode/qr-codes': () => (fail ? { status: 500, body: { success: false, message: 'boom' } } : { body: QR }) });
    const user = userEvent.setup();
    renderApp(<DepositForm />);
    expect(await screen.findByRole('alert', undefined, { timeout: 5000 })).toHaveTextContent('Could not load the QR code right now.');
    expect(screen.queryByText('No QR Codes uploaded yet.')).not.toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('qr codes', expect.anything());
    fail = false;
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('img', { name: /Main UPI/ })).toBeInTheDocument();
    logged.mockRestore();
  }, 15_000);

  it('sends the original app’s body with an Idempotency-Key, then shows the success modal and resets the form', async () => {
    const api = mockApi({
      'GET /api/v1/qrcode/qr-codes': () => ({ body: QR }),
      'POST /api/v1/wallet/deposit': () => ({
        status: 201,
        body: { success: true, data: { _id: 'd-1', status: 'pending', amount: 100, method: 'UPI', createdAt: '2026-01-05T10:00:00.000Z' } },
      }),
    });
    const user = userEvent.setup();
    const me = JSON.parse(localStorage.getItem('user')!);
    renderApp(<DepositForm />);
    await user.type(await screen.findByLabelText('Amount (₹)'), '250');
    await user.type(screen.getByLabelText('Transaction ID'), 'UTR998877');
    await user.click(screen.getByRole('button', { name: 'Submit Deposit' }));

    const dialog = await screen.findByRole('dialog', { name: 'Deposit Submitted' });
    expect(within(dialog).getByText('Your deposit request has been submitted successfully!')).toBeInTheDocument();
    const [call] = api.find('POST', '/api/v1/wallet/deposit');
    expect(call.body).toEqual({ userId: me._id, amount: 250, method: 'UPI', details: { payNumber: 'UTR998877' }, remarks: 'Payment request for INR' });
    expect(call.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);

    expect(screen.getByLabelText('Amount (₹)')).toHaveValue(null);
    expect(screen.getByLabelText('Transaction ID')).toHaveValue('');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('sends crypto type and network for Crypto, and switching method clears the transaction id', async () => {
    const api = mockApi({
      'GET /api/v1/qrcode/qr-codes': () => ({ body: QR }),
      'GET /api/v1/qrcodecrypto/qr-codes': () => ({ body: QR }),
      'POST /api/v1/wallet/deposit': () => ({
        status: 201,
        body: { success: true, data: { _id: 'd-2', status: 'pending', amount: 100, method: 'UPI', createdAt: '2026-01-05T10:00:00.000Z' } },
      }),
    });
    const user = userEvent.setup();
    renderApp(<DepositForm />);
    await user.type(await screen.findByLabelText('Transaction ID'), 'UTR1111');
    await user.click(screen.getByRole('button', { name: 'Crypto' }));
    expect(screen.getByLabelText('Transaction Hash')).toHaveValue('');
    expect(await screen.findAllByRole('img', { name: /Main UPI/ })).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'BTC' }));
    await user.click(screen.getByRole('button', { name: 'TRC20' }));
    await user.click(screen.getByRole('button', { name: '₹1,000' }));
    await user.type(screen.getByLabelText('Transaction Hash'), '0xabc123def');
    await user.click(screen.getByRole('button', { name: 'Submit Deposit' }));
    await screen.findByRole('dialog', { name: 'Deposit Submitted' });
    expect(api.find('POST', '/api/v1/wallet/deposit')[0].body).toMatchObject({
      amount: 1000,
      method: 'Crypto',
      details: { payNumber: '0xabc123def', network: 'trc20', cryptoType: 'btc' },
    });
    // The original app's reset: back to UPI.
    expect(screen.getByRole('button', { name: 'UPI' })).toHaveAttribute('aria-pressed', 'true');
  });

  it("shows the server's message on failure and keeps the form", async () => {
    mockApi({
      'GET /api/v1/qrcode/qr-codes': () => ({ body: QR }),
      'POST /api/v1/wallet/deposit': () => ({
        status: 400,
        body: { success: false, code: 'AMOUNT_OUT_OF_RANGE', message: 'Deposit amount must be between ₹100 and ₹5,000.' },
      }),
    });
    const user = userEvent.setup();
    renderApp(<DepositForm />);
    await user.type(await screen.findByLabelText('Amount (₹)'), '50');
    await user.type(screen.getByLabelText('Transaction ID'), 'UTR4242');
    await user.click(screen.getByRole('button', { name: 'Submit Deposit' }));
    expect(await screen.findByText('Deposit amount must be between ₹100 and ₹5,000.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Transaction ID')).toHaveValue('UTR4242');
  });

  it('retries a submission whose outcome is unknown with the same Idempotency-Key', async () => {
    let attempt = 0;
    const api = mockApi({
      'GET /api/v1/qrcode/qr-codes': () => ({ body: QR }),
      'POST /api/v1/wallet/deposit': () =>
        ++attempt === 1
          ? new TypeError('Failed to fetch')
          : {
              status: 201,
              body: { success: true, data: { _id: 'd-3', status: 'pending', amount: 100, method: 'UPI', createdAt: '2026-01-05T10:00:00.000Z' } },
            },
    });
    const user = userEvent.setup();
    renderApp(<DepositForm />);
    await user.type(await screen.findByLabelText('Amount (₹)'), '300');
    await user.type(screen.getByLabelText('Transaction ID'), 'UTR5555');
    await user.click(screen.getByRole('button', { name: 'Submit Deposit' }));
    expect(await screen.findByText('Could not reach the server. Please try again.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit Deposit' }));
    await screen.findByRole('dialog', { name: 'Deposit Submitted' });
    const [first, second] = api.find('POST', '/api/v1/wallet/deposit');
    expect(second.headers['Idempotency-Key']).toBe(first.headers['Idempotency-Key']);

    // A new submission after a success gets a new key.
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.type(screen.getByLabelText('Amount (₹)'), '300');
    await user.type(screen.getByLabelText('Transaction ID'), 'UTR5555');
    await user.click(screen.getByRole('button', { name: 'Submit Deposit' }));
    await waitFor(() => expect(api.find('POST', '/api/v1/wallet/deposit')).toHaveLength(3));
    expect(api.find('POST', '/api/v1/wallet/deposit')[2].headers['Idempotency-Key']).not.toBe(first.headers['Idempotency-Key']);
  });

  it('refuses a transaction id with spaces before sending', async () => {
    const api = mockApi({ 'GET /api/v1/qrcode/qr-codes': () => ({ body: QR }) });
    const user = userEvent.setup();
    renderApp(<DepositForm />);
    await user.type(await screen.findByLabelText('Amount (₹)'), '300');
    await user.type(screen.getByLabelText('Transaction ID'), 'UTR 12');
    await user.click(screen.getByRole('button', { name: 'Submit Deposit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/letters and digits, no spaces/);
    expect(api.find('POST', '/api/v1/wallet/deposit')).toHaveLength(0);
  });
});
