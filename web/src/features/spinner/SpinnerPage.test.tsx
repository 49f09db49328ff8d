import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp, signIn } from '../../lib/test-utils';
import SpinnerPage from './SpinnerPage';

const PRIZES = ['10', '20', 'LOSE', '50'];
const routes = [
  { path: '/spinner', element: <SpinnerPage /> },
  { path: '/', element: <p>Home page</p> },
];
const spun = (over: Record<string, unknown> = {}) => ({
  body: {
    success: true,
    message: 'Spun',
    data: {
      spinId: 's1',
      index: 1,
      prize: '20',
      prizes: PRIZES,
      amount: 20,
      balance: 20,
      nextSpinAt: new Date(Date.now() + 3_600_000).toISOString(),
      serverSeedHash: 'ab'.repeat(32),
      clientSeed: 'c',
      nonce: 3,
      ...over,
    },
  },
});
const status = (canSpin: boolean, inSeconds = 0) => ({
  body: {
    success: true,
    message: 'Spinner status',
    data: { canSpin, nextSpinAt: new Date(Date.now() + inSeconds * 1000).toISOString(), retryAfter: inSeconds },
  },
});

const noSpins = () => ({ body: { success: true, message: 'Spins', data: { spins: [], page: 1, totalPages: 1, total: 0 } } });

describe('SpinnerPage', () => {
  beforeEach(() => {
    signIn();
    // The wheel jumps to its stop when the player asks for less motion, which keeps these tests quick.
    vi.stubGlobal('matchMedia', () => ({ matches: true, addEventListener: () => {}, removeEventListener: () => {} }));
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => vi.unstubAllGlobals());

  it('spins on the server, shows "You won: ₹{prize}" and keeps it on screen with its Verify link', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET /api/v1/spinner/spins': noSpins,
      'GET /api/v1/spinner/prizes': () => ({ body: [{ _id: 'p', prizes: PRIZES }] }),
      'GET /api/v1/spinner/status': () => status(true),
      'POST /api/v1/spinner/spin': () => spun(),
    });
    const { router } = renderApp(routes, { path: '/spinner' });
    expect(await screen.findByText('Click to Spin')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Prize wheel: ₹10, ₹20, No prize, ₹50' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Spin' }));
    expect(await screen.findByText('You won: ₹20')).toBeInTheDocument();
    expect(screen.getByText('Paid ₹20.00 (+₹20.00)')).toBeInTheDocument();
    expect(api.find('POST', '/api/v1/spinner/spin')[0].headers['Idempotency-Key']).toEqual(expect.any(String));
    expect(screen.getByRole('button', { name: 'Spin' })).toBeDisabled();
    expect(screen.getByText(/^You can spin again in (59m 59s|60m 0s)$/)).toBeInTheDocument();
    // Still there after the original's 2 s, with the way to verify it and the way home.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(router.state.location.pathname).toBe('/spinner');
    expect(screen.getByText('You won: ₹20')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Verify it' })).toHaveAttribute('href', '/fairness');
    await user.click(screen.getByRole('link', { name: 'Back to home' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  }, 10_000);

  it('says "No prize this time" for a segment without a prize, never "You won: LOSE"', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/v1/spinner/spins': noSpins,
      'GET /api/v1/spinner/prizes': () => ({ body: [{ _id: 'p', prizes: PRIZES }] }),
      'GET /api/v1/spinner/status': () => status(true),
      'POST /api/v1/spinner/spin': () => spun({ index: 2, prize: 'LOSE', amount: 0, balance: 0 }),
    });
    renderApp(routes, { path: '/spinner' });
    await user.click(await screen.findByRole('button', { name: 'Spin' }));
    expect(await screen.findByRole('status')).toHaveTextContent('No prize this time');
    expect(screen.queryByText(/LOSE/)).not.toBeInTheDocument();
  });

  it('waits out the hour the server counts, with the countdown', async () => {
    mockApi({
      'GET /api/v1/spinner/spins': noSpins,
      'GET /api/v1/spinner/prizes': () => ({ body: [{ _id: 'p', prizes: PRIZES }] }),
      'GET /api/v1/spinner/status': () => status(false, 30 * 60),
    });
    renderApp(routes, { path: '/spinner' });
    expect(await screen.findByText(/^You can spin again in (29m 59s|30m 0s)$/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Spin' })).toBeDisabled();
  });

  it('shows the countdown when the server refuses a spin within the hour', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/v1/spinner/spins': noSpins,
      'GET /api/v1/spinner/prizes': () => ({ body: [{ _id: 'p', prizes: PRIZES }] }),
      'GET /api/v1/spinner/status': () => status(true),
      'POST /api/v1/spinner/spin': () => ({
        status: 429,
        body: {
          success: false,
          code: 'SPIN_COOLDOWN',
          message: 'You can spin again in 10m 0s',
          data: { nextSpinAt: new Date(Date.now() + 600_000).toISOString(), retryAfter: 600 },
        },
      }),
    });
    renderApp(routes, { path: '/spinner' });
    await user.click(await screen.findByRole('button', { name: 'Spin' }));
    expect(await screen.findByText(/^You can spin again in (9m 59s|10m 0s)$/)).toBeInTheDocument();
    expect(screen.getByText('Click to Spin')).toBeInTheDocument();
  });

  it('says so when the wheel has no prizes, and cannot spin', async () => {
    mockApi({ 'GET /api/v1/spinner/spins': noSpins, 'GET /api/v1/spinner/prizes': () => ({ body: [] }), 'GET /api/v1/spinner/status': () => status(true) });
    renderApp(routes, { path: '/spinner' });
    expect(await screen.findByText('The wheel has no prizes yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Spin' })).toBeDisabled();
  });
});
