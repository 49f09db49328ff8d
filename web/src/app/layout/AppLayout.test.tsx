import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSessionBootstrap } from '../../features/auth/useSessionBootstrap';
import { mockApi, renderApp, signIn, SITE_SETTINGS } from '../../lib/test-utils';
import { AppLayout } from './AppLayout';

const routes = [
  {
    element: <AppLayout />,
    children: [
      { path: '/', element: <p>Home page</p> },
      { path: '/ranking', element: <p>Ranking page</p> },
      { path: '/change-password', element: <p>Change password page</p> },
    ],
  },
];

function serverFor(user?: { _id: string }, more: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/v1/users/visible-games': () => ({ body: { success: true, data: ['chicken'] } }),
    'POST /api/v1/users/logout': () => ({ body: { success: true } }),
    ...(user
      ? {
          'GET /api/v1/users/me': () => ({ body: { success: true, user: JSON.parse(localStorage.getItem('user')!) } }),
          [`GET /api/v1/users/balance/${user._id}`]: () => ({ body: { success: true, balance: 1234.5 } }),
        }
      : {}),
    ...more,
  });
}

describe('AppLayout', () => {
  beforeEach(() => resetSessionBootstrap());
  afterEach(() => vi.unstubAllGlobals());

  it('signed out: logo, Login and Register, and the four tabs', async () => {
    serverFor();
    renderApp(routes, { path: '/' });
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    // The logo link's name is the text it shows.
    expect(screen.getByRole('link', { name: 'Rupee Arcade' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('link', { name: /^Balance/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/signup');
    expect(screen.queryByRole('button', { name: /Open menu/ })).not.toBeInTheDocument();
    const tabs = within(screen.getByRole('navigation', { name: 'Main' })).getAllByRole('link');
    expect(tabs.map((t) => [t.textContent, t.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['Ranking', '/ranking'],
      ['Earn', '/bets'],
      ['Mine', '/profile'],
    ]);
    expect(tabs[0]).toHaveAttribute('aria-current', 'page');
  });

  it('signed in: the first letter of the name opens the side menu with the original app’s items in order', async () => {
    const me = signIn({ fullName: 'zara Khan', _id: 'ab12cd34-0000-4000-8000-00000000ef56' });
    serverFor(me);
    const user = userEvent.setup();
    renderApp(routes, { path: '/' });
    const avatar = await screen.findByRole('button', { name: 'Open menu for zara Khan' });
    expect(avatar).toHaveTextContent('Z');
    // The balance shows in the header on every signed-in screen, and opens the deposit screen.
    // With its paise, as the wallet screen shows it: never a rounded ₹1,234 for ₹1,234.50.
    expect(await screen.findByRole('link', { name: 'Balance ₹1,234.50, deposit' })).toHaveAttribute('href', '/deposite');
    expect(screen.getByRole('link', { name: 'Balance ₹1,234.50, deposit' })).toHaveTextContent(/^₹1,234\.50$/);
    expect(avatar).toHaveAttribute('aria-expanded', 'false');
    await user.click(avatar);
    const menu = screen.getByRole('dialog', { name: 'Menu' });
    expect(avatar).toHaveAttribute('aria-expanded', 'true');
    expect(within(menu).getByText('zara Khan')).toBeInTheDocument();
    expect(within(menu).getByText('ID: ab*****65')).toBeInTheDocument();
    await within(menu).findByRole('link', { name: 'Chicken Road' });
    const items = within(within(menu).getByRole('navigation'))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual([
      'Change Password',
      'Chicken Road',
      'Transactions',
      'Spinner',
      'All Bets',
      'Ranking',
      'Help & Support',
      'Refer & Earn',
      'Responsible play',
      'Sign out',
    ]);
    expect(within(menu).getByRole('link', { name: 'Chicken Road' })).toHaveAttribute('href', '/chicken-road');
    expect(within(menu).getByRole('link', { name: 'All Bets' })).toHaveAttribute('href', '/bets');
  });

  it('shows the Admin link to an admin only, first in the menu', async () => {
    const me = signIn({ role: 'admin' });
    serverFor(me);
    const user = userEvent.setup();
    renderApp(routes, { path: '/' });
    await user.click(await screen.findByRole('button', { name: /Open menu/ }));
    const links = within(screen.getByRole('dialog', { name: 'Menu' })).getAllByRole('link');
    expect([links[0].textContent, links[0].getAttribute('href')]).toEqual(['Admin', '/admin']);
  });

  it('closes the menu on Escape, on a link and on the close button', async () => {
    const me = signIn();
    serverFor(me);
    const user = userEvent.setup();
    const { router } = renderApp(routes, { path: '/' });
    const avatar = await screen.findByRole('button', { name: /Open menu/ });
    await user.click(avatar);
    // The browser turns Escape on a modal <dialog> into a cancel event.
    fireEvent(screen.getByRole('dialog', { name: 'Menu' }), new Event('cancel', { cancelable: true }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument());
    await user.click(avatar);
    await user.click(within(screen.getByRole('dialog', { name: 'Menu' })).getByRole('link', { name: 'Change Password' }));
    expect(router.state.location.pathname).toBe('/change-password');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument());
    await user.click(avatar);
    await user.click(screen.getByRole('button', { name: 'Close menu' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument());
  });

  it('opens Help & Support with the chat contacts the operator configured', async () => {
    const me = signIn();
    serverFor(me);
    const user = userEvent.setup();
    renderApp(routes, { path: '/' });
    await user.click(await screen.findByRole('button', { name: /Open menu/ }));
    await user.click(screen.getByRole('button', { name: 'Help & Support' }));
    const help = screen.getByRole('dialog', { name: 'Help & Support' });
    const whatsapp = await within(help).findByRole('link', { name: 'Chat on WhatsApp' });
    expect(whatsapp).toHaveAttribute('href', 'https://wa.me/919876543210');
    expect(whatsapp).toHaveAttribute('target', '_blank');
    expect(within(help).getByRole('link', { name: 'Chat on Telegram' })).toHaveAttribute('href', 'https://t.me/rupeearcade');
  });

  it('shows no Help & Support at all when the operator configured no contact', async () => {
    const me = signIn();
    serverFor(me, {
      'GET /api/v1/site/settings': () => ({
        body: { success: true, message: 'Site settings', data: { ...SITE_SETTINGS, support: { whatsapp: null, telegram: null } } },
      }),
    });
    const user = userEvent.setup();
    renderApp(routes, { path: '/' });
    await user.click(await screen.findByRole('button', { name: /Open menu/ }));
    const menu = screen.getByRole('dialog', { name: 'Menu' });
    await within(menu).findByRole('link', { name: 'Chicken Road' });
    await waitFor(() => expect(within(menu).queryByRole('button', { name: 'Help & Support' })).not.toBeInTheDocument());
    expect(within(menu).getByRole('button', { name: 'Refer & Earn' })).toBeInTheDocument();
  });

  it('signs out from the menu: the server is told, and the header offers Login again', async () => {
    const me = signIn();
    const api = serverFor(me);
    const user = userEvent.setup();
    renderApp(routes, { path: '/ranking' });
    await user.click(await screen.findByRole('button', { name: /Open menu/ }));
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(api.find('POST', '/api/v1/users/logout')).toHaveLength(1);
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
    // The menu item and the avatar are gone with the session; focus lands on the page, not on <body>.
    await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());
  });
});

describe('screen titles', () => {
  it('names every screen in the browser tab', async () => {
    const { screenTitle } = await import('./screenTitle');
    expect(screenTitle('/')).toBe('Home · Rupee Arcade');
    expect(screenTitle('/deposite')).toBe('Deposit · Rupee Arcade');
    expect(screenTitle('/telegram-subscription/chicken')).toBe('Telegram Subscription · Rupee Arcade');
    expect(screenTitle('/nope')).toBe('Not Found · Rupee Arcade');
    expect(screenTitle('/color')).toBe('Colour Prediction · Rupee Arcade');
  });
});

describe('one name per game', () => {
  beforeEach(() => resetSessionBootstrap());

  it('the side menu names each game as its home card does: Chicken Road and Colour Prediction', async () => {
    const me = signIn();
    serverFor(me, { 'GET /api/v1/users/visible-games': () => ({ body: { success: true, data: ['chicken', 'color'] } }) });
    const user = userEvent.setup();
    renderApp(routes, { path: '/' });
    await user.click(await screen.findByRole('button', { name: /Open menu/ }));
    const menu = screen.getByRole('dialog', { name: 'Menu' });
    expect(await within(menu).findByRole('link', { name: 'Chicken Road' })).toHaveAttribute('href', '/chicken-road');
    expect(within(menu).getByRole('link', { name: 'Colour Prediction' })).toHaveAttribute('href', '/color');
    expect(within(menu).queryByText(/Chicken Escape|Colou?r Game/i)).not.toBeInTheDocument();
  });

  it('a large balance with paise says ≈ where the chip drops them, and is read out exactly', async () => {
    const me = signIn();
    serverFor(me, { [`GET /api/v1/users/balance/${me._id}`]: () => ({ body: { success: true, balance: 123456.78 } }) });
    renderApp(routes, { path: '/' });
    const chip = await screen.findByRole('link', { name: 'Balance ₹1,23,456.78, deposit' });
    expect(chip).toHaveTextContent(/^≈₹1,23,456$/);
  });
});
