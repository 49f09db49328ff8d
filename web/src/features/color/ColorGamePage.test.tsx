import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp, signIn } from '../../lib/test-utils';
import ColorGamePage from './ColorGamePage';

type Handler = (payload: unknown) => void;
const socket = vi.hoisted(() => ({ handlers: new Map<string, Handler>() }));
vi.mock('socket.io-client', () => ({
  io: () => ({
    on: (event: string, handler: Handler) => socket.handlers.set(event, handler),
    disconnect: () => undefined,
  }),
}));
const emit = (event: string, payload?: unknown) => act(() => socket.handlers.get(event)?.(payload));

const ok = (data: unknown) => ({ body: { success: true, message: 'ok', data } });
const CHAIN = {
  id: 1,
  status: 'running',
  terminalHash: 'ab'.repeat(32),
  chainLength: 1000,
  roundSeconds: 60,
  madeAt: '2026-11-23T18:29:00.000Z',
  publishedAt: '2026-11-23T18:29:00.000Z',
  saltBlock: 950000,
  saltBlockAt: '2026-11-23T18:29:00.000Z',
  salt: '00000000' + 'cd'.repeat(28),
  saltSource: 'bitcoin',
  saltedAt: '2026-11-23T18:29:00.000Z',
  verifiable: true,
  notice: 'Salt: the hash of Bitcoin block 950000, a block mined after this chain was published.',
  epoch: '2026-11-23T18:30:00.000Z',
  firstSeq: 1,
  firstPeriod: '202611240001',
  lastPeriod: '202611260640',
};
const STATE = {
  current: {
    seq: 7,
    chain: 1,
    period: '202611240007',
    startTime: '2026-11-23T18:36:00.000Z',
    endTime: '2026-11-23T18:37:00.000Z',
    closesAt: '2026-11-23T18:36:55.000Z',
  },
  last: null,
  commitment: CHAIN,
};
const result = {
  period: '202611240006',
  seq: 6,
  chain: 1,
  index: 6,
  number: 5,
  colour: 'green+violet',
  size: 'big',
  hash: 'ef'.repeat(32),
  startTime: '',
  endTime: '',
};

describe('ColorGamePage', () => {
  beforeEach(() => socket.handlers.clear());

  it('follows the socket’s round and countdown, and bets on a colour with an idempotency key', async () => {
    signIn();
    const api = mockApi({
      'GET /api/v1/users/balance/7c9e6679-7425-40de-944b-e07fc1f90ae7': () => ({ body: { success: true, balance: 500 } }),
      'GET /api/v1/color/state': () => ok(STATE),
      'GET /api/v1/color/history': () => ok({ periods: [result], page: 1, totalPages: 1 }),
      'POST /api/v1/color/bet': () =>
        ok({
          bet: {
            _id: 'b1',
            period: '202611240008',
            chain: 1,
            selection: 'violet',
            amount: 50,
            status: 'open',
            payout: 0,
            number: null,
            createdAt: '2026-11-23T18:37:10.000Z',
          },
          balance: 450,
        }),
    });
    const user = userEvent.setup();
    renderApp(<ColorGamePage />);
    await screen.findByRole('heading', { name: 'Colour Prediction' });
    emit('connect');
    emit('newRound', { period: '202611240008', duration: 60_000, startTime: '2026-11-23T18:37:00.000Z', endTime: '2026-11-23T18:38:00.000Z' });
    emit('countdown', { timeLeft: 42 });
    expect(screen.getByTestId('period')).toHaveTextContent('202611240008');
    expect(screen.getByRole('timer')).toHaveTextContent('0:42');
    expect(screen.getByText('Live')).toBeInTheDocument();
    expect(screen.queryByText(/^Starts in/)).not.toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: '202611240006' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Violet' }));
    const dialog = screen.getByRole('dialog', { name: 'Bet on Violet' });
    await user.click(within(dialog).getByRole('button', { name: '₹50' }));
    expect(within(dialog).getByText('Pays up to 4.5× after the 2% fee: ₹220.50.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Bet ₹50.00' }));
    await waitFor(() => expect(api.find('POST', '/api/v1/color/bet')).toHaveLength(1));
    const call = api.find('POST', '/api/v1/color/bet')[0];
    expect(call.body).toEqual({ period: '202611240008', selection: 'violet', amount: 50 });
    expect(call.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText('Bet placed: ₹50.00 on Violet, period 202611240008.')).toBeInTheDocument();

    // The rules are written from the payout rule and the fee of contracts/color.math.ts.
    await user.click(screen.getByText('Rules, payouts and fairness'));
    expect(screen.getByText(/stake less a 2% fee\./)).toBeInTheDocument();
    const rules = screen.getByText('Rules, payouts and fairness').closest('details')!.querySelector<HTMLElement>('.color-table')!;
    const pays = within(rules)
      .getAllByRole('row')
      .map((row) => within(row).queryAllByRole('cell')[1]?.textContent)
      .filter(Boolean);
    expect(pays).toEqual(['2× on 1, 3, 7, 9; 1.5× on 5', '2× on 2, 4, 6, 8; 1.5× on 0', '4.5× on 0 or 5', '9× on that number', '2× on 5–9 / 0–4']);
  });

  it('shows the open bet on the board and says won or lost when its period ends, to screen readers too', async () => {
    signIn();
    const bet = {
      _id: 'b9',
      period: '202611240007',
      chain: 1,
      selection: 'red',
      amount: 10,
      status: 'open',
      payout: 0,
      number: null,
      createdAt: '2026-11-23T18:36:10.000Z',
    };
    let settled = false;
    mockApi({
      'GET /api/v1/users/balance/7c9e6679-7425-40de-944b-e07fc1f90ae7': () => ({ body: { success: true, balance: 500 } }),
      'GET /api/v1/color/state': () => ok(STATE),
      'GET /api/v1/color/history': () => ok({ periods: [], page: 1, totalPages: 1 }),
      'GET /api/v1/color/bets': () => ok({ bets: [settled ? { ...bet, status: 'won', payout: 19.6, number: 2 } : bet], page: 1, totalPages: 1 }),
    });
    renderApp(<ColorGamePage />);
    const mine = await screen.findByRole('region', { name: 'Your bets' });
    expect(await within(mine).findByText('Your bets on this period')).toBeInTheDocument();
    expect(within(mine).getByRole('listitem')).toHaveTextContent('Red · ₹10.00');
    settled = true;
    emit('roundResult', { ...result, period: '202611240007', number: 2, colour: 'red', size: 'small' });
    const said = await within(mine).findByTestId('period-result');
    // What was paid and what it made on top of the stake, in the words of All Bets.
    expect(said).toHaveTextContent(/^Period 202611240007: Paid ₹19\.60 \(\+₹9\.60\)$/);
    expect(said.parentElement).toHaveAttribute('aria-live', 'polite');
  });

  it('during a time-out closes the board and the sheet with the reason and until when, and keeps the results', async () => {
    signIn();
    mockApi({
      'GET /api/v1/users/balance/7c9e6679-7425-40de-944b-e07fc1f90ae7': () => ({ body: { success: true, balance: 500 } }),
      'GET /api/v1/responsible': () =>
        ok({ limits: [], exclusion: { kind: 'timeout', startedAt: '2026-11-23T10:00:00.000Z', endsAt: '2026-11-24T11:41:00.000Z' }, realityCheckMinutes: 0 }),
      'GET /api/v1/color/state': () => ok(STATE),
      'GET /api/v1/color/history': () => ok({ periods: [result], page: 1, totalPages: 1 }),
      'GET /api/v1/color/bets': () => ok({ bets: [], page: 1, totalPages: 1 }),
    });
    const user = userEvent.setup();
    renderApp(<ColorGamePage />);
    const board = await screen.findByRole('region', { name: 'Place a bet' });
    emit('newRound', { period: '202611240008', duration: 60_000, startTime: '2026-11-23T18:37:00.000Z', endTime: '2026-11-23T18:38:00.000Z' });
    emit('countdown', { timeLeft: 42 });
    expect(await within(board).findByText('You are on a time-out until 2026-11-24 05:11 PM: no bet can be placed until then.')).toHaveAttribute(
      'role',
      'status',
    );
    for (const name of ['Green', 'Violet', 'Red', 'Number 0', 'Number 9', /^Big/, /^Small/]) expect(within(board).getByRole('button', { name })).toBeDisabled();
    await user.click(within(board).getByRole('button', { name: 'Green' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // No invitation to pick a colour that would be refused; the results stay.
    expect(screen.queryByText(/pick a colour, a number or big\/small below/)).not.toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: '202611240006' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Verify period 202611240006' })).toBeEnabled();
  });

  it('shows a hidden game as closed, with no board to bet on', async () => {
    signIn();
    mockApi({
      'GET /api/v1/users/visible-games': () => ({ body: { success: true, data: ['chicken'] } }),
      'GET /api/v1/color/state': () => ok(STATE),
      'GET /api/v1/color/history': () => ok({ periods: [], page: 1, totalPages: 1 }),
    });
    renderApp(<ColorGamePage />);
    expect(await screen.findByText(/Colour Prediction is not open right now/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Red' })).not.toBeInTheDocument();
    expect(screen.queryByText('Live')).not.toBeInTheDocument();
  });

  it('says when the first period starts while it still lies ahead, its time left running to its end', async () => {
    signIn();
    mockApi({
      'GET /api/v1/users/balance/7c9e6679-7425-40de-944b-e07fc1f90ae7': () => ({ body: { success: true, balance: 500 } }),
      'GET /api/v1/color/state': () => ok(STATE),
      'GET /api/v1/color/history': () => ok({ periods: [], page: 1, totalPages: 1 }),
    });
    renderApp(<ColorGamePage />);
    await screen.findByRole('heading', { name: 'Colour Prediction' });
    emit('connect');
    emit('newRound', { period: '202611240001', duration: 60_000, startTime: '2026-11-23T18:30:00.000Z', endTime: '2026-11-23T18:31:00.000Z' });
    emit('countdown', { timeLeft: 106 });
    expect(screen.getByRole('timer')).toHaveTextContent('1:46');
    expect(screen.getByText('Starts in 0:46')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Green' })).toBeEnabled();
    emit('countdown', { timeLeft: 60 });
    expect(screen.queryByText(/^Starts in/)).not.toBeInTheDocument();
  });

  it('says why no period runs while the chain waits for its salt, with no bet buttons', async () => {
    signIn();
    const waiting = {
      ...CHAIN,
      status: 'awaiting-salt',
      salt: null,
      saltSource: null,
      saltedAt: null,
      epoch: null,
      firstPeriod: null,
      lastPeriod: null,
      verifiable: false,
    };
    mockApi({
      'GET /api/v1/users/balance/7c9e6679-7425-40de-944b-e07fc1f90ae7': () => ({ body: { success: true, balance: 500 } }),
      'GET /api/v1/color/state': () =>
        ok({
          current: null,
          last: null,
          commitment: { ...waiting, notice: 'Waiting for the hash of Bitcoin block 950000: periods start once it is entered.' },
        }),
      'GET /api/v1/color/history': () => ok({ periods: [], page: 1, totalPages: 1 }),
    });
    renderApp(<ColorGamePage />);
    expect(await screen.findByRole('heading', { name: 'The next game starts soon' })).toBeInTheDocument();
    expect(screen.getByText('Waiting for the hash of Bitcoin block 950000: periods start once it is entered.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Green' })).not.toBeInTheDocument();
    // The chain's first period arrives over the socket: the board opens.
    emit('newRound', { period: '202611240001', duration: 60_000, startTime: '2026-11-23T18:30:00.000Z', endTime: '2026-11-23T18:31:00.000Z' });
    expect(await screen.findByRole('button', { name: 'Green' })).toBeInTheDocument();
  });

  it('gives the Verify button back with a message when the check cannot load', async () => {
    vi.doMock('@noble/hashes/sha2.js', () => {
      throw new Error('Failed to fetch dynamically imported module');
    });
    signIn();
    mockApi({
      'GET /api/v1/users/balance/7c9e6679-7425-40de-944b-e07fc1f90ae7': () => ({ body: { success: true, balance: 500 } }),
      'GET /api/v1/color/state': () => ok(STATE),
      'GET /api/v1/color/history': () => ok({ periods: [result], page: 1, totalPages: 1 }),
      'GET /api/v1/color/commitments': () => ok({ chains: [CHAIN], page: 1, totalPages: 1 }),
    });
    const user = userEvent.setup();
    renderApp(<ColorGamePage />);
    await user.click(await screen.findByRole('button', { name: 'Verify period 202611240006' }));
    expect(await screen.findByText('Could not check this period. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Verify period 202611240006' })).toBeEnabled();
    vi.doUnmock('@noble/hashes/sha2.js');
  });

  it('fails loudly on a socket event that breaks its contract, and keeps what it showed', async () => {
    signIn();
    mockApi({
      'GET /api/v1/users/balance/7c9e6679-7425-40de-944b-e07fc1f90ae7': () => ({ body: { success: true, balance: 500 } }),
      'GET /api/v1/color/state': () => ok(STATE),
      'GET /api/v1/color/history': () => ok({ periods: [], page: 1, totalPages: 1 }),
    });
    renderApp(<ColorGamePage />);
    await screen.findByRole('heading', { name: 'Colour Prediction' });
    emit('countdown', { timeLeft: 42 });
    expect(() => emit('countdown', { seconds: 41 })).toThrow(/"countdown" event does not match contracts\/color\.ts \(timeLeft: /);
    expect(() => emit('roundResult', { period: '202611240007', number: '5', colour: 'green', size: 'huge', hash: 'ef' })).toThrow(/number: .*; size: /);
    expect(screen.getByRole('timer')).toHaveTextContent('0:42');
  });

  it('closes the bets in the last five seconds and shows a new result', async () => {
    signIn();
    mockApi({
      'GET /api/v1/users/balance/7c9e6679-7425-40de-944b-e07fc1f90ae7': () => ({ body: { success: true, balance: 500 } }),
      'GET /api/v1/color/state': () => ok(STATE),
      'GET /api/v1/color/history': () => ok({ periods: [], page: 1, totalPages: 1 }),
    });
    renderApp(<ColorGamePage />);
    await screen.findByRole('heading', { name: 'Colour Prediction' });
    expect(await screen.findByText('No results yet: the first comes when this period ends.')).toBeInTheDocument();
    emit('countdown', { timeLeft: 4 });
    expect(screen.getByText('Bets for this period are closed. The next one opens in 4 s.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Green' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Number 7' })).toBeDisabled();
    emit('roundResult', { period: '202611240007', number: 5, colour: 'green+violet', size: 'big', hash: 'ef'.repeat(32) });
    expect(within(screen.getByRole('region', { name: 'Current period' })).getByLabelText('5, green and violet')).toBeInTheDocument();
  });
});
