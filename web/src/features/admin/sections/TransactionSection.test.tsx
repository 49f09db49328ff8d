import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp, signIn } from '../../../lib/test-utils';
import { TransactionSection } from './TransactionSection';

const entry = (id: string, type: string, direction: 'credit' | 'debit', amount: number) => ({
  _id: id,
  id,
  type,
  method: 'Wallet',
  amount,
  status: 'approved',
  direction,
  createdAt: '2025-01-05T10:00:00.000Z',
  fullName: 'Asha Rao',
});

describe('TransactionSection', () => {
  beforeEach(() => {
    signIn({ role: 'admin', accessPages: ['transaction'] });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows money going out with a minus sign and never in green', async () => {
    mockApi({
      'GET /api/v1/wallet/history/users': () => ({
        body: { success: true, data: { transactions: [entry('a', 'bet', 'debit', 10), entry('b', 'win', 'credit', 20.4)], totalPages: 1, page: 1, total: 2 } },
      }),
    });
    renderApp(<TransactionSection />);
    const [bet, win] = await screen.findAllByRole('listitem');
    expect(within(bet).getByText('−₹10.00')).not.toHaveClass('admin-amount--approved');
    expect(within(win).getByText('₹20.40')).toHaveClass('admin-amount--approved');
  });
});
