import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp, signIn } from '../../../lib/test-utils';
import { ColourFairnessSection } from './ColourFairnessSection';

/** Chain 2: salted from Bitcoin block 900000 (hash entered 2026-11-20 10:00 AM IST), 1,000 one-minute periods from 10:30 AM IST. */
const running = {
  id: 2,
  status: 'running',
  terminalHash: 'ab'.repeat(32),
  chainLength: 1000,
  roundSeconds: 60,
  madeAt: '2026-11-19T04:00:00.000Z',
  publishedAt: '2026-11-19T04:00:00.000Z',
  saltBlock: 900000,
  saltBlockAt: '2026-11-19T04:00:00.000Z',
  salt: '00000000' + 'c'.repeat(56),
  saltSource: 'bitcoin',
  saltedAt: '2026-11-20T04:30:00.000Z',
  verifiable: true,
  notice: 'Checkable',
  epoch: '2026-11-20T05:00:00.000Z',
  firstSeq: 1001,
  firstPeriod: '202611201001',
  lastPeriod: '202611202000',
};
const waiting = {
  ...running,
  id: 3,
  status: 'awaiting-salt',
  publishedAt: '2026-11-20T06:00:00.000Z',
  saltBlock: 900012,
  saltBlockAt: '2026-11-20T06:00:00.000Z',
  salt: null,
  saltSource: null,
  saltedAt: null,
  epoch: null,
  firstPeriod: null,
  lastPeriod: null,
};
const HASH = '00000000' + 'd'.repeat(56);

describe('ColourFairnessSection', () => {
  beforeEach(() => {
    signIn({ role: 'admin', accessPages: ['games'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows beside Publish when the typed block is expected and when the next chain starts, in India time', async () => {
    const api = mockApi({
      'GET /api/v1/color/commitments': () => ({ body: { success: true, data: { chains: [running], page: 1, totalPages: 1 } } }),
      'POST /api/v1/admin/color/next-chain': () => ({ body: { success: true, message: 'Chain 3 published, committed to block 900200.', data: waiting } }),
    });
    // Now: 2026-11-20 10:45 AM IST, 45 minutes after block 900000's hash was entered.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-20T05:15:00.000Z'));
    const user = userEvent.setup();
    renderApp(<ColourFairnessSection />);
    const height = await screen.findByLabelText('Block height');
    expect(screen.getByText(/^Block 900000 was mined by 2026-11-20 10:00 AM IST \(chain 2's salt\)/)).toBeInTheDocument();
    const times = screen.getByText('Block expected').closest('dl')!;
    const value = (term: string) => within(times).getByText(term).nextElementSibling!.textContent;
    expect(value('Block expected')).toBe('Enter a block height');
    // Chain 2 ends 1,000 minutes after 10:30 AM IST.
    expect(value('Next chain starts')).toBe('2026-11-21 03:10 AM IST at the earliest, after chain 2 ends 2026-11-21 03:10 AM IST');

    // Six blocks on: an hour after block 900000; the next chain still waits for chain 2 to end.
    await user.type(height, '900003');
    expect(value('Block expected')).toBe(
      '2026-11-20 10:30 AM IST (about)Probably mined already: check the height on a block explorer and choose one a few hours ahead.',
    );
    await user.clear(height);
    await user.type(height, '900006');
    expect(value('Block expected')).toBe('2026-11-20 11:00 AM IST (about)');
    expect(value('Next chain starts')).toBe('2026-11-21 03:10 AM IST at the earliest, after chain 2 ends 2026-11-21 03:10 AM IST');
    // 200 blocks on: the block comes after chain 2 ends, so the next chain starts a period after it.
    await user.clear(height);
    await user.type(height, '900200');
    expect(value('Block expected')).toBe('2026-11-21 07:20 PM IST (about)');
    expect(value('Next chain starts')).toBe('2026-11-21 07:21 PM IST at the earliest, after chain 2 ends 2026-11-21 03:10 AM IST');
    expect(screen.getByRole('columnheader', { name: 'Published (IST)' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '2026-11-19 09:30 AM IST' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Publish Next Chain' }));
    await waitFor(() => expect(api.find('POST', '/api/v1/admin/color/next-chain')).toHaveLength(1));
    expect(api.find('POST', '/api/v1/admin/color/next-chain')[0].body).toEqual({ block: '900200' });
  });

  it('takes the salt only when the block hash is typed twice the same', async () => {
    const api = mockApi({
      'GET /api/v1/color/commitments': () => ({ body: { success: true, data: { chains: [waiting, running], page: 1, totalPages: 1 } } }),
      'POST /api/v1/admin/color/salt': () => ({ body: { success: true, message: 'Salt entered for chain 3.', data: { ...waiting, salt: HASH } } }),
    });
    const user = userEvent.setup();
    renderApp(<ColourFairnessSection />);
    const hash = await screen.findByLabelText('Hash of block 900012');
    // Twelve blocks after block 900000, whose hash was entered at 10:00 AM IST.
    expect(screen.getByText(/Block 900012 is expected about 2026-11-20 12:00 PM IST/)).toBeInTheDocument();
    // As the server takes it: from when twelve blocks are barely possible (once in a thousand runs, a tenth faster than ten minutes a block).
    expect(screen.getByText(/Its hash is taken from 2026-11-20 10:36 AM IST\.$/)).toBeInTheDocument();
    expect(screen.getByText(/committed to Bitcoin block 900012 on 2026-11-20 11:30 AM IST/)).toBeInTheDocument();

    await user.type(hash, HASH);
    await user.click(screen.getByRole('button', { name: 'Enter Salt' }));
    expect(screen.getByText('The two hashes differ: paste the block hash again to confirm it')).toBeInTheDocument();
    const again = screen.getByLabelText('Confirm the hash (paste it again)');
    await user.type(again, HASH.slice(0, -1) + 'e');
    await user.click(screen.getByRole('button', { name: 'Enter Salt' }));
    expect(screen.getByText('The two hashes differ: paste the block hash again to confirm it')).toBeInTheDocument();
    expect(api.find('POST', '/api/v1/admin/color/salt')).toHaveLength(0);

    await user.clear(again);
    // The same hash as block explorers may show it: capitals are the same hash.
    await user.type(again, HASH.toUpperCase());
    await user.click(screen.getByRole('button', { name: 'Enter Salt' }));
    expect(await screen.findByText('Salt entered for chain 3.')).toBeInTheDocument();
    expect(api.find('POST', '/api/v1/admin/color/salt')[0].body).toEqual({ block: '900012', hash: HASH });
  });
});
