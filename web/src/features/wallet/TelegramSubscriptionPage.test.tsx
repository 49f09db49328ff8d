import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp, signIn } from '../../lib/test-utils';
import TelegramSubscriptionPage from './TelegramSubscriptionPage';

const QR = { success: true, data: [{ _id: 'qr-1', title: 'Main UPI', imageUrl: '/uploads/qr/upi.png', payTo: null, coin: null, network: null, rate: null }] };
const NO_SUBSCRIPTIONS = { body: { success: true, data: { subscriptions: [], configured: true } } };
const routes = [{ path: '/telegram-subscription/:gameName', element: <TelegramSubscriptionPage /> }];

describe('TelegramSubscriptionPage', () => {
  beforeEach(() => {
    signIn();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('with no price set says the subscription is closed for now, with no form and no QR code', async () => {
    mockApi({
      'GET /api/v1/telegram-amount': () => ({ body: [] }),
      'GET /api/v1/qrcode/qr-codes': () => ({ body: QR }),
      'GET /api/v1/wallet/telegram/subscriptions': () => NO_SUBSCRIPTIONS,
    });
    renderApp(routes, { path: '/telegram-subscription/chicken' });
    const notice = await screen.findByText('Subscriptions are closed for now');
    expect(notice.closest('[role="status"]')).toHaveTextContent('No subscription price has been set yet, so there is nothing to pay. Please check back later.');
    expect(screen.queryByLabelText('Transaction ID')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'QR code' })).not.toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit Deposit' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Pay the amount below/)).not.toBeInTheDocument();
    // The player's own requests stay where they were.
    expect(await screen.findByText('No subscription requests yet.')).toBeInTheDocument();
  });

  it('with a price: a malformed transaction id is said at its field, a refusal in a toast, a success in the dialog', async () => {
    let refuse = true;
    const api = mockApi({
      'GET /api/v1/telegram-amount': () => ({ body: [{ _id: 'a-1', amount: 499 }] }),
      'GET /api/v1/qrcode/qr-codes': () => ({ body: QR }),
      'GET /api/v1/wallet/telegram/subscriptions': () => NO_SUBSCRIPTIONS,
      'POST /api/v1/wallet/deposit': () =>
        refuse
          ? { status: 409, body: { success: false, code: 'DUPLICATE_PAY_NUMBER', message: 'This transaction ID was already submitted.' } }
          : {
              status: 201,
              body: { success: true, data: { _id: 'd-1', status: 'pending', amount: 499, method: 'Telegram', createdAt: '2026-01-05T10:00:00.000Z' } },
            },
    });
    const user = userEvent.setup();
    renderApp(routes, { path: '/telegram-subscription/chicken' });
    expect(await screen.findByLabelText('Amount')).toHaveTextContent('₹499.00');
    await user.type(screen.getByLabelText('Transaction ID'), 'UTR 12');
    await user.click(await screen.findByRole('button', { name: 'Submit Deposit' }));
    expect(await screen.findByText('Enter a valid transaction id or hash (letters and digits, no spaces)')).toBeInTheDocument();
    expect(api.find('POST', '/api/v1/wallet/deposit')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Transaction ID'));
    await user.type(screen.getByLabelText('Transaction ID'), 'UTR998877');
    await user.click(screen.getByRole('button', { name: 'Submit Deposit' }));
    expect(await screen.findByText('This transaction ID was already submitted.')).toBeInTheDocument();

    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Submit Deposit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deposit Submitted' });
    expect(within(dialog).getByText('Your deposit request has been submitted successfully!')).toBeInTheDocument();
    await waitFor(() => expect(api.find('POST', '/api/v1/wallet/deposit')).toHaveLength(2));
    expect(api.find('POST', '/api/v1/wallet/deposit')[1].body).toMatchObject({
      amount: 499,
      method: 'Telegram',
      details: { payNumber: 'UTR998877', gameName: 'chicken' },
    });
  });
});
