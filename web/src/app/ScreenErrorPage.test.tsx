import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../lib/test-utils';
import { Link, Outlet } from 'react-router';
import { isLoadFailure, ScreenBoundary } from './ScreenErrorPage';

describe('ScreenErrorPage', () => {
  it('offers a reload when a screen’s code cannot be fetched after a deploy', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Missing = lazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/HomePage-1a2b3c.js')));
    renderApp([
      {
        element: <ScreenBoundary />,
        children: [
          {
            path: '/',
            element: (
              <Suspense fallback={null}>
                <Missing />
              </Suspense>
            ),
          },
        ],
      },
    ]);
    expect(await screen.findByRole('heading', { name: 'This screen could not be loaded' })).toBeInTheDocument();
    expect(screen.getByText(/Reload to get the latest version/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });

  it('shows a crashed screen as such, keeps the layout around it, and opens the next screen normally', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Crash = () => {
      throw new Error('Cannot read properties of undefined');
    };
    renderApp([
      {
        element: (
          <>
            <Link to="/ranking">Ranking</Link>
            <Outlet />
          </>
        ),
        children: [
          {
            element: <ScreenBoundary />,
            children: [
              { path: '/', element: <Crash /> },
              { path: '/ranking', element: <p>Ranking page</p> },
            ],
          },
        ],
      },
    ]);
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Ranking' }));
    expect(await screen.findByText('Ranking page')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).not.toBeInTheDocument();
  });

  it('tells a load failure from a crash', () => {
    expect(isLoadFailure(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isLoadFailure(new Error('Cannot read properties of undefined'))).toBe(false);
  });
});
