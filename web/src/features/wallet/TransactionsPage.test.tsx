import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp, signIn } from '../../lib/test-utils';
import TransactionsPage from './TransactionsPage';

const row = (n: number, status = 'pending') => ({
  _id: `t-${n}`,
  id: `t-${n}`,
  type: 'deposit',
  method: 'UPI',
  amount: n * 100,
  status,
  direction: 'credit',
  createdAt: '2025-01-05T10:00:00.000Z',
});

describe('TransactionsPage', () => {
  beforeEach(() => {
    signIn();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks the server for the page shown and colours approved amounts', async () => {
    const api = mockApi({
      'GET /api/v1/wallet/history': ({ query }) => {
        const page = Number(query.get('page'));
        return { body: { success: true, data: { transactions: page === 1 ? [row(1, 'approved'), row(2)] : [row(3)], totalPages: 2, page, total: 3 } } };
      },
    });
    const user = userEvent.setup();
    renderApp(<TransactionsPage />);
    expect(screen.getByRole('heading', { name: 'Transaction History' })).toBeInTheDocument();
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Type', 'Method', 'Amount']);
    expect(within(table).getByText('₹100.00')).toHaveClass('wallet-amount--approved');
    expect(within(table).getByText('₹200.00')).toHaveClass('wallet-amount--neutral');
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('₹300.00')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(api.find('GET', '/api/v1/wallet/history').map((c) => c.query.get('page'))).toEqual(['1', '2']);
  });

  it('shows money going out with a minus sign and never in green', async () => {
    const t = (id: string, type: string, direction: 'credit' | 'debit', status: string) => ({
      _id: id,
      id,
      type,
      method: 'Wallet',
      amount: 10,
      status,
      direction,
      createdAt: '2025-01-05T10:00:00.000Z',
    });
    mockApi({
      'GET /api/v1/wallet/history': () => ({
        body: {
          success: true,
          data: {
            transactions: [t('a', 'bet', 'debit', 'approved'), t('b', 'withdrawal', 'debit', 'pending'), t('c', 'win', 'credit', 'approved')],
            totalPages: 1,
            page: 1,
            total: 3,
          },
        },
      }),
    });
    renderApp(<TransactionsPage />);
    const table = await screen.findByRole('table');
    const [, bet, withdrawal, win] = within(table).getAllByRole('row');
    expect(within(bet).getByText('−₹10.00')).toHaveClass('wallet-amount--neutral');
    expect(within(bet).getByText('−₹10.00')).not.toHaveClass('wallet-amount--approved');
    expect(within(withdrawal).getByText('−₹10.00')).toHaveClass('wallet-amount--neutral');
    expect(within(win).getByText('₹10.00')).toHaveClass('wallet-amount--approved');
  });

  it('says when there is nothing, and when loading failed', async () => {
    mockApi({ 'GET /api/v1/wallet/history': () => ({ body: { success: true, data: { transactions: [], totalPages: 1, page: 1, total: 0 } } }) });
    const first = renderApp(<TransactionsPage />);
    expect(await screen.findByText('No transactions found.')).toBeInTheDocument();
    first.unmount();

    mockApi({ 'GET /api/v1/wallet/history': () => ({ status: 500, body: { success: false, message: 'boom' } }) });
    renderApp(<TransactionsPage />);
    expect(await screen.findByText('Failed to fetch transaction history.')).toBeInTheDocument();
  });
});
