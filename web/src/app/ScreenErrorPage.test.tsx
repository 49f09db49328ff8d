import { screen } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../lib/test-utils';
import { isLoadFailure, ScreenErrorPage } from './ScreenErrorPage';

describe('ScreenErrorPage', () => {
  it('offers a reload when a screen’s code cannot be fetched after a deploy', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Missing = lazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/HomePage-1a2b3c.js')));
    renderApp([
      {
        errorElement: <ScreenErrorPage />,
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

  it('tells a load failure from a crash', () => {
    expect(isLoadFailure(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isLoadFailure(new Error('Cannot read properties of undefined'))).toBe(false);
  });
});
