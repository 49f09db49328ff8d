import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { chooseLanguage, t } from '../../lib/i18n';
import { mockApi, renderApp, signIn } from '../../lib/test-utils';
import { obliqueLabelOf } from './components/Ball';
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

describe('a colour bet in Hindi', () => {
  beforeEach(() => socket.handlers.clear());

  it('says the choice in its oblique form before पर: हरे, बड़े, छोटे; English keeps one form', async () => {
    expect(t('Bet on {{choice}}', { choice: obliqueLabelOf('green') })).toBe('Bet on Green');
    await chooseLanguage('hi');
    expect(['green', 'big', 'small', 'red', 'violet', 7].map((s) => t('Bet on {{choice}}', { choice: obliqueLabelOf(s as 'green') }))).toEqual([
      'हरे पर दांव',
      'बड़े पर दांव',
      'छोटे पर दांव',
      'लाल पर दांव',
      'बैंगनी पर दांव',
      'नंबर 7 पर दांव',
    ]);
  });

  it('titles the bet sheet "हरे पर दांव" and confirms "हरे पर ₹50.00"', async () => {
    await chooseLanguage('hi');
    signIn();
    mockApi({
      'GET /api/v1/users/balance/7c9e6679-7425-40de-944b-e07fc1f90ae7': () => ({ body: { success: true, balance: 500 } }),
      'GET /api/v1/color/state': () => ok(STATE),
      'GET /api/v1/color/history': () => ok({ periods: [], page: 1, totalPages: 1 }),
      'POST /api/v1/color/bet': () =>
        ok({
          bet: {
            _id: 'b1',
            period: '202611240008',
            chain: 1,
            selection: 'green',
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
    emit('connect');
    emit('newRound', { period: '202611240008', duration: 60_000, startTime: '2026-11-23T18:37:00.000Z', endTime: '2026-11-23T18:38:00.000Z' });
    emit('countdown', { timeLeft: 42 });
    await user.click(await screen.findByRole('button', { name: 'हरा' }));
    const dialog = screen.getByRole('dialog', { name: 'हरे पर दांव' });
    expect(within(dialog).getByText('पीरियड 202611240008')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '₹50' }));
    await user.click(within(dialog).getByRole('button', { name: 'दांव ₹50.00' }));
    await waitFor(() => expect(screen.getByText('दांव लग गया: हरे पर ₹50.00, पीरियड 202611240008।')).toBeInTheDocument());
  });
});
