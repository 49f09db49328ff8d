import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp, signIn } from '../../../lib/test-utils';
import { MoneyRequestsSection } from './MoneyRequestsSection';

const deposit = (id: string, method: string, status = 'pending') => ({
  _id: id,
  userId: 'u-1',
  amount: 500,
  method,
  status,
  remarks: null,
  details: { payNumber: `UTR-${id}`, gameName: null },
  createdAt: '2025-01-05T10:00:00.000Z',
  decidedAt: status === 'pending' ? null : '2025-01-05T11:00:00.000Z',
  fullName: 'Asha Rao',
  email: 'asha@example.com',
  earlierClaims: 0,
  needsSecondApproval: false,
  firstApprovedBy: null,
});
/** A withdrawal as the queue lists it. */
const withdrawal = (id: string, method: string) => ({
  ...deposit(id, method),
  category: method === 'UPI' ? ('upi' as const) : ('crypto' as const),
  needsSecondApproval: false,
  firstApprovedBy: null,
  risks: [] as string[],
});

describe('MoneyRequestsSection (deposits)', () => {
  beforeEach(() => {
    signIn({ role: 'admin', accessPages: ['transaction'] });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('approves a pending deposit after confirmation and updates it in place', async () => {
    const api = mockApi({
      'GET /api/v1/wallet/history/deposit': () => ({
        body: { success: true, data: { deposit: [deposit('d-1', 'UPI'), deposit('d-2', 'Crypto', 'approved')], totalPages: 1, page: 1, total: 1 } },
      }),
      'PUT /api/v1/wallet/update-deposite-transaction-status': () => ({
        body: { success: true, message: 'Status updated successfully', data: { _id: 'd-1', status: 'approved' } },
      }),
    });
    const user = userEvent.setup();
    renderApp(<MoneyRequestsSection kind="deposit" title="Deposite History" />);
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    const items = await screen.findAllByRole('listitem');
    expect(within(items[1]).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();

    await user.click(within(items[0]).getByText('Details'));
    expect(within(items[0]).getByText('UTR-d-1')).toBeVisible();

    await user.click(within(items[0]).getByRole('button', { name: 'Approve' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve request' });
    expect(dialog).toHaveTextContent("Credit ₹500.00 to the player's wallet?");
    expect(api.find('PUT', '/api/v1/wallet/update-deposite-transaction-status')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));

    expect(await screen.findByText('Status updated successfully')).toBeInTheDocument();
    const [call] = api.find('PUT', '/api/v1/wallet/update-deposite-transaction-status');
    expect(call.body).toEqual({ status: 'approved', id: 'd-1', userId: 'u-1', amount: 500 });
    expect(call.headers['Idempotency-Key']).toBeTruthy();
    await waitFor(() => expect(within(items[0]).getByText('approved')).toBeInTheDocument());
    expect(within(items[0]).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    // Updated in place: the list was not fetched again.
    expect(api.find('GET', '/api/v1/wallet/history/deposit')).toHaveLength(1);
  });

  it('asks for the queue again each time the section opens, whatever the app keeps fresh', async () => {
    const api = mockApi({
      'GET /api/v1/wallet/history/deposit': () => ({ body: { success: true, data: { deposit: [deposit('d-1', 'UPI')], totalPages: 1, page: 1, total: 1 } } }),
    });
    function Reopen() {
      const [open, setOpen] = useState(true);
      return (
        <>
          <button type="button" onClick={() => setOpen((o) => !o)}>
            Toggle
          </button>
          {open && <MoneyRequestsSection kind="deposit" title="Deposite History" />}
        </>
      );
    }
    const user = userEvent.setup();
    const { queryClient } = renderApp(<Reopen />);
    // The app's own cache keeps answers fresh for 10 s.
    queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 10_000 } });
    await screen.findAllByRole('listitem');
    await user.click(screen.getByRole('button', { name: 'Toggle' }));
    await user.click(screen.getByRole('button', { name: 'Toggle' }));
    await waitFor(() => expect(api.find('GET', '/api/v1/wallet/history/deposit')).toHaveLength(2));
  });

  it('filters by method on the server, and clicking the active filter clears it', async () => {
    const api = mockApi({
      'GET /api/v1/wallet/history/deposit': ({ query }) => ({
        body: { success: true, data: { deposit: query.get('method') === 'crypto' ? [] : [deposit('d-1', 'UPI')], totalPages: 1, page: 1, total: 1 } },
      }),
    });
    const user = userEvent.setup();
    renderApp(<MoneyRequestsSection kind="deposit" title="Deposite History" />);
    await screen.findAllByRole('listitem');
    await user.click(screen.getByRole('button', { name: 'Crypto' }));
    expect(await screen.findByText('No transactions found.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Crypto' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Crypto' }));
    expect(screen.getByRole('button', { name: 'Crypto' })).toHaveAttribute('aria-pressed', 'false');
    await screen.findAllByRole('listitem');
    expect(api.find('GET', '/api/v1/wallet/history/deposit').map((c) => c.query.get('method'))).toEqual([null, 'crypto', null]);
  });

  it("shows the player's transaction id on the card without opening Details, and copies it", async () => {
    mockApi({
      'GET /api/v1/wallet/history/deposit': () => ({
        body: { success: true, data: { deposit: [deposit('d-1', 'UPI'), { ...deposit('d-2', 'UPI'), details: {} }], totalPages: 1, page: 1, total: 2 } },
      }),
    });
    const writeText = vi.fn().mockResolvedValue(undefined);
    const user = userEvent.setup();
    renderApp(<MoneyRequestsSection kind="deposit" title="Deposite History" />);
    const items = await screen.findAllByRole('listitem');
    // Details stays closed: the id is on the card itself, under its own label.
    expect(within(items[0]).getByText('Details').closest('details')).not.toHaveAttribute('open');
    expect(within(items[0]).getByText('Transaction id / UTR')).toBeVisible();
    expect(within(items[0]).getByText('UTR-d-1')).toBeVisible();
    expect(within(items[1]).queryByText('Transaction id / UTR')).not.toBeInTheDocument();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(within(items[0]).getByRole('button', { name: 'Copy transaction id UTR-d-1' }));
    expect(writeText).toHaveBeenCalledWith('UTR-d-1');
    expect(await screen.findByText('Transaction id copied')).toBeInTheDocument();
  });

  it('warns when a transaction id was submitted before', async () => {
    mockApi({
      'GET /api/v1/wallet/history/deposit': () => ({
        body: {
          success: true,
          data: {
            deposit: [
              { ...deposit('d-1', 'UPI'), earlierClaims: 2 },
              { ...deposit('d-2', 'UPI'), earlierClaims: 0 },
            ],
            totalPages: 1,
            page: 1,
            total: 2,
          },
        },
      }),
    });
    renderApp(<MoneyRequestsSection kind="deposit" title="Deposite History" />);
    const items = await screen.findAllByRole('listitem');
    expect(within(items[0]).getByRole('note')).toHaveTextContent('also submitted 2 times before');
    expect(within(items[1]).queryByRole('note')).not.toBeInTheDocument();
  });

  it('leaves approval of Telegram subscriptions to the Telegram section', async () => {
    mockApi({
      'GET /api/v1/wallet/history/deposit': () => ({
        body: { success: true, data: { deposit: [deposit('d-9', 'Telegram')], totalPages: 1, page: 1, total: 1 } },
      }),
    });
    renderApp(<MoneyRequestsSection kind="deposit" title="Deposite History" />);
    const [item] = await screen.findAllByRole('listitem');
    expect(within(item).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(within(item).getByRole('button', { name: 'Reject' })).toBeInTheDocument();
  });

  it("shows the server's message when a decision fails and keeps the item pending", async () => {
    mockApi({
      'GET /api/v1/wallet/history/withdrawals': () => ({
        body: { success: true, data: { withdrawals: [withdrawal('w-1', 'USDT')], totalPages: 1, page: 1, total: 1 } },
      }),
      'PUT /api/v1/wallet/transaction/status': () => ({ status: 409, body: { success: false, code: 'DECIDED', message: 'This request was already decided.' } }),
    });
    const user = userEvent.setup();
    renderApp(<MoneyRequestsSection kind="withdrawal" title="Withdrawal History" />);
    const [item] = await screen.findAllByRole('listitem');
    await user.click(within(item).getByRole('button', { name: 'Reject' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Reject request' })).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('This request was already decided.')).toBeInTheDocument();
    expect(within(item).getByText('pending')).toBeInTheDocument();
  });

  it('shows a large withdrawal waiting for a second admin, and the risk flags to check', async () => {
    const large = {
      ...withdrawal('w-9', 'UPI'),
      amount: 60000,
      needsSecondApproval: true,
      firstApprovedBy: null,
      risks: ['New account: made less than a day before this request.'],
    };
    mockApi({
      'GET /api/v1/wallet/history/withdrawals': () => ({ body: { success: true, data: { withdrawals: [large], totalPages: 1, page: 1, total: 1 } } }),
      'PUT /api/v1/wallet/transaction/status': () => ({
        body: {
          success: true,
          message: 'First approval recorded: a second admin must approve to pay it.',
          data: { _id: 'w-9', status: 'pending', awaitingSecondApproval: true },
        },
      }),
    });
    const user = userEvent.setup();
    renderApp(<MoneyRequestsSection kind="withdrawal" title="Withdrawal History" />);
    const [item] = await screen.findAllByRole('listitem');
    expect(within(item).getByText('Large sum for this player within 24 hours: two different admins must approve before it is paid.')).toBeInTheDocument();
    expect(within(item).getByText('New account: made less than a day before this request.')).toBeInTheDocument();
    await user.click(within(item).getByRole('button', { name: 'Approve' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Approve request' })).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('First approval recorded: a second admin must approve to pay it.')).toBeInTheDocument();
    expect(await within(item).findByText('Awaiting second approval: first approved by you.')).toBeInTheDocument();
    expect(within(item).queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument();
    expect(within(item).getByText('Waiting for another admin')).toBeInTheDocument();
    expect(within(item).getByText('pending')).toBeInTheDocument();
  });
});
