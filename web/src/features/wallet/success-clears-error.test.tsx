import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp, signIn } from '../../lib/test-utils';
import { DepositForm } from './DepositForm';
import TelegramSubscriptionPage from './TelegramSubscriptionPage';
import WithdrawPage from './WithdrawPage';

/**
 * A success replaces the error of an earlier refused try on the same form: the red toast of the
 * refusal does not stay beside the success (dialog or toast).
 */
const QR = { success: true, data: [{ _id: 'qr-1', title: 'Main UPI', imageUrl: '/uploads/qr/upi.png', payTo: null, coin: null, network: null, rate: null }] };
const PENDING = (method: string, amount: number) => ({
  status: 201,
  body: { success: true, data: { _id: 'r-1', status: 'pending', amount, method, createdAt: '2026-01-05T10:00:00.000Z' } },
});

/** The error toasts on screen and not leaving (a dismissed one plays its exit animation, which never ends in jsdom). */
const errorToasts = () => [...document.querySelectorAll('.Toastify__toast--error')].filter((el) => !/__bounce-exit/.test(el.className));

async function expectNoErrorToast() {
  await waitFor(() => expect(errorToasts()).toHaveLength(0));
}

describe('a success takes away the error toast of the refused try before it', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('deposit: refused for ₹50, accepted for ₹500', async () => {
    signIn();
    mockApi({
      'GET /api/v1/qrcode/qr-codes': () => ({ body: QR }),
      'POST /api/v1/wallet/deposit': ({ body }) =>
        (body as { amount: number }).amount < 100
          ? { status: 400, body: { success: false, code: 'AMOUNT_OUT_OF_RANGE', message: 'Deposit amount must be between ₹100 and ₹5,000.' } }
          : PENDING('UPI', 500),
    });
    const user = userEvent.setup();
    renderApp(<DepositForm />);
    await user.type(await screen.findByLabelText('Amount (₹)'), '50');
    await user.type(screen.getByLabelText('Transaction ID'), 'UTR4242');
    await user.click(screen.getByRole('button', { name: 'Submit Deposit' }));
    expect(await screen.findByText('Deposit amount must be between ₹100 and ₹5,000.')).toBeInTheDocument();
    expect(errorToasts()).toHaveLength(1);

    await user.clear(screen.getByLabelText('Amount (₹)'));
    await user.type(screen.getByLabelText('Amount (₹)'), '500');
    await user.click(screen.getByRole('button', { name: 'Submit Deposit' }));
    expect(await screen.findByRole('dialog', { name: 'Deposit Submitted' })).toBeInTheDocument();
    await expectNoErrorToast();
  });

  it('Telegram subscription: refused, then accepted', async () => {
    signIn();
    let refuse = true;
    mockApi({
      'GET /api/v1/telegram-amount': () => ({ body: [{ _id: 'a-1', amount: 499 }] }),
      'GET /api/v1/qrcode/qr-codes': () => ({ body: QR }),
      'GET /api/v1/wallet/telegram/subscriptions': () => ({ body: { success: true, data: { subscriptions: [], configured: true } } }),
      'POST /api/v1/wallet/deposit': () =>
        refuse
          ? { status: 409, body: { success: false, code: 'DUPLICATE_PAY_NUMBER', message: 'This transaction ID was already submitted.' } }
          : PENDING('Telegram', 499),
    });
    const user = userEvent.setup();
    renderApp([{ path: '/telegram-subscription/:gameName', element: <TelegramSubscriptionPage /> }], { path: '/telegram-subscription/chicken' });
    await screen.findByText('₹499.00');
    await user.type(screen.getByLabelText('Transaction ID'), 'UTR998877');
    await user.click(await screen.findByRole('button', { name: 'Submit Deposit' }));
    expect(await screen.findByText('This transaction ID was already submitted.')).toBeInTheDocument();
    expect(errorToasts()).toHaveLength(1);

    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Submit Deposit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deposit Submitted' });
    expect(within(dialog).getByText('Your deposit request has been submitted successfully!')).toBeInTheDocument();
    await expectNoErrorToast();
  });

  it('withdrawal: refused, then accepted', async () => {
    const me = signIn();
    let refuse = true;
    mockApi({
      [`GET /api/v1/users/balance/${me._id}`]: () => ({ body: { success: true, balance: 5000 } }),
      'POST /api/v1/wallet/withraw': () =>
        refuse
          ? { status: 400, body: { success: false, code: 'AMOUNT_OUT_OF_RANGE', message: 'Withdrawal amount must be between ₹100 and ₹1,00,000.' } }
          : PENDING('USDT', 500),
    });
    const user = userEvent.setup();
    renderApp([{ path: '/withdraw', element: <WithdrawPage /> }], { path: '/withdraw' });
    await screen.findByText('₹5,000.00');
    await user.click(screen.getByRole('tab', { name: 'USDT' }));
    await user.type(screen.getByLabelText('Amount (₹)'), '50');
    await user.type(screen.getByLabelText('Wallet Address'), 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Withdrawal amount must be between ₹100 and ₹1,00,000.')).toBeInTheDocument();
    expect(errorToasts()).toHaveLength(1);

    refuse = false;
    await user.clear(screen.getByLabelText('Amount (₹)'));
    await user.type(screen.getByLabelText('Amount (₹)'), '500');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Withdrawal request submitted successfully!')).toBeInTheDocument();
    await expectNoErrorToast();
  });
});
