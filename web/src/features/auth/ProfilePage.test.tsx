import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp, signIn } from '../../lib/test-utils';
import ProfilePage from './ProfilePage';
import { ReferEarnModal } from './ReferEarn';

const routes = [
  { path: '/', element: <p>Home page</p> },
  { path: '/profile', element: <ProfilePage /> },
  { path: '/refer-earn', element: <ReferEarnModal open onClose={() => undefined} /> },
];

describe('ProfilePage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers Login and Register when signed out', () => {
    mockApi({});
    renderApp(routes, { path: '/profile' });
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/signup');
  });

  it('shows the player, the masked id, the phone, Available(₹) with its paise as the wallet shows it, and the menu', async () => {
    const me = signIn({ _id: 'ab12cd34-0000-4000-8000-00000000ef56' });
    mockApi({
      [`GET /api/v1/users/balance/${me._id}`]: () => ({ body: { success: true, balance: 1234.99 } }),
      'GET /api/v1/users/visible-games': () => ({ body: { success: true, data: ['chicken', 'unknown-game'] } }),
    });
    renderApp(routes, { path: '/profile' });
    expect(screen.getByText('Asha Rao')).toBeInTheDocument();
    expect(screen.getByText(/ab\*\*\*\*\*65/)).toBeInTheDocument();
    expect(screen.getByText('+919876543210')).toBeInTheDocument();
    expect(screen.getByText('Available(₹)')).toBeInTheDocument();
    expect(await screen.findByText('1,234.99')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Account' });
    expect(await within(nav).findByRole('link', { name: 'Chicken Road' })).toHaveAttribute('href', '/chicken-road');
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Transactions', '/transactions'],
      ['Spinner', '/spinner'],
      ['All Bets', '/bets'],
      ['Ranking', '/ranking'],
      ['Help & Support', '/'],
      ['Change Password', '/change-password'],
      ['Chicken Road', '/chicken-road'],
      ['Responsible play', '/responsible'],
    ]);
    expect(within(nav).queryByRole('link', { name: 'Admin Panel' })).not.toBeInTheDocument();
  });

  it('shows Admin Panel only to an admin', async () => {
    const me = signIn({ role: 'admin' });
    mockApi({ [`GET /api/v1/users/balance/${me._id}`]: () => ({ body: { success: true, balance: 0 } }) });
    renderApp(routes, { path: '/profile' });
    expect(screen.getByRole('link', { name: 'Admin Panel' })).toHaveAttribute('href', '/admin');
  });

  it('opens Refer & Earn: buttons wait for the link, Copy says "Copied to clipboard!"', async () => {
    const me = signIn();
    const link = 'http://localhost/signup?ref=ABCD2345';
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    mockApi({
      [`GET /api/v1/users/balance/${me._id}`]: () => ({ body: { success: true, balance: 0 } }),
      [`GET /api/v1/users/referral-link/${me._id}`]: async () => (await gate, { body: { success: true, referralLink: link, data: { referralLink: link } } }),
    });
    const user = userEvent.setup();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderApp(routes, { path: '/profile' });
    await user.click(screen.getByRole('button', { name: 'Refer & Earn' }));
    const dialog = screen.getByRole('dialog', { name: 'Refer & Earn' });
    expect(within(dialog).getByText('Share your unique link and earn rewards when friends join!')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Your referral link')).toHaveAttribute('placeholder', 'Generating link...');
    expect(within(dialog).getByRole('button', { name: 'Copy' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Share via WhatsApp' })).toBeDisabled();
    release();
    await waitFor(() => expect(within(dialog).getByLabelText('Your referral link')).toHaveValue(link));
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(link);
    // Inside the dialog, above its backdrop; a second copy while it shows does not stack another.
    expect(await within(dialog).findByText('Copied to clipboard!')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledTimes(2);
    expect(screen.getAllByText('Copied to clipboard!')).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Share via WhatsApp' }));
    expect(open).toHaveBeenCalledWith(`https://wa.me/?text=${encodeURIComponent(link)}`, '_blank', 'noopener,noreferrer');
  });

  it('signs out through the server, then forgets the session', async () => {
    const me = signIn();
    const api = mockApi({
      [`GET /api/v1/users/balance/${me._id}`]: () => ({ body: { success: true, balance: 0 } }),
      'POST /api/v1/users/logout': () => ({ body: { success: true } }),
    });
    const user = userEvent.setup();
    const { router } = renderApp(routes, { path: '/profile' });
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.find('POST', '/api/v1/users/logout')).toHaveLength(1);
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('Refer & Earn: a failed link load says so instead of "Generating link..." for ever, and Try again gets it', async () => {
    const me = signIn();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    mockApi({
      [`GET /api/v1/users/referral-link/${me._id}`]: () =>
        fail
          ? { status: 500, body: { success: false, message: 'boom' } }
          : { body: { success: true, referralLink: 'http://x/signup?ref=Q', data: { referralLink: 'http://x/signup?ref=Q' } } },
    });
    const user = userEvent.setup();
    renderApp(routes, { path: '/refer-earn' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not create your referral link right now.');
    expect(screen.queryByPlaceholderText('Generating link...')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy' })).toBeDisabled();
    expect(logged).toHaveBeenCalledWith('referral link', expect.anything());
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByLabelText('Your referral link')).toHaveValue('http://x/signup?ref=Q'));
    expect(screen.getByRole('button', { name: 'Copy' })).toBeEnabled();
    logged.mockRestore();
  });
});
