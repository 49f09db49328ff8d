import { createHash, createHmac, randomBytes } from 'node:crypto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp, signIn } from '../../lib/test-utils';
import FairnessPage from './FairnessPage';

/** The draw of docs/fairness.md, written again from its steps with node:crypto. */
function referenceTraps(serverSeed: string, clientSeed: string, nonce: number, t: number): number[] {
  const stream = Buffer.concat([0, 1].map((r) => createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}:${r}`).digest()));
  const cells = Array.from({ length: 25 }, (_, i) => i);
  return Array.from({ length: t }, (_, i) => cells.splice(Math.floor((stream.readUInt32BE(4 * i) / 2 ** 32) * (25 - i)), 1)[0]);
}

// Example 1 of docs/fairness.md.
const SEED = '9f2c4e1a7b3d8c5e6f0a1b2c3d4e5f60718293a4b5c6d7e8f9012a3b4c5d6e7f';
const HASH = 'd5681f3cafbb1de232f0ace90bca404a1eb096179ba44a43ba0208216001fe07';
const HARDEST = [20, 15, 5, 1, 4, 19, 18, 24, 13, 9];

const pair = { serverSeedHash: 'cd'.repeat(32), clientSeed: 'lucky', nonce: 4 };
const ok = (data: unknown) => ({ body: { success: true, message: 'ok', data } });

describe('FairnessPage', () => {
  beforeEach(() => {
    signIn();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('recomputes a bet linked from All Bets and checks it against its hash and recorded traps', async () => {
    mockApi({ 'GET /api/v1/fairness': () => ok(pair) });
    const query = new URLSearchParams({
      serverSeed: SEED,
      clientSeed: 'lucky-chicken',
      nonce: '0',
      difficulty: 'Hardest',
      hash: HASH,
      traps: HARDEST.join(','),
      lanes: '1',
    });
    renderApp(<FairnessPage />, { path: `/fairness?${query}` });
    expect(await screen.findByTestId('trap-cells')).toHaveTextContent(HARDEST.join(', '));
    expect(screen.getByTestId('hash-check')).toHaveTextContent('matches the recorded hash');
    expect(screen.getByTestId('traps-check')).toHaveTextContent('are the ones the round used');
    const road = screen.getByTestId('mini-road');
    expect(within(road).getAllByRole('listitem')).toHaveLength(15);
    expect(within(road).getByRole('listitem', { name: 'Lane 1: safe, 1.63x' })).toBeInTheDocument();
    expect(within(road).getByRole('listitem', { name: 'Lane 2: trap' })).toBeInTheDocument();
    expect(within(road).getAllByRole('listitem', { name: /trap/ })).toHaveLength(HARDEST.filter((t) => t < 15).length);
    expect(screen.getByText(/Cells 20, 15, 19, 18, 24 lie past the last of the 15 lanes/)).toBeInTheDocument();
  });

  it('recomputes a spin linked from the spins list: its segment and prize, against its hash', async () => {
    mockApi({ 'GET /api/v1/fairness': () => ok(pair) });
    // The first spin example of docs/fairness.md: segment 1 (0-based) of 8.
    const seed = 'a'.repeat(64);
    const hash = createHash('sha256').update(seed).digest('hex');
    const query = new URLSearchParams({
      game: 'spin',
      serverSeed: seed,
      clientSeed: 'player-seed',
      nonce: '0',
      hash,
      segment: '1',
      prizes: '10,20,LOSE,50,5,LOSE,100,15',
    });
    renderApp(<FairnessPage />, { path: `/fairness?${query}` });
    expect(screen.getByRole('heading', { name: 'Verify a spin' })).toBeInTheDocument();
    expect(await screen.findByTestId('spin-segment')).toHaveTextContent('2 of 8 (₹20)');
    expect(screen.getByTestId('hash-check')).toHaveTextContent('matches the recorded hash');
    expect(screen.getByTestId('segment-check')).toHaveTextContent('stopped on the recomputed segment');
    expect(screen.queryByTestId('trap-cells')).not.toBeInTheDocument();
  });

  it('says so when the seed does not match the hash or the recorded traps', async () => {
    mockApi({ 'GET /api/v1/fairness': () => ok(pair) });
    const query = new URLSearchParams({ serverSeed: SEED, clientSeed: 'lucky-chicken', nonce: '1', difficulty: 'Easy', hash: 'ef'.repeat(32), traps: '20' });
    renderApp(<FairnessPage />, { path: `/fairness?${query}` });
    expect(await screen.findByTestId('hash-check')).toHaveTextContent('does not match the recorded hash');
    expect(screen.getByTestId('traps-check')).toHaveTextContent('differ from the ones the round used');
  });

  it('verifies any seeds typed in, as an independent implementation computes them', async () => {
    mockApi({ 'GET /api/v1/fairness': () => ok(pair) });
    const serverSeed = randomBytes(32).toString('hex');
    const user = userEvent.setup();
    renderApp(<FairnessPage />, { path: '/fairness' });
    await user.type(screen.getByLabelText('Server seed'), serverSeed);
    // The seed pair's own client seed field comes first on the page; the second is the form's.
    await user.type(screen.getAllByLabelText('Client seed')[1], 'my seed:42');
    await user.clear(screen.getByLabelText('Nonce'));
    await user.type(screen.getByLabelText('Nonce'), '17');
    await user.selectOptions(screen.getByLabelText('Difficulty'), 'Hard');
    await user.type(screen.getByLabelText('Server seed hash (optional)'), createHash('sha256').update(serverSeed).digest('hex'));
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByTestId('trap-cells')).toHaveTextContent(referenceTraps(serverSeed, 'my seed:42', 17, 5).join(', '));
    expect(screen.getByTestId('hash-check')).toHaveTextContent('matches the recorded hash');
  });

  it('refuses an incomplete form', async () => {
    mockApi({ 'GET /api/v1/fairness': () => ok(pair) });
    const user = userEvent.setup();
    renderApp(<FairnessPage />, { path: '/fairness' });
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the revealed server seed')).toBeInTheDocument();
    expect(screen.queryByTestId('trap-cells')).not.toBeInTheDocument();
  });

  it('shows the seed pair, saves a client seed and reveals the old server seed on rotation', async () => {
    const api = mockApi({
      'GET /api/v1/fairness': () => ok(pair),
      'POST /api/v1/fairness/client-seed': ({ body }) => ok({ ...pair, clientSeed: (body as { clientSeed: string }).clientSeed }),
      'POST /api/v1/fairness/rotate': () =>
        ok({
          serverSeedHash: 'ee'.repeat(32),
          clientSeed: 'fresh',
          nonce: 0,
          previousServerSeed: SEED,
          previousServerSeedHash: HASH,
          previousClientSeed: 'lucky',
          previousNonce: 4,
        }),
    });
    const user = userEvent.setup();
    renderApp(<FairnessPage />, { path: '/fairness' });
    expect(await screen.findByTestId('server-seed-hash')).toHaveTextContent(pair.serverSeedHash);
    expect(screen.getByTestId('nonce')).toHaveTextContent('4');
    const seedField = screen.getAllByLabelText('Client seed')[0];
    await waitFor(() => expect(seedField).toHaveValue('lucky'));
    await user.clear(seedField);
    await user.type(seedField, 'my own seed');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.find('POST', '/api/v1/fairness/client-seed')[0]?.body).toEqual({ clientSeed: 'my own seed' }));
    expect(await screen.findByText('Client seed saved.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Rotate seed pair' }));
    expect(await screen.findByTestId('previous-server-seed')).toHaveTextContent(SEED);
    expect(screen.getByTestId('server-seed-hash')).toHaveTextContent('ee'.repeat(32));
    expect(screen.getByTestId('nonce')).toHaveTextContent('0');
  });
});
