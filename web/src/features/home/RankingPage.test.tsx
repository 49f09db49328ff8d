import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { maskName } from '../../../../contracts/ranking';
import { mockApi, renderApp } from '../../lib/test-utils';
import RankingPage from './RankingPage';
import { RANKING_REFRESH_MS } from './home.api';

const entry = (rank: number, name: string, pts: number) => ({ rank, name, points: pts });
const answer = (entries: ReturnType<typeof entry>[]) => ({
  body: { success: true, message: 'Ranking', data: { weekStart: '2026-11-22T18:30:00.000Z', entries } },
});

const rows = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((r) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    );

describe('RankingPage', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the top three and every entry with its masked name and points, and no money nobody pays', async () => {
    mockApi({ 'GET /api/v1/ranking': () => answer([entry(1, 'V****h', 500), entry(2, 'A****o', 350), entry(3, 'M****i', 200), entry(4, 'R****n', 50)]) });
    renderApp(<RankingPage />);
    expect(await screen.findByRole('heading', { name: 'Leaderboard' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Top three' })).getAllByRole('listitem')).toHaveLength(3);
    expect(rows()).toEqual([
      ['1', 'VV****h', '500'],
      ['2', 'AA****o', '350'],
      ['3', 'MM****i', '200'],
      ['4', 'RR****n', '50'],
    ]);
    expect(screen.queryByText(/JACKPOT|Bonus|₹/i)).not.toBeInTheDocument();
  });

  it('reads the ranking again every 5 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let round = 0;
    const api = mockApi({
      'GET /api/v1/ranking': () => (++round === 1 ? answer([entry(1, 'A****o', 100)]) : answer([entry(1, 'V****h', 900), entry(2, 'A****o', 100)])),
    });
    renderApp(<RankingPage />);
    await screen.findByText('A****o', { selector: '.home-rank-row__name' });
    await act(() => vi.advanceTimersByTimeAsync(RANKING_REFRESH_MS + 10));
    expect(await screen.findByText('V****h', { selector: '.home-rank-row__name' })).toBeInTheDocument();
    expect(api.find('GET', '/api/v1/ranking').length).toBeGreaterThanOrEqual(2);
  });

  it('says so when nobody has played this week', async () => {
    mockApi({ 'GET /api/v1/ranking': () => answer([]) });
    renderApp(<RankingPage />);
    expect(await screen.findByText(/No bets have been settled this week yet/)).toBeInTheDocument();
  });

  it('masks a name as first character, four stars, last character', () => {
    expect(maskName('Aarav Sharma')).toBe('A****a');
    expect(maskName('Jo')).toBe('J****o');
  });
});
