import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp, signIn } from '../../lib/test-utils';
import { playedFor, RealityCheck } from './RealityCheck';

const ok = (data: unknown) => ({ body: { success: true, message: 'ok', data } });
const USER = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

describe('RealityCheck', () => {
  afterEach(() => sessionStorage.clear());

  const serve = () =>
    mockApi({
      'GET /api/v1/responsible': () => ok({ limits: [], exclusion: null, realityCheckMinutes: 30 }),
      'GET /api/v1/responsible/session': () => ok({ since: '2026-11-23T10:00:00.000Z', staked: 500, returned: 380, net: -120 }),
    });

  it('after the chosen minutes shows time played and the net result; Continue closes it until the next one', async () => {
    signIn();
    sessionStorage.setItem(`playSession:${USER}`, String(Date.now() - 31 * 60_000));
    const api = serve();
    const onStop = vi.fn();
    const user = userEvent.setup();
    renderApp(<RealityCheck onStop={onStop} />);
    const dialog = await screen.findByRole('dialog', { name: 'Reality check' });
    expect(within(dialog).getByText('You have been playing for 31 min.')).toBeInTheDocument();
    expect(await within(dialog).findByText('−₹120.00')).toBeInTheDocument();
    expect(within(dialog).getByText('₹500.00')).toBeInTheDocument();
    expect(api.find('GET', '/api/v1/responsible/session')[0].query.get('since')).toBe(
      new Date(Number(sessionStorage.getItem(`playSession:${USER}`))).toISOString(),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Reality check' })).not.toBeInTheDocument());
    expect(sessionStorage.getItem(`realityChecks:${USER}`)).toBe('1');
    expect(onStop).not.toHaveBeenCalled();
  });

  it('Stop ends the session', async () => {
    signIn();
    sessionStorage.setItem(`playSession:${USER}`, String(Date.now() - 65 * 60_000));
    serve();
    const onStop = vi.fn();
    const user = userEvent.setup();
    renderApp(<RealityCheck onStop={onStop} />);
    const dialog = await screen.findByRole('dialog', { name: 'Reality check' });
    await user.click(within(dialog).getByRole('button', { name: 'Stop' }));
    expect(onStop).toHaveBeenCalledOnce();
    expect(sessionStorage.getItem(`playSession:${USER}`)).toBeNull();
  });

  it('stays quiet before the first interval', async () => {
    signIn();
    const api = serve();
    renderApp(<RealityCheck onStop={() => undefined} />);
    await waitFor(() => expect(api.find('GET', '/api/v1/responsible')).toHaveLength(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('writes time played in hours and minutes', () => {
    expect([59_000, 61 * 60_000, 125 * 60_000].map(playedFor)).toEqual(['0 min', '1 h 1 min', '2 h 5 min']);
  });
});
