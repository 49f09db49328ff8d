import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp, signIn } from '../lib/test-utils';
import ReferEarnScreen from './ReferEarnScreen';

describe('/refer-earn', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is the referral dialog over home, and closing it goes home', async () => {
    const me = signIn();
    mockApi({
      [`GET /api/v1/users/referral-link/${me._id}`]: () => ({
        body: { success: true, referralLink: 'http://x/signup?ref=Q', data: { referralLink: 'http://x/signup?ref=Q' } },
      }),
      'GET /api/v1/users/visible-games': () => ({ body: { success: true, data: ['chicken'] } }),
      'GET /api/v1/notification/get': () => ({ body: { success: true, message: 'Diwali bonus tonight' } }),
    });
    const { router } = renderApp(
      [
        { path: '/', element: <p>Home page</p> },
        { path: '/refer-earn', element: <ReferEarnScreen /> },
      ],
      { path: '/refer-earn' },
    );
    const dialog = screen.getByRole('dialog', { name: 'Refer & Earn' });
    await waitFor(() => expect(within(dialog).getByLabelText('Your referral link')).toHaveValue('http://x/signup?ref=Q'));
    // Home's cards are behind it; its notification waits, so only one dialog is open.
    expect(await screen.findByRole('heading', { name: 'Chicken Road' })).toBeInTheDocument();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    await userEvent.setup().click(within(dialog).getByRole('button', { name: /close/i }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
