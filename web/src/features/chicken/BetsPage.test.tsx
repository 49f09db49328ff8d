import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp, signIn } from '../../lib/test-utils';
import { formatDateTime } from '../../lib/format';
import BetsPage from './BetsPage';

const bet = (n: number, over: Record<string, unknown> = {}) => ({
  _id: `b-${n}`,
  roundId: `b-${n}`,
  createdAt: '2025-03-09T14:30:00.000Z',
  difficulty: 'Medium',
  betAmount: 10,
  multiplier: 2.04,
  payoutAmount: 20.4,
  state: 'won',
  lanesCrossed: 3,
  serverSeedHash: 'ab'.repeat(32),
  serverSeed: 'cd'.repeat(32),
  clientSeed: 'lucky',
  nonce: n,
  traps: [4, 11, 2],
  ...over,
});
const page = (bets: unknown[], p: number, totalPages: number) => ({
  body: { success: true, message: 'Bets.', data: { bets, page: p, totalPages, total: 11 } },
});

describe('BetsPage', () => {
  beforeEach(() => {
    signIn();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists the bets with their results, links ended ones to their check, and pages', async () => {
    const api = mockApi({
      'GET /api/v1/bets': ({ query }) =>
        query.get('page') === '1'
          ? page(
              [
                bet(3),
                bet(2, { state: 'lost', multiplier: 0, payoutAmount: 0, betAmount: 25.5, difficulty: 'Hardest', serverSeed: null }),
                bet(1, { state: 'playing', payoutAmount: 0, traps: undefined }),
              ],
              1,
              2,
            )
          : page([bet(0, { payoutAmount: 77.7 }), bet(-1, { multiplier: 1, payoutAmount: 10 })], 2, 2),
    });
    const user = userEvent.setup();
    renderApp(<BetsPage />, { path: '/bets' });
    expect(screen.getByRole('heading', { name: 'All Bets' })).toBeInTheDocument();
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Date', 'Difficulty', 'Bet', 'Multiplier', 'Result']);
    const [, won, lost, open] = within(table).getAllByRole('row');
    // The net result (₹10.00 staked, ₹20.40 paid), with the payout beside it.
    expect(within(won).getByText('+₹10.40')).toHaveClass('chicken-bets__win');
    expect(within(won).getByText('Paid ₹20.40')).toBeInTheDocument();
    // In its own column on wide screens, under the bet on narrow phones (the stylesheet shows one).
    expect(within(won).getAllByText('2.04x')).toHaveLength(2);
    expect(within(won).getByText(/^2025-03-(09|10) \d\d:\d\d (AM|PM)$/)).toHaveTextContent(formatDateTime('2025-03-09T14:30:00.000Z'));
    const link = within(won).getByRole('link', { name: /Verify/ });
    const target = new URL(link.getAttribute('href')!, 'http://x');
    expect(target.pathname).toBe('/fairness');
    expect(Object.fromEntries(target.searchParams)).toEqual({
      clientSeed: 'lucky',
      nonce: '3',
      difficulty: 'Medium',
      hash: 'ab'.repeat(32),
      lanes: '3',
      serverSeed: 'cd'.repeat(32),
      traps: '4,11,2',
    });
    expect(within(lost).getByText('−₹25.50')).toHaveClass('chicken-bets__loss');
    expect(within(lost).queryByRole('link')).not.toBeInTheDocument();
    expect(within(lost).getByText('Seed hidden*')).toBeInTheDocument();
    expect(within(open).getByText('In play')).toBeInTheDocument();
    expect(screen.getByText(/Rotating the seed pair/)).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Prev' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('+₹67.70')).toBeInTheDocument();
    // Cashed out before the first step: the stake came back, which is not a win.
    expect(screen.getByText('Returned ₹10.00')).toHaveClass('chicken-bets__returned');
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(api.find('GET', '/api/v1/bets').map((c) => c.query.get('page'))).toEqual(['1', '2']);
  });

  it('says when there are no bets, and Refer and Earn opens the referral screen', async () => {
    mockApi({ 'GET /api/v1/bets': () => page([], 1, 0) });
    const user = userEvent.setup();
    const { router } = renderApp(
      [
        { path: '/bets', element: <BetsPage /> },
        { path: '/refer-earn', element: <p>Referral screen</p> },
      ],
      { path: '/bets' },
    );
    expect(await screen.findByText(/No bets found\./)).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Refer and Earn' }));
    expect(await screen.findByText('Referral screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/refer-earn');
  });

  it('switches to another feature’s list when it is given some', async () => {
    mockApi({ 'GET /api/v1/bets': () => page([bet(3)], 1, 1) });
    const user = userEvent.setup();
    renderApp(
      <BetsPage
        more={[
          { key: 'color', label: 'Colour', list: <p>The colour bets</p> },
          { key: 'spins', label: 'Spins', list: <p>The spins</p> },
        ]}
      />,
      { path: '/bets' },
    );
    await screen.findByRole('table');
    expect(screen.getByRole('button', { name: 'Chicken Road' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Spins' }));
    expect(screen.getByText('The spins')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Colour' }));
    expect(screen.getByText('The colour bets')).toBeInTheDocument();
  });
});
