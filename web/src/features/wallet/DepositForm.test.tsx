import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp, signIn } from '../../lib/test-utils';
import { DepositForm } from './DepositForm';

const QR = { success: true, data: [{ _id: 'qr-1', title: 'Main UPI', imageUrl: '/uploads/qr/upi.png', payTo: null, coin: null, network: null, rate: null }] };

/** ₹85.50 for one USDT, set at 5:00 PM India time. */
const USDT_RATE = { rate: 85.5, setAt: '2026-11-26T11:30:00.000Z' };
const code = (id: string, coin: string | null, network: string | null, payTo: string | null, rate: typeof USDT_RATE | null) => ({
  _id: id,
  title: coin && network ? `${coin.toUpperCase()} ${network.toUpperCase()}` : 'Old code',
  imageUrl: `/uploads/qr/${id}.png`,
  payTo,
  coin,
  network,
  rate,
});
const USDT_TRC20 = code('c-trc', 'usdt', 'trc20', 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7', USDT_RATE);
const USDT_ERC20 = code('c-erc', 'usdt', 'erc20', '0x52908400098527886E0F7030069857D2E4169EE7', USDT_RATE);
/** A code from before codes named their coin and network, and one whose coin has no rate: neither is offered. */
const UNNAMED = code('c-old', null, null, null, null);
const BTC_WITHOUT_RATE = code('c-btc', 'btc', 'bitcoin', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', null);
const cryptoList =
  (...data: unknown[]) =>
  () => ({ body: { success: true, data } });

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

  it('opens on Crypto with the only coin and network chosen when that is all that is set up', async () => {
    mockApi({
      'GET /api/v1/qrcode/qr-codes': () => ({ body: { success: true, data: [] } }),
      'GET /api/v1/qrcodecrypto/qr-codes': cryptoList(UNNAMED, USDT_TRC20),
    });
    renderApp(<DepositForm />);
    await screen.findByRole('img', { name: /USDT TRC20/ });
    const pairs = within(screen.getByRole('group', { name: 'Coin and network' })).getAllByRole('button');
    expect(pairs.map((b) => [b.textContent, b.getAttribute('aria-pressed')])).toEqual([['USDT · TRC20', 'true']]);
    expect(await screen.findByLabelText('Transaction Hash')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'UPI' })).not.toBeInTheDocument();
  });

  it('offers only the coins and networks that have a code and a rate, and chooses none of several', async () => {
    mockApi({
      'GET /api/v1/qrcode/qr-codes': () => ({ body: QR }),
      'GET /api/v1/qrcodecrypto/qr-codes': cryptoList(UNNAMED, USDT_TRC20, USDT_ERC20, BTC_WITHOUT_RATE),
    });
    const user = userEvent.setup();
    renderApp(<DepositForm />);
    await user.click(await screen.findByRole('button', { name: 'Crypto' }));
    const pairs = within(screen.getByRole('group', { name: 'Coin and network' })).getAllByRole('button');
    expect(pairs.map((b) => [b.textContent, b.getAttribute('aria-pressed')])).toEqual([
      ['USDT · TRC20', 'false'],
      ['USDT · ERC20', 'false'],
    ]);
    // Nothing to pay to, and nothing to submit, until the player has chosen.
    expect(screen.getByText('Choose the coin and the network you will send on. Each has its own address.')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /QR code/ })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Transaction Hash')).not.toBeInTheDocument();
    expect(screen.queryByText(/bc1q/)).not.toBeInTheDocument();
  });

  it('does not offer crypto when no code names its coin and network with a rate', async () => {
    mockApi({ 'GET /api/v1/qrcode/qr-codes': () => ({ body: QR }), 'GET /api/v1/qrcodecrypto/qr-codes': cryptoList(UNNAMED, BTC_WITHOUT_RATE) });
    renderApp(<DepositForm />);
    await screen.findByRole('img', { name: /Main UPI/ });
    expect(await screen.findByRole('button', { name: 'UPI' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Crypto' })).not.toBeInTheDocument();
  });

  it('shows the chosen code with its network in large type beside its address, and a warning', async () => {
    mockApi({ 'GET /api/v1/qrcode/qr-codes': () => ({ body: QR }), 'GET /api/v1/qrcodecrypto/qr-codes': cryptoList(USDT_TRC20, USDT_ERC20) });
    const user = userEvent.setup();
    renderApp(<DepositForm />);
    await user.click(await screen.findByRole('button', { name: 'Crypto' }));
    await user.click(screen.getByRole('button', { name: 'USDT · ERC20' }));
    expect(screen.getByRole('img', { name: 'QR code: USDT ERC20' })).toHaveAttribute('src', '/uploads/qr/c-erc.png');
    const network = screen.getByTestId('target-network');
    expect(network).toHaveTextContent('ERC20');
    expect(network).toHaveClass('wallet-target__network-name');
    // The network and the address sit in one box, side by side.
    const box = network.closest('.wallet-target') as HTMLElement;
    expect(within(box).getByText('0x52908400098527886E0F7030069857D2E4169EE7')).toBeInTheDocument();
    expect(within(box).getByRole('button', { name: 'Copy Address 0x52908400098527886E0F7030069857D2E4169EE7' })).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('Send only USDT on the ERC20 network to this address. Coins sent on another network are lost.');
    // Another pair, another address.
    await user.click(screen.getByRole('button', { name: 'USDT · TRC20' }));
    expect(screen.getByTestId('target-network')).toHaveTextContent('TRC20');
    expect(screen.getByText('TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7')).toBeInTheDocument();
    expect(screen.queryByText('0x52908400098527886E0F7030069857D2E4169EE7')).not.toBeInTheDocument();
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

  it('shows the coin to send at the stated rate and its date, and sends the pair and the rate it showed', async () => {
    const api = mockApi({
      'GET /api/v1/qrcode/qr-codes': () => ({ body: QR }),
      'GET /api/v1/qrcodecrypto/qr-codes': cryptoList(USDT_TRC20, USDT_ERC20),
      'POST /api/v1/wallet/deposit': () => ({
        status: 201,
        body: { success: true, data: { _id: 'd-2', status: 'pending', amount: 1000, method: 'Crypto', createdAt: '2026-01-05T10:00:00.000Z' } },
      }),
    });
    const user = userEvent.setup();
    renderApp(<DepositForm />);
    await user.type(await screen.findByLabelText('Transaction ID'), 'UTR1111');
    await user.click(screen.getByRole('button', { name: 'Crypto' }));
    await user.click(screen.getByRole('button', { name: 'USDT · ERC20' }));
    // Switching method cleared the transaction id.
    expect(screen.getByLabelText('Transaction Hash')).toHaveValue('');

    await user.click(screen.getByRole('button', { name: '₹1,000' }));
    // 1000 / 85.50 = 11.6959064…, rounded up to USDT's six decimals.
    expect(screen.getByTestId('coin-to-send')).toHaveTextContent('11.695907 USDT');
    expect(screen.getByText('Rate: ₹85.50 for 1 USDT, set 2026-11-26 05:00 PM')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Transaction Hash'), '0xabc123def');
    await user.click(screen.getByRole('button', { name: 'Submit Deposit' }));
    await screen.findByRole('dialog', { name: 'Deposit Submitted' });
    expect(api.find('POST', '/api/v1/wallet/deposit')[0].body).toEqual({
      userId: JSON.parse(localStorage.getItem('user')!)._id,
      amount: 1000,
      method: 'Crypto',
      details: { payNumber: '0xabc123def', cryptoType: 'usdt', network: 'erc20', rateSetAt: USDT_RATE.setAt },
      remarks: 'Payment request for INR',
    });
    // The original app's reset: back to UPI; and no coin or network chosen.
    expect(screen.getByRole('button', { name: 'UPI' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Crypto' }));
    expect(screen.getByRole('button', { name: 'USDT · ERC20' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('takes the coin amount instead and shows the rupees it credits', async () => {
    const api = mockApi({
      'GET /api/v1/qrcode/qr-codes': () => ({ body: QR }),
      'GET /api/v1/qrcodecrypto/qr-codes': cryptoList(USDT_TRC20),
      'POST /api/v1/wallet/deposit': () => ({
        status: 201,
        body: { success: true, data: { _id: 'd-4', status: 'pending', amount: 855, method: 'Crypto', createdAt: '2026-01-05T10:00:00.000Z' } },
      }),
    });
    const user = userEvent.setup();
    renderApp(<DepositForm />);
    await user.click(await screen.findByRole('button', { name: 'Crypto' }));
    await user.click(within(screen.getByRole('group', { name: 'Enter the amount in' })).getByRole('button', { name: 'USDT' }));
    await user.type(screen.getByLabelText('Amount (USDT)'), '1.1234567');
    expect(screen.getByTestId('rupees-credited')).toHaveTextContent('—');
    await user.type(screen.getByLabelText('Transaction Hash'), '0xfeed1234');
    await user.click(screen.getByRole('button', { name: 'Submit Deposit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('USDT amounts have at most 6 decimals');
    expect(api.find('POST', '/api/v1/wallet/deposit')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Amount (USDT)'));
    await user.type(screen.getByLabelText('Amount (USDT)'), '10');
    expect(screen.getByTestId('rupees-credited')).toHaveTextContent('₹855.00');
    await user.click(screen.getByRole('button', { name: 'Submit Deposit' }));
    await screen.findByRole('dialog', { name: 'Deposit Submitted' });
    const [call] = api.find('POST', '/api/v1/wallet/deposit');
    expect(call.body).toMatchObject({ method: 'Crypto', details: { cryptoType: 'usdt', network: 'trc20', coinAmount: '10', rateSetAt: USDT_RATE.setAt } });
    expect(call.body).not.toHaveProperty('amount');
  });

  it('reads the codes again when the rate changed since the screen showed it', async () => {
    let calls = 0;
    mockApi({
      'GET /api/v1/qrcode/qr-codes': () => ({ body: QR }),
      'GET /api/v1/qrcodecrypto/qr-codes': () => {
        calls += 1;
        return { body: { success: true, data: [calls === 1 ? USDT_TRC20 : { ...USDT_TRC20, rate: { rate: 90, setAt: '2026-11-26T12:30:00.000Z' } }] } };
      },
      'POST /api/v1/wallet/deposit': () => ({
        status: 409,
        body: { success: false, code: 'RATE_CHANGED', message: 'The USDT rate has changed. Check the new amount and submit again.' },
      }),
    });
    const user = userEvent.setup();
    renderApp(<DepositForm />);
    await user.click(await screen.findByRole('button', { name: 'Crypto' }));
    await user.type(screen.getByLabelText('Amount (₹)'), '900');
    await user.type(screen.getByLabelText('Transaction Hash'), '0xfeed5678');
    await user.click(screen.getByRole('button', { name: 'Submit Deposit' }));
    expect(await screen.findByText('The USDT rate has changed. Check the new amount and submit again.')).toBeInTheDocument();
    expect(await screen.findByText('Rate: ₹90.00 for 1 USDT, set 2026-11-26 06:00 PM')).toBeInTheDocument();
    expect(screen.getByTestId('coin-to-send')).toHaveTextContent('10 USDT');
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
