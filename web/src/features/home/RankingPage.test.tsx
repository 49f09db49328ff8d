import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../lib/test-utils';
import RankingPage, { SHUFFLE_MS } from './RankingPage';
import { maskName, reshuffle, SAMPLE_LEADERBOARD } from './ranking.data';

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
  afterEach(() => vi.useRealTimers());

  it('shows the jackpot banner, the top three and all ten entries with masked names', () => {
    renderApp(<RankingPage />);
    expect(screen.getByText('JACKPOT')).toBeInTheDocument();
    expect(screen.getByText('2% of the total bet of selected games')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Leaderboard' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Top three' })).getAllByRole('listitem')).toHaveLength(3);
    const table = rows();
    expect(table).toHaveLength(10);
    expect(table.map((r) => r[0])).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    expect(table[0][1]).toContain('A****a');
  });

  it('reshuffles every 5 seconds and renumbers the ranks', async () => {
    vi.useFakeTimers();
    const random = vi.spyOn(Math, 'random').mockReturnValue(0);
    renderApp(<RankingPage />);
    const first = rows().map((r) => r[1]);
    await act(() => vi.advanceTimersByTimeAsync(SHUFFLE_MS - 1));
    expect(rows().map((r) => r[1])).toEqual(first);
    await act(() => vi.advanceTimersByTimeAsync(1));
    const second = rows();
    expect(second.map((r) => r[1])).not.toEqual(first);
    expect(second.map((r) => r[0])).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    expect([...second.map((r) => r[1])].sort()).toEqual([...first].sort());
    random.mockRestore();
  });

  it('masks a name as first character, four stars, last character', () => {
    expect(maskName('Aarav Sharma')).toBe('A****a');
    expect(maskName('Jo')).toBe('J****o');
  });

  it('keeps every entry once when shuffling', () => {
    const next = reshuffle(SAMPLE_LEADERBOARD, () => 0.5);
    expect(next.map((e) => e.id).sort((a, b) => a - b)).toEqual(SAMPLE_LEADERBOARD.map((e) => e.id));
    expect(next.map((e) => e.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
});
