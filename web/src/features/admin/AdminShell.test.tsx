import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_PAGES } from '../../../../contracts/roles';
import { mockApi, renderApp, signIn } from '../../lib/test-utils';
import AdminPage from './AdminPage';

const ALL_LABELS = [
  // Ours: the first screen for admins holding the transaction page.
  'Overview',
  'All Users',
  'Transaction',
  'Games',
  'Withdrawals',
  'Admin Controller',
  'Deposite',
  // Ours: the statements that check the deposits above.
  'Bank statements',
  'Telegram Deposite',
  'Telegram',
  'QRCode',
  'QRCode Crypto',
  'Spinner Prices',
  'Refer Amount',
  'Notification',
  'Support',
  'Colour Fairness',
  // Ours, after the original app's sections.
  'Audit Log',
];

const emptyApi = () =>
  mockApi({
    'GET /api/v1/wallet/history/users': () => ({ body: { success: true, data: { transactions: [], totalPages: 1, page: 1, total: 0 } } }),
    'GET /api/v1/wallet/history/withdrawals': () => ({ body: { success: true, data: { withdrawals: [], totalPages: 1 } } }),
    'GET /api/v1/wallet/history/deposit': () => ({ body: { success: true, data: { deposit: [], totalPages: 1 } } }),
    'GET /api/v1/qrcode/qr-codes': () => ({ body: { success: true, data: [] } }),
    'GET /api/v1/qrcodecrypto/qr-codes': () => ({ body: { success: true, data: [] } }),
    'GET /api/v1/admin/overview': () => ({ body: { success: true, message: 'Overview', data: OVERVIEW } }),
  });

const zero = { deposits: 0, withdrawals: 0, bets: 0, wins: 0, ggr: 0, bonuses: 0, ngr: 0, players: 0 };
const OVERVIEW = {
  periods: { today: zero, '7d': zero, '30d': zero },
  daily: [{ day: '2026-11-23', ...zero }],
  pending: { deposits: 0, withdrawals: 0 },
  ledger: { ok: true, checkedAt: '2026-11-23T10:00:00.000Z', violations: 0 },
};

const routes = [
  { path: '/', element: <p>Home page</p> },
  { path: '/admin', element: <AdminPage /> },
];

const tabNames = () =>
  within(screen.getByRole('tablist', { name: 'Admin sections' }))
    .getAllByRole('tab')
    .map((t) => t.textContent);

describe('AdminPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists every section in the original app’s order for an admin holding all pages, opening on the Overview', async () => {
    emptyApi();
    signIn({ role: 'admin', accessPages: [...ACCESS_PAGES] });
    renderApp(routes, { path: '/admin' });
    expect(tabNames()).toEqual(ALL_LABELS);
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('Last 30 days')).toBeInTheDocument();
    expect(screen.getByText('✓ Ledger balanced', { exact: false })).toBeInTheDocument();
  });

  it('shows only the sections of the pages the admin holds', async () => {
    emptyApi();
    signIn({ role: 'admin', accessPages: ['withdraw-requests', 'qr-code'] });
    renderApp(routes, { path: '/admin' });
    expect(tabNames()).toEqual(['Withdrawals', 'QRCode', 'QRCode Crypto']);
    // Without the transaction page the first held section opens.
    expect(screen.getByRole('tab', { name: 'Withdrawals' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('heading', { name: 'Withdrawal History' })).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'QRCode Crypto' }));
    expect(screen.getByRole('heading', { name: 'QRCode Crypto' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Save QR Code' })).toBeInTheDocument();
    expect(screen.getByText('Max size: 10 MB')).toBeInTheDocument();
  });

  it('shows a "more sections" cue while sections are out of sight below, gone at the end of the list', () => {
    emptyApi();
    signIn({ role: 'admin', accessPages: [...ACCESS_PAGES] });
    renderApp(routes, { path: '/admin' });
    const nav = screen.getByRole('navigation', { name: 'Admin sections' });
    expect(within(nav).queryByText('More sections below ↓')).not.toBeInTheDocument();
    // A short window: the list is taller than the space it has.
    let top = 0;
    Object.defineProperty(nav, 'scrollHeight', { configurable: true, get: () => 700 });
    Object.defineProperty(nav, 'clientHeight', { configurable: true, get: () => 500 });
    Object.defineProperty(nav, 'scrollTop', { configurable: true, get: () => top });
    act(() => void fireEvent.scroll(nav));
    expect(within(nav).getByText('More sections below ↓')).toBeInTheDocument();
    top = 200;
    act(() => void fireEvent.scroll(nav));
    expect(within(nav).queryByText('More sections below ↓')).not.toBeInTheDocument();
    // Every section is still a tab in the list, whatever is in sight.
    expect(tabNames()).toEqual(ALL_LABELS);
  });

  it('maps each page to its sections', () => {
    emptyApi();
    signIn({ role: 'admin', accessPages: ['games', 'telegram'] });
    renderApp(routes, { path: '/admin' });
    expect(tabNames()).toEqual(['Games', 'Telegram Deposite', 'Telegram', 'Spinner Prices', 'Refer Amount', 'Notification', 'Support', 'Colour Fairness']);
  });

  it('shows a player only their Game History: all their bets, as the default type aviator asks', async () => {
    const me = signIn({ role: 'user' });
    const api = mockApi({
      [`GET /api/v1/admin/game-history/${me._id}/aviator`]: () => ({
        body: {
          success: true,
          data: [
            { _id: 'r2', createdAt: '2026-11-23T10:00:00.000Z', betAmount: 50, payoutAmount: 101 },
            { _id: 'r1', createdAt: '2026-11-22T10:00:00.000Z', betAmount: 25, payoutAmount: 0 },
          ],
        },
      }),
    });
    renderApp(routes, { path: '/admin' });
    expect(screen.getByRole('heading', { name: 'Game History' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Date', 'Balance']);
    expect(within(table).getByText('+₹51.00')).toBeInTheDocument();
    expect(within(table).getByText('−₹25.00')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refer and Earn' })).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(api.find('GET', `/api/v1/admin/game-history/${me._id}/aviator`)).toHaveLength(1);
  });

  it('says "Failed to fetch data" when Game History cannot load', async () => {
    const me = signIn({ role: 'user' });
    mockApi({ [`GET /api/v1/admin/game-history/${me._id}/aviator`]: () => ({ status: 500, body: { success: false, message: 'boom' } }) });
    renderApp(routes, { path: '/admin' });
    expect(await screen.findByText('Failed to fetch data')).toBeInTheDocument();
  });

  it('sends a visitor without a stored user to the home page', () => {
    emptyApi();
    renderApp(routes, { path: '/admin' });
    expect(screen.getByText('Home page')).toBeInTheDocument();
  });

  it('opens and closes the section menu from the bar', async () => {
    emptyApi();
    signIn({ role: 'admin', accessPages: [...ACCESS_PAGES] });
    renderApp(routes, { path: '/admin' });
    const user = userEvent.setup();
    const toggle = screen.getByRole('button', { name: 'Sections' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('tab', { name: 'Deposite' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(await screen.findByRole('heading', { name: 'Deposite History' })).toBeInTheDocument();
  });

  it('on phones: focuses the selected section, keeps Tab inside the menu, and Escape returns to ☰', async () => {
    emptyApi();
    signIn({ role: 'admin', accessPages: [...ACCESS_PAGES] });
    renderApp(routes, { path: '/admin' });
    const user = userEvent.setup();
    const toggle = screen.getByRole('button', { name: 'Sections' });
    await user.click(toggle);
    const selected = screen.getByRole('tab', { name: 'Overview' });
    await waitFor(() => expect(selected).toHaveFocus());
    const close = screen.getByRole('button', { name: 'Close menu' });
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab();
    expect(selected).toHaveFocus();
    await user.tab({ shift: true });
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(selected).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();

    // Choosing a section also closes the menu and hands focus back to ☰.
    await user.click(toggle);
    await user.click(screen.getByRole('tab', { name: 'Games' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });
});
