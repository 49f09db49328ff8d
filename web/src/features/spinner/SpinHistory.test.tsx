import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sha256Hex } from '../../../../contracts/fairness.math';
import { mockApi, renderApp, signIn } from '../../lib/test-utils';
import { SpinHistory } from './SpinHistory';

// The first worked example of docs/fairness.md: this seed, client seed and nonce land on segment 1 of 8.
const SEED = 'a'.repeat(64);
const PRIZES = ['10', '20', 'LOSE', '50', '5', 'LOSE', '100', '15'];

describe('SpinHistory', () => {
  beforeEach(() => signIn());
  afterEach(() => vi.unstubAllGlobals());

  it('lists the spins and verifies a revealed one in the browser', async () => {
    const spin = (over: Record<string, unknown>) => ({
      _id: 's1',
      createdAt: '2026-11-23T10:00:00.000Z',
      prizes: PRIZES,
      index: 1,
      prize: '20',
      amount: 20,
      serverSeedHash: '',
      serverSeed: SEED,
      clientSeed: 'player-seed',
      nonce: 0,
      ...over,
    });
    const hash = await sha256Hex(SEED);
    mockApi({
      'GET /api/v1/spinner/spins': () => ({
        body: {
          success: true,
          message: 'Spins',
          data: {
            spins: [spin({ serverSeedHash: hash }), spin({ _id: 's2', serverSeed: null, serverSeedHash: 'f'.repeat(64), nonce: 1 })],
            page: 1,
            totalPages: 1,
            total: 2,
          },
        },
      }),
    });
    const user = userEvent.setup();
    renderApp(<SpinHistory />);
    // In the words of every game's result (a spin stakes nothing).
    expect(await screen.findAllByText('Paid ₹20.00 (+₹20.00)')).toHaveLength(2);
    expect(screen.getByText(/Seed still secret/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Verified: segment 2 of 8, ₹20')).toBeInTheDocument();
    // The same check, with every input shown, on the Provably fair page.
    const link = new URL(screen.getByRole('link', { name: 'Open in Provably fair' }).getAttribute('href')!, 'http://x');
    expect(link.pathname).toBe('/fairness');
    expect(Object.fromEntries(link.searchParams)).toEqual({
      game: 'spin',
      serverSeed: SEED,
      clientSeed: 'player-seed',
      nonce: '0',
      hash,
      segment: '1',
      prizes: PRIZES.join(','),
    });
  });

  it('says when a spin does not match its published seed', async () => {
    const hash = await sha256Hex(SEED);
    mockApi({
      'GET /api/v1/spinner/spins': () => ({
        body: {
          success: true,
          message: 'Spins',
          data: {
            spins: [
              {
                _id: 's1',
                createdAt: '2026-11-23T10:00:00.000Z',
                prizes: PRIZES,
                index: 5,
                prize: 'LOSE',
                amount: 0,
                serverSeedHash: hash,
                serverSeed: SEED,
                clientSeed: 'player-seed',
                nonce: 0,
              },
            ],
            page: 1,
            totalPages: 1,
            total: 1,
          },
        },
      }),
    });
    const user = userEvent.setup();
    renderApp(<SpinHistory />);
    await user.click(await screen.findByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Does not match: please contact support')).toBeInTheDocument();
  });
});
