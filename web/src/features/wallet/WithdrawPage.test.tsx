import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp, signIn } from '../../lib/test-utils';
import WithdrawPage from './WithdrawPage';

const routes = [
  { path: '/', element: <p>Home page</p> },
  { path: '/withdraw', element: <WithdrawPage /> },
];

async function fillInr(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Amount (₹)'), '750');
  await user.type(screen.getByLabelText('First Name'), 'Asha');
  await user.type(screen.getByLabelText('Last Name'), 'Rao');
  await user.type(screen.getByLabelText('Account Number'), '123456789012');
  await user.type(screen.getByLabelText('IFSC'), 'sbin0001234');
}

describe('WithdrawPage', () => {
  let me: ReturnType<typeof signIn>;
  beforeEach(() => {
    me = signIn();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the balance and the three tabs, with INR first', async () => {
    mockApi({ [`GET /api/v1/users/balance/${me._id}`]: () => ({ body: { success: true, balance: 1234.5 } }) });
    renderApp(routes, { path: '/withdraw' });
    expect(await screen.findByText('₹1,234.50')).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['INR', 'USDT', 'ETH']);
    expect(screen.getByRole('tab', { name: 'INR' })).toHaveAttribute('aria-selected', 'true');
  });

  it('sends an INR request as method UPI, then resets and goes home after 2 s', async () => {
    const api = mockApi({
      [`GET /api/v1/users/balance/${me._id}`]: () => ({ body: { success: true, balance: 5000 } }),
      'POST /api/v1/wallet/withraw': () => ({
        status: 201,
        body: { success: true, data: { _id: 'w-1', status: 'pending', amount: 100, method: 'UPI', createdAt: '2026-01-05T10:00:00.000Z' } },
      }),
    });
    const user = userEvent.setup();
    const { router } = renderApp(routes, { path: '/withdraw' });
    await fillInr(user);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Withdrawal request submitted successfully!')).toBeInTheDocument();
    const [call] = api.find('POST', '/api/v1/wallet/withraw');
    expect(call.body).toEqual({
      userId: me._id,
      amount: 750,
      method: 'UPI',
      details: { amount: 750, email: me.email, phone: me.phoneNumber, firstName: 'Asha', lastName: 'Rao', accountNumber: '123456789012', ifsc: 'SBIN0001234' },
      remarks: 'Withdrawal request via UPI',
    });
    expect(call.headers['Idempotency-Key']).toBeTruthy();
    expect(screen.getByLabelText('Amount (₹)')).toHaveValue('');
    expect(router.state.location.pathname).toBe('/withdraw');
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(router.state.location.pathname).toBe('/');
  });

  it("shows the original app's error toast with the server's reason", async () => {
    mockApi({
      // The balance shown still covers the amount; the server knows better (another tab spent it meanwhile).
      [`GET /api/v1/users/balance/${me._id}`]: () => ({ body: { success: true, balance: 1000 } }),
      'POST /api/v1/wallet/withraw': () => ({ status: 400, body: { success: false, code: 'INSUFFICIENT', message: 'Insufficient balance!' } }),
    });
    const user = userEvent.setup();
    const { router } = renderApp(routes, { path: '/withdraw' });
    await fillInr(user);
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Error submitting withdrawal request.')).toBeInTheDocument();
    expect(screen.getByText('Insufficient balance!')).toBeInTheDocument();
    expect(screen.getByLabelText('Amount (₹)')).toHaveValue('750');
    expect(router.state.location.pathname).toBe('/withdraw');
  });

  it('checks the fields lightly before sending', async () => {
    const api = mockApi({ [`GET /api/v1/users/balance/${me._id}`]: () => ({ body: { success: true, balance: 10 } }) });
    const user = userEvent.setup();
    renderApp(routes, { path: '/withdraw' });
    await user.type(screen.getByLabelText('Amount (₹)'), '12.345');
    await user.type(screen.getByLabelText('IFSC'), 'NOPE');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Enter an amount in rupees, with at most two decimals')).toBeInTheDocument();
    expect(screen.getByText(/valid IFSC/)).toBeInTheDocument();
    expect(api.find('POST', '/api/v1/wallet/withraw')).toHaveLength(0);
  });

  it('sends USDT with TRC20 by default and stays on the page', async () => {
    const api = mockApi({
      [`GET /api/v1/users/balance/${me._id}`]: () => ({ body: { success: true, balance: 5000 } }),
      'POST /api/v1/wallet/withraw': () => ({
        status: 201,
        body: { success: true, data: { _id: 'w-2', status: 'pending', amount: 100, method: 'UPI', createdAt: '2026-01-05T10:00:00.000Z' } },
      }),
    });
    const user = userEvent.setup();
    const { router } = renderApp(routes, { path: '/withdraw' });
    await user.click(screen.getByRole('tab', { name: 'USDT' }));
    expect(screen.getByRole('button', { name: 'TRC20' })).toHaveAttribute('aria-pressed', 'true');
    await user.type(screen.getByLabelText('Amount (₹)'), '1000');
    await user.type(screen.getByLabelText('Wallet Address'), 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    await screen.findByText('Withdrawal request submitted successfully!');
    expect(api.find('POST', '/api/v1/wallet/withraw')[0].body).toMatchObject({
      amount: 1000,
      method: 'USDT',
      details: { network: 'TRC20', walletAddress: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', email: me.email },
    });
    await waitFor(() => expect(screen.getByLabelText('Wallet Address')).toHaveValue(''));
    expect(router.state.location.pathname).toBe('/withdraw');
  });

  it('says an amount above the balance under the amount at once, and holds the bank details back until it fits', async () => {
    const api = mockApi({ [`GET /api/v1/users/balance/${me._id}`]: () => ({ body: { success: true, balance: 1234.5 } }) });
    const user = userEvent.setup();
    renderApp(routes, { path: '/withdraw' });
    await screen.findByText('₹1,234.50');
    const amount = screen.getByLabelText('Amount (₹)');
    await user.type(amount, '1234.5');
    expect(screen.queryByText(/Insufficient balance!/)).not.toBeInTheDocument();
    expect(screen.getByLabelText('First Name')).toBeEnabled();
    await user.type(amount, '1');
    const said = screen.getByText('Insufficient balance! You can withdraw up to ₹1,234.50.');
    expect(said).toHaveAttribute('role', 'alert');
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(amount).toHaveAccessibleDescription('Insufficient balance! You can withdraw up to ₹1,234.50.');
    for (const label of ['First Name', 'Last Name', 'Email', 'Phone', 'Account Number', 'IFSC']) expect(screen.getByLabelText(label), label).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Withdraw' })).toBeDisabled();
    // The next field is not the bank's: the keyboard leaves the amount for nothing of the form.
    await user.tab();
    expect(screen.getByLabelText('First Name')).not.toHaveFocus();
    await user.type(amount, '{Enter}');
    expect(api.find('POST', '/api/v1/wallet/withraw')).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '1000');
    expect(screen.queryByText(/Insufficient balance!/)).not.toBeInTheDocument();
    expect(screen.getByLabelText('First Name')).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Withdraw' })).toBeEnabled();
  });

  it('says the same on the USDT and ETH forms', async () => {
    mockApi({ [`GET /api/v1/users/balance/${me._id}`]: () => ({ body: { success: true, balance: 500 } }) });
    const user = userEvent.setup();
    renderApp(routes, { path: '/withdraw' });
    await screen.findByText('₹500.00');
    for (const tab of ['USDT', 'ETH']) {
      await user.click(screen.getByRole('tab', { name: tab }));
      await user.type(screen.getByLabelText('Amount (₹)'), '501');
      expect(screen.getByText('Insufficient balance! You can withdraw up to ₹500.00.')).toBeInTheDocument();
      expect(screen.getByLabelText('Wallet Address')).toBeDisabled();
      expect(screen.getByRole('button', { name: 'Withdraw' })).toBeDisabled();
    }
  });
});
