import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp, signIn } from '../../../lib/test-utils';
import { SpinnerPricesSection } from './SpinnerPricesSection';

describe('SpinnerPricesSection', () => {
  beforeEach(() => {
    signIn({ role: 'admin', accessPages: ['games'] });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('adds the prizes from the empty form, checking each, then edits and deletes them', async () => {
    let sets: { _id: string; prizes: string[] }[] = [];
    const answer = () => ({ body: { success: true, message: 'ok', data: sets[0] } });
    const api = mockApi({
      'GET /api/v1/spinner/prizes': () => ({ body: sets }),
      'POST /api/v1/spinner/prize': ({ body }) => {
        sets = [{ _id: 'w1', prizes: (body as { prizes: string[] }).prizes }];
        return { status: 201, ...answer() };
      },
      'POST /api/v1/spinner/prize/w1/add': ({ body }) => {
        sets[0].prizes = [...sets[0].prizes, (body as { prize: string }).prize];
        return answer();
      },
      'POST /api/v1/spinner/prize/w1/remove': ({ body }) => {
        sets[0].prizes = sets[0].prizes.filter((p) => p !== (body as { prize: string }).prize);
        return answer();
      },
      'DELETE /api/v1/spinner/prize/w1': () => {
        const gone = sets[0];
        sets = [];
        return { body: { success: true, message: 'Deleted successfully', data: gone } };
      },
    });
    const user = userEvent.setup();
    renderApp(<SpinnerPricesSection />);
    const save = await screen.findByRole('button', { name: 'Save' });
    await user.click(save);
    expect(screen.getByRole('alert')).toHaveTextContent('Enter the prizes, separated by commas');
    await user.type(screen.getByLabelText('Prizes'), '10, ten');
    await user.click(save);
    expect(screen.getByRole('alert')).toHaveTextContent('A prize is an amount in rupees');
    expect(api.find('POST', '/api/v1/spinner/prize')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Prizes'));
    await user.type(screen.getByLabelText('Prizes'), ' 10 , lose, 50');
    await user.click(save);
    const list = await screen.findByRole('list', { name: 'Prizes on the wheel' });
    expect(api.find('POST', '/api/v1/spinner/prize')[0].body).toEqual({ prizes: ['10', 'LOSE', '50'] });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['₹10×', 'LOSE×', '₹50×']);

    await user.type(screen.getByLabelText('Add a prize'), '100');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(4));
    expect(api.find('POST', '/api/v1/spinner/prize/w1/add')[0].body).toEqual({ prize: '100' });

    await user.click(screen.getByRole('button', { name: 'Remove LOSE' }));
    await waitFor(() => expect(within(list).queryByText('LOSE')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the prizes?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByLabelText('Prizes')).toBeInTheDocument();
    expect(api.find('DELETE', '/api/v1/spinner/prize/w1')).toHaveLength(1);
  });
});
