import { createHash } from 'node:crypto';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { drawColorNumber } from '../../../../contracts/color.math';
import { mockApi, renderApp } from '../../lib/test-utils';
import ColorFairnessPage from './ColorFairnessPage';

const sha = (t: string) => createHash('sha256').update(t, 'utf8').digest('hex');
const ok = (data: unknown) => ({ body: { success: true, message: 'ok', data } });

// A real chain of 10: hash(10) = seed, hash(n − 1) = sha256(hash(n)).
const hashes = [sha('seed')];
for (let n = 9; n >= 0; n--) hashes.unshift(sha(hashes[0]));
const SALT = `00000000${'ab'.repeat(28)}`;
const chain = (id: number, terminalHash: string) => ({
  id,
  status: 'running',
  terminalHash,
  chainLength: 10,
  roundSeconds: 60,
  madeAt: '2026-11-25T05:00:00.000Z',
  publishedAt: '2026-11-25T05:00:00.000Z',
  saltBlock: 950000 + id,
  saltBlockAt: '2026-11-25T05:00:00.000Z',
  salt: SALT,
  saltSource: 'bitcoin',
  saltedAt: '2026-11-25T06:00:00.000Z',
  verifiable: true,
  notice: `Salt: the hash of Bitcoin block ${950000 + id}, a block mined after this chain was published.`,
  epoch: '2026-11-25T06:02:00.000Z',
  firstSeq: 1,
  firstPeriod: '202611251143',
  lastPeriod: '202611251152',
});

async function periodOf(number?: number) {
  const drawn = await drawColorNumber(hashes[4], SALT, 4);
  return { period: '202611251146', seq: 4, chain: 1, index: 4, number: number ?? drawn, colour: '', size: 'big', hash: hashes[4], startTime: '', endTime: '' };
}

describe('ColorFairnessPage', () => {
  it('checks a period step by step against its own chain, and lists the commitments', async () => {
    const period = await periodOf();
    mockApi({
      'GET /api/v1/color/periods/202611251146': () => ok(period),
      'GET /api/v1/color/commitments': () => ok({ chains: [chain(2, 'f'.repeat(64)), chain(1, hashes[0])], page: 1, totalPages: 1 }),
    });
    renderApp(<ColorFairnessPage />, { path: '/color/fairness?period=202611251146' });
    expect(await screen.findByText('Period 202611251146: Verified ✓')).toBeInTheDocument();
    expect(screen.getByText(/Hashed 4 times, it gives the chain’s published hash ✓/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /Chain 2/ })).toBeInTheDocument();
    expect(screen.getAllByText('Salt: the hash of Bitcoin block 950001, a block mined after this chain was published.').length).toBeGreaterThan(0);
  });

  it('says a forged number does not verify, and asks for a 12-digit period', async () => {
    const forged = await periodOf(((await periodOf()).number + 1) % 10);
    mockApi({
      'GET /api/v1/color/periods/202611251146': () => ok(forged),
      'GET /api/v1/color/commitments': () => ok({ chains: [chain(1, hashes[0])], page: 1, totalPages: 1 }),
    });
    const user = userEvent.setup();
    renderApp(<ColorFairnessPage />, { path: '/color/fairness' });
    await user.type(screen.getByLabelText('Period'), '2026');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(screen.getByText('Enter the 12-digit period number, such as 202611250001.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Period'));
    await user.type(screen.getByLabelText('Period'), '202611251146');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('Period 202611251146: Does not verify ✗')).toBeInTheDocument();
    expect(screen.getByText(`(the server recorded ${forged.number})`, { exact: false })).toBeInTheDocument();
  });

  it('checks every ended period of a chain, and names one that does not verify', async () => {
    const periods = await Promise.all(
      [4, 3, 2, 1].map(async (index) => ({
        period: `20261125114${index}`,
        seq: index,
        chain: 1,
        index,
        number: await drawColorNumber(hashes[index], SALT, index),
        colour: '',
        size: 'big',
        hash: hashes[index],
        startTime: '',
        endTime: '',
      })),
    );
    let forge = false;
    mockApi({
      'GET /api/v1/color/commitments': () => ok({ chains: [chain(1, hashes[0])], page: 1, totalPages: 1 }),
      'GET /api/v1/color/history': () =>
        ok({ periods: forge ? periods.map((p, i) => (i === 2 ? { ...p, hash: hashes[5] } : p)) : periods, page: 1, totalPages: 1 }),
    });
    const user = userEvent.setup();
    renderApp(<ColorFairnessPage />, { path: '/color/fairness' });
    await user.click(await screen.findByRole('button', { name: 'Check every ended period of chain 1' }));
    expect(await screen.findByText('All 4 ended periods verified ✓')).toBeInTheDocument();
    forge = true;
    renderApp(<ColorFairnessPage />, { path: '/color/fairness' });
    await user.click((await screen.findAllByRole('button', { name: 'Check every ended period of chain 1' }))[0]);
    expect(await screen.findByText('1 of 4 do not verify ✗: 202611251142')).toBeInTheDocument();
  });
});
