import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp, signIn } from '../../../lib/test-utils';
import { MoneyRequestsSection } from './MoneyRequestsSection';

/** A UPI request for the exact amount as the deposit queue lists it: its reference, and its UTR once given. */
const upiRequest = (id: string, payNumber?: string) => ({
  _id: id,
  userId: 'u-1',
  amount: 500,
  method: 'UPI',
  status: 'pending',
  remarks: 'Payment request for INR',
  details: { reference: `RA0000000${id.slice(-1)}`, payTo: 'rupeearcade@okaxis', gameName: null, ...(payNumber ? { payNumber } : {}) },
  createdAt: '2026-11-28T10:00:00.000Z',
  decidedAt: null,
  fullName: 'Asha Rao',
  email: 'asha@example.com',
  earlierClaims: 0,
  needsSecondApproval: false,
  firstApprovedBy: null,
  reference: `RA0000000${id.slice(-1)}`,
});

describe('a UPI request in the deposit queue', () => {
  beforeEach(() => {
    signIn({ role: 'admin', accessPages: ['transaction'] });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows its reference, and says when the player has not given the UTR yet', async () => {
    mockApi({
      'GET /api/v1/wallet/history/deposit': () => ({
        body: { success: true, data: { deposit: [upiRequest('d-1'), upiRequest('d-2', '412345678901')], totalPages: 1, page: 1, total: 2 } },
      }),
    });
    renderApp(<MoneyRequestsSection kind="deposit" title="Deposite History" />);
    const [waiting, given] = await screen.findAllByRole('listitem');
    expect(within(waiting).getByLabelText('Reference')).toHaveTextContent('RA00000001');
    expect(within(waiting).getByRole('note')).toHaveTextContent('UTR: not yet given.');
    expect(within(waiting).queryByLabelText('Transaction id / UTR')).not.toBeInTheDocument();
    expect(within(waiting).getByRole('button', { name: 'Approve' })).toBeInTheDocument();

    expect(within(given).getByLabelText('Reference')).toHaveTextContent('RA00000002');
    expect(within(given).getByLabelText('Transaction id / UTR')).toHaveTextContent('412345678901');
    expect(within(given).queryByText(/not yet given/)).not.toBeInTheDocument();
  });
});
