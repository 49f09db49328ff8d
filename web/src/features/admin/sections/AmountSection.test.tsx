import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp, signIn } from '../../../lib/test-utils';
import { AmountSection } from './AmountSection';

describe('AmountSection', () => {
  beforeEach(() => {
    signIn({ role: 'admin', accessPages: ['games'] });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('adds an amount when none exists, refusing blanks and non-numbers, then lists it with Delete', async () => {
    let list: { _id: string; amount: number }[] = [];
    const api = mockApi({
      'GET /api/v1/refer-amount': () => ({ body: list }),
      'POST /api/v1/refer-amount': ({ body }) => {
        list = [{ _id: 'r-1', amount: Number((body as { amount: string }).amount) }];
        return { status: 201, body: { success: true, data: list[0] } };
      },
      'DELETE /api/v1/refer-amount/r-1': () => {
        list = [];
        return { body: { success: true, data: { _id: 'r-1', amount: 50 } } };
      },
    });
    const user = userEvent.setup();
    renderApp(<AmountSection setting="refer" title="Refer Amount" />);
    const save = await screen.findByRole('button', { name: 'Save' });
    await user.click(save);
    expect(screen.getByRole('alert')).toHaveTextContent('Enter an amount');
    await user.type(screen.getByLabelText('Amount (₹)'), 'ten');
    await user.click(save);
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a number above 0');
    expect(api.find('POST', '/api/v1/refer-amount')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Amount (₹)'));
    await user.type(screen.getByLabelText('Amount (₹)'), ' 50 ');
    await user.click(save);
    expect(await screen.findByText('₹50.00')).toBeInTheDocument();
    expect(api.find('POST', '/api/v1/refer-amount')[0].body).toEqual({ amount: '50' });

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('button', { name: 'Save' })).toBeInTheDocument();
  });

  it('reads the Telegram amount list, which the server sends as a bare array', async () => {
    mockApi({ 'GET /api/v1/telegram-amount': () => ({ body: [{ _id: 't-1', amount: 499 }] }) });
    renderApp(<AmountSection setting="telegram" title="Telegram Amount" />);
    expect(await screen.findByText('₹499.00')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});
