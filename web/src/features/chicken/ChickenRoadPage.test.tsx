import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { multiplierLadder } from '../../../../contracts/chicken';
import { mockApi, renderApp, signIn } from '../../lib/test-utils';
import ChickenRoadDemoPage from './ChickenRoadDemoPage';
import ChickenRoadPage from './ChickenRoadPage';

const easy = multiplierLadder('Easy');
const hardest = multiplierLadder('Hardest');

const round = (over: Record<string, unknown> = {}) => ({
  roundId: '0b6f7c2e-8f43-4b8e-9a51-1c2d3e4f5a6b',
  difficulty: 'Easy',
  betAmount: 10,
  autoCashout: 2,
  state: 'playing',
  lane: -1,
  lanesCrossed: 0,
  multipliers: easy,
  multiplier: 0,
  serverSeedHash: 'ab'.repeat(32),
  serverSeed: null,
  clientSeed: 'lucky',
  nonce: 0,
  createdAt: '2025-01-05T10:00:00.000Z',
  endedAt: null,
  ...over,
});

const ok = (data: unknown) => ({ body: { success: true, message: 'ok', data } });

/** A fake server whose wallet moves with the round, as the real one's does. */
function game(routes: Parameters<typeof mockApi>[0] = {}, balance = 100) {
  const wallet = { balance };
  const api = mockApi({
    'GET /api/v1/users/balance/7c9e6679-7425-40de-944b-e07fc1f90ae7': () => ({ body: { success: true, balance: wallet.balance } }),
    'GET /api/v1/chicken-road/active': () => ok(null),
    'GET /api/v1/fairness': () => ok({ serverSeedHash: 'ab'.repeat(32), clientSeed: 'lucky', nonce: 0 }),
    'POST /api/v1/chicken-road/start': ({ body }) => {
      wallet.balance -= 10;
      return ok({ ...round({ difficulty: (body as { difficulty: string }).difficulty }), balance: wallet.balance });
    },
    ...routes,
  });
  return Object.assign(api, { wallet });
}

const betInput = () => screen.getByLabelText('Bet Amount');
const autoInput = () => screen.getByLabelText('Auto Cashout');
const startButton = () => screen.getByRole('button', { name: /^Start Game/ });
const goButton = () => screen.findByRole('button', { name: /^Go/ });

async function startRound(user: ReturnType<typeof userEvent.setup>) {
  await waitFor(() => expect(screen.getByTestId('balance')).toHaveTextContent('₹100'));
  await user.click(startButton());
  return goButton();
}

describe('ChickenRoadPage', () => {
  beforeEach(() => {
    signIn();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('starts with the chosen bet, shows the bet taken from the balance and locks bet and auto cashout', async () => {
    const api = game();
    const user = userEvent.setup();
    renderApp(<ChickenRoadPage />);
    expect(screen.getByRole('heading', { name: 'Chicken Road' })).toBeInTheDocument();
    expect(betInput()).toHaveValue(10);
    await waitFor(() => expect(betInput()).toHaveAttribute('min', '10'));
    expect(betInput()).toHaveAttribute('max', '10000');
    expect(autoInput()).toHaveValue(2);
    expect(autoInput()).toHaveAttribute('step', '0.01');
    expect(betInput()).toBeEnabled();
    await user.clear(autoInput());
    await user.type(autoInput(), '3.5');

    await startRound(user);
    expect(betInput()).toBeDisabled();
    expect(autoInput()).toBeDisabled();
    expect(screen.getByTestId('balance')).toHaveTextContent('₹90');
    expect(api.find('POST', '/api/v1/chicken-road/start')[0].body).toEqual({
      betAmount: 10,
      difficulty: 'Easy',
      autoCashout: 3.5,
      userId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
      gameType: 'chicken',
    });
    expect(screen.getByRole('button', { name: /^Cash Out/ })).toBeDisabled();
  });

  it('hands the focus from Start Game to Go, so the keyboard player is never left on the page', async () => {
    game();
    const user = userEvent.setup();
    renderApp(<ChickenRoadPage />);
    await waitFor(() => expect(screen.getByTestId('balance')).toHaveTextContent('₹100'));
    startButton().focus();
    await user.keyboard('{Enter}');
    const go = await goButton();
    await waitFor(() => expect(go).toHaveFocus());
  });

  it('changes difficulty only while idle', async () => {
    game();
    const user = userEvent.setup();
    renderApp(<ChickenRoadPage />);
    await user.click(screen.getByRole('button', { name: 'Difficulty Hardest' }));
    expect(screen.getByRole('button', { name: 'Difficulty Hardest' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('listitem', { name: /^Lane 1: 1\.63x/ })).toBeInTheDocument();
    expect(screen.queryByText("You can't change difficulty during a game!")).not.toBeInTheDocument();

    await startRound(user);
    await user.click(screen.getByRole('button', { name: 'Difficulty Easy' }));
    expect(await screen.findByText("You can't change difficulty during a game!")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Difficulty Hardest' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Difficulty Easy' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('walks with Space and cashes out with C, then shows the win after a second', async () => {
    const api = game({
      'POST /api/v1/chicken-road/go': () => ok({ ...round({ lane: 0, lanesCrossed: 1, multiplier: easy[0] }), safe: true, balance: 90 }),
      'POST /api/v1/chicken-road/stop': () => {
        api.wallet.balance += 10.2;
        return ok({ ...round({ lane: 0, lanesCrossed: 1, state: 'won', multiplier: easy[0], payout: 10.2, traps: [7] }), balance: api.wallet.balance });
      },
    });
    const user = userEvent.setup();
    renderApp(<ChickenRoadPage />);
    await startRound(user);
    expect(document.activeElement).toBe(document.body);

    await user.keyboard('c');
    expect(api.find('POST', '/api/v1/chicken-road/stop')).toHaveLength(0);
    await user.keyboard(' ');
    await waitFor(() => expect(screen.getByTestId('current-multiplier')).toHaveTextContent('1.02x'));
    expect(api.find('POST', '/api/v1/chicken-road/go')[0].body).toEqual({ roundId: round().roundId });
    expect(screen.getByTestId('potential-win')).toHaveTextContent('₹10.20');

    await user.keyboard('c');
    await waitFor(() => expect(api.find('POST', '/api/v1/chicken-road/stop')).toHaveLength(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: 'Congratulations!' }, { timeout: 3000 });
    expect(within(dialog).getByText('₹10.00')).toBeInTheDocument();
    expect(within(dialog).getByText('1.02x')).toBeInTheDocument();
    // What was paid and what it won, in the words of All Bets ("+₹0.20", "Paid ₹10.20").
    expect(within(dialog).getByTestId('result-amount')).toHaveTextContent(/^Paid ₹10\.20 \(\+₹0\.20\)$/);
    // The balance chip keeps the paise the wallet has.
    expect(screen.getByTestId('balance')).toHaveTextContent(/^₹100\.20$/);
    expect(screen.getByRole('listitem', { name: 'Lane 8: 1.44x, trap', hidden: true })).toBeInTheDocument();
    expect(screen.getByTestId('announcer')).toHaveTextContent('Cashed out at 1.02x: Paid ₹10.20 (+₹0.20).');

    await user.click(within(dialog).getByRole('button', { name: 'Play Again' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(startButton()).toBeInTheDocument();
    expect(betInput()).toBeEnabled();
    expect(screen.getByTestId('current-multiplier')).toHaveTextContent('1.00x');
  });

  it('shows Game Over with the amount lost when a step finds a trap', async () => {
    game({
      'POST /api/v1/chicken-road/start': () => ok({ ...round({ difficulty: 'Hardest', multipliers: hardest }), balance: 90 }),
      'POST /api/v1/chicken-road/go': () =>
        ok({
          ...round({ difficulty: 'Hardest', multipliers: hardest, lane: 0, state: 'lost', traps: [0, 3, 5, 9, 11, 12, 14, 17, 20, 22], payout: 0 }),
          safe: false,
          balance: 90,
        }),
    });
    const user = userEvent.setup();
    renderApp(<ChickenRoadPage />);
    await user.click(screen.getByRole('button', { name: 'Difficulty Hardest' }));
    await user.click(await startRound(user));
    const dialog = await screen.findByRole('dialog', { name: 'Game Over!' }, { timeout: 3000 });
    expect(within(dialog).getByText('You Lost')).toBeInTheDocument();
    expect(within(dialog).getAllByText('₹10.00')).toHaveLength(2);
    expect(within(dialog).getByText('0.00x')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(startButton()).toBeInTheDocument();
  });

  it('refuses a bet above the balance without calling the server', async () => {
    const api = game({}, 5);
    const user = userEvent.setup();
    renderApp(<ChickenRoadPage />);
    await waitFor(() => expect(screen.getByTestId('balance')).toHaveTextContent('₹5'));
    await user.click(startButton());
    expect(await screen.findByText('Insufficient balance!')).toBeInTheDocument();
    expect(api.find('POST', '/api/v1/chicken-road/start')).toHaveLength(0);
    expect(startButton()).toBeInTheDocument();
  });

  it("shows the server's reason when a start is refused", async () => {
    game({ 'POST /api/v1/chicken-road/start': () => ({ status: 400, body: { success: false, code: 'BAD_REQUEST', message: 'The maximum bet is ₹10,000.' } }) });
    const user = userEvent.setup();
    renderApp(<ChickenRoadPage />);
    await waitFor(() => expect(screen.getByTestId('balance')).toHaveTextContent('₹100'));
    await user.click(startButton());
    expect(await screen.findByText('The maximum bet is ₹10,000.')).toBeInTheDocument();
    expect(betInput()).toBeEnabled();
  });

  it('a start that goes through takes away the red toast of the refused start before it', async () => {
    let refuse = true;
    const wallet = { balance: 100 };
    game({
      'POST /api/v1/chicken-road/start': () => {
        if (refuse) return { status: 400, body: { success: false, code: 'BAD_REQUEST', message: 'The maximum bet is ₹10,000.' } };
        wallet.balance -= 10;
        return ok({ ...round(), balance: wallet.balance });
      },
    });
    const user = userEvent.setup();
    renderApp(<ChickenRoadPage />);
    await waitFor(() => expect(screen.getByTestId('balance')).toHaveTextContent('₹100'));
    await user.click(startButton());
    expect(await screen.findByText('The maximum bet is ₹10,000.')).toBeInTheDocument();
    refuse = false;
    await user.click(startButton());
    await goButton();
    // A dismissed toast plays its exit animation, which never ends in jsdom.
    await waitFor(() => expect([...document.querySelectorAll('.Toastify__toast--error')].filter((el) => !/__bounce-exit/.test(el.className))).toHaveLength(0));
  });

  it('resumes the open round after a reload, and when a start finds one open', async () => {
    game({ 'GET /api/v1/chicken-road/active': () => ok(round({ lane: 2, lanesCrossed: 3, multiplier: easy[2], betAmount: 25, autoCashout: 5 })) });
    const first = renderApp(<ChickenRoadPage />);
    expect(await goButton()).toBeInTheDocument();
    expect(screen.getByTestId('current-multiplier')).toHaveTextContent('1.11x');
    expect(screen.getByTestId('potential-win')).toHaveTextContent('₹27.75');
    expect(betInput()).toHaveValue(25);
    expect(betInput()).toBeDisabled();
    expect(autoInput()).toHaveValue(5);
    expect(screen.getByRole('button', { name: /^Cash Out/ })).toBeEnabled();
    first.unmount();

    game({
      'POST /api/v1/chicken-road/start': () => ({
        status: 409,
        body: { success: false, code: 'ROUND_OPEN', message: 'You have an unfinished round.', data: round({ lane: 0, lanesCrossed: 1, multiplier: easy[0] }) },
      }),
    });
    const user = userEvent.setup();
    renderApp(<ChickenRoadPage />);
    await startRound(user);
    expect(screen.getByTestId('current-multiplier')).toHaveTextContent('1.02x');
  });
});

describe('ChickenRoadDemoPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('plays signed out on the demo’s play money, never the wallet, and resets it', async () => {
    localStorage.clear();
    const demo = { balance: 10_000 };
    const api = mockApi({
      'GET /api/v1/demo/chicken-road': () => ok({ balance: demo.balance, round: null }),
      'POST /api/v1/demo/chicken-road/start': () => {
        demo.balance -= 10;
        return ok({ ...round(), balance: demo.balance });
      },
      'POST /api/v1/demo/chicken-road/go': () =>
        ok({ ...round({ state: 'lost', lane: 0, lanesCrossed: 0, payout: 0, traps: [0] }), safe: false, balance: demo.balance }),
      'POST /api/v1/demo/chicken-road/reset': () => {
        demo.balance = 10_000;
        return ok({ balance: demo.balance, round: null });
      },
    });
    const user = userEvent.setup();
    renderApp(<ChickenRoadDemoPage />);
    expect(screen.getByRole('heading', { name: 'Chicken Road Demo' })).toBeInTheDocument();
    expect(screen.getByText(/Play money: nothing you win or lose here is real\./)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('balance')).toHaveTextContent('₹10,000'));
    expect(screen.queryByRole('button', { name: 'Provably fair' })).not.toBeInTheDocument();
    await user.click(startButton());
    await user.click(await goButton());
    await waitFor(() => expect(screen.getByTestId('balance')).toHaveTextContent('₹9,990'));
    expect(api.find('POST', '/api/v1/demo/chicken-road/start')[0].body).toEqual({ betAmount: 10, difficulty: 'Easy', autoCashout: 2 });
    expect(api.calls.filter((c) => c.path.startsWith('/api/v1/chicken-road') || c.path.startsWith('/api/v1/users/balance'))).toEqual([]);
    expect(screen.getByRole('link', { name: 'Register to play' })).toHaveAttribute('href', '/signup');
    await user.click(await screen.findByRole('button', { name: 'Play Again' }));
    await user.click(screen.getByRole('button', { name: 'Reset play money' }));
    await waitFor(() => expect(screen.getByTestId('balance')).toHaveTextContent('₹10,000'));
  });
});
