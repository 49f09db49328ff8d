import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp, signIn } from '../../lib/test-utils';
import HomePage from './HomePage';
import { CLOSED_AT_KEY, CLOSED_MESSAGE_KEY } from './NotificationDialog';

const routes = [{ path: '/', element: <HomePage /> }];

function server(message: string | null, games: string[] = ['chicken']) {
  return mockApi({
    'GET /api/v1/users/visible-games': () => ({ body: { success: true, data: games } }),
    'GET /api/v1/notification/get': () => ({ body: { success: true, message } }),
  });
}

describe('HomePage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows one card per visible game: Chicken Road links to /chicken-road', async () => {
    server(null);
    renderApp(routes);
    const link = await screen.findByRole('link', { name: 'Chicken Road' });
    expect(link).toHaveAttribute('href', '/chicken-road');
    expect(link).toHaveAccessibleDescription('Dodge cars, cross the road, and test your reflexes.');
    expect(link.closest('h3')).toBeInTheDocument();
  });

  it('shows no card for a hidden game', async () => {
    server(null, []);
    renderApp(routes);
    expect(await screen.findByText(/No games are open right now/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Chicken Road' })).not.toBeInTheDocument();
  });

  it('says so when the games could not be loaded, logs it, and Try again loads them', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    mockApi({
      'GET /api/v1/users/visible-games': () =>
        fail ? { status: 503, body: { success: false, message: 'Service unavailable' } } : { body: { success: true, data: ['chicken'] } },
      'GET /api/v1/notification/get': () => ({ body: { success: true, message: null } }),
    });
    const user = userEvent.setup();
    renderApp(routes);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the games right now.');
    expect(screen.queryByText(/No games are open right now/)).not.toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('visible games', expect.anything());
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Chicken Road' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    logged.mockRestore();
  });

  it('has the Telegram-subscription and spinner shortcuts', async () => {
    server(null);
    renderApp(routes);
    expect(screen.getByRole('link', { name: 'Telegram' })).toHaveAttribute('href', '/telegram-subscription/chicken');
    expect(screen.getByRole('link', { name: 'Spin' })).toHaveAttribute('href', '/spinner');
  });

  it('offers Deposit (never the misspelt Deposite) and Withdraw only when signed in', async () => {
    server(null);
    const { unmount } = renderApp(routes);
    expect(screen.queryByRole('link', { name: 'Deposit' })).not.toBeInTheDocument();
    unmount();
    signIn();
    renderApp(routes);
    expect(screen.getByRole('link', { name: 'Deposit' })).toHaveAttribute('href', '/deposite');
    expect(screen.queryByText(/Deposite/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Withdraw' })).toHaveAttribute('href', '/withdraw');
  });

  it('shows the notification, and closing it keeps it away for an hour', async () => {
    server('Diwali bonus: 10% on every deposit this week!');
    const user = userEvent.setup();
    const { unmount } = renderApp(routes);
    const dialog = await screen.findByRole('dialog', { name: 'Notification' });
    expect(within(dialog).getByText('Diwali bonus: 10% on every deposit this week!')).toBeInTheDocument();
    const before = Date.now();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(Number(localStorage.getItem(CLOSED_AT_KEY))).toBeGreaterThanOrEqual(before);
    unmount();

    const api = server('Diwali bonus: 10% on every deposit this week!');
    const again = renderApp(routes);
    await waitFor(() => expect(api.find('GET', '/api/v1/notification/get')).toHaveLength(1));
    await screen.findByRole('heading', { name: 'Chicken Road' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    again.unmount();

    // A new message shows even within the hour.
    server('New: the spinner is live!');
    renderApp(routes);
    expect(await screen.findByRole('dialog', { name: 'Notification' })).toHaveTextContent('New: the spinner is live!');
  });

  it('shows it again once the hour has passed', async () => {
    localStorage.setItem(CLOSED_AT_KEY, String(Date.now() - 60 * 60 * 1000 - 1));
    localStorage.setItem(CLOSED_MESSAGE_KEY, 'Maintenance tonight at 2 AM.');
    server('Maintenance tonight at 2 AM.');
    renderApp(routes);
    expect(await screen.findByRole('dialog', { name: 'Notification' })).toHaveTextContent('Maintenance tonight at 2 AM.');
  });

  it('shows no dialog when there is no message', async () => {
    const api = server(null);
    renderApp(routes);
    await waitFor(() => expect(api.find('GET', '/api/v1/notification/get')).toHaveLength(1));
    await screen.findByRole('heading', { name: 'Chicken Road' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows a signed-in player their last results and how it works, below the cards', async () => {
    signIn();
    const bet = (n: number, over: Record<string, unknown>) => ({
      _id: `b${n}`,
      roundId: `b${n}`,
      createdAt: '2026-11-23T11:30:00.000Z',
      difficulty: 'Easy',
      betAmount: 10,
      multiplier: 1,
      payoutAmount: 0,
      state: 'lost',
      lanesCrossed: 1,
      serverSeedHash: 'ab'.repeat(32),
      serverSeed: null,
      clientSeed: 'c',
      nonce: n,
      ...over,
    });
    mockApi({
      'GET /api/v1/users/visible-games': () => ({ body: { success: true, data: ['chicken'] } }),
      'GET /api/v1/notification/get': () => ({ body: { success: true, message: null } }),
      'GET /api/v1/bets': () => ({
        body: {
          success: true,
          data: {
            bets: [bet(3, { state: 'won', payoutAmount: 20.4 }), bet(2, { state: 'won', payoutAmount: 10 }), bet(1, {})],
            page: 1,
            totalPages: 1,
            total: 3,
          },
        },
      }),
    });
    renderApp(routes);
    const results = await screen.findByRole('region', { name: 'Your last results' });
    const items = await within(results).findAllByRole('listitem');
    expect(items.map((li) => li.querySelector('.home-results__amount')?.textContent)).toEqual(['+₹10.40', 'Returned ₹10.00', '−₹10.00']);
    expect(within(results).getByRole('link', { name: 'All bets' })).toHaveAttribute('href', '/bets');
    const how = screen.getByRole('region', { name: 'How it works' });
    expect(within(how).getAllByRole('listitem')).toHaveLength(3);
  });

  it('shows a visitor how it works, and no results', async () => {
    server(null);
    renderApp(routes);
    expect(await screen.findByRole('region', { name: 'How it works' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your last results' })).not.toBeInTheDocument();
  });
});
