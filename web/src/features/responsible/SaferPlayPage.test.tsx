import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp } from '../../lib/test-utils';
import SaferPlayPage from './SaferPlayPage';

const text = (markdown: string | null) => () => ({ body: { success: true, message: 'Page text', data: { page: 'safer-play', markdown } } });

describe('SaferPlayPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the built-in text with the help organisations while the operator has none', async () => {
    mockApi({ 'GET /api/v1/site/pages/safer-play': text(null) });
    renderApp(<SaferPlayPage />);
    expect(await screen.findByRole('heading', { name: 'Your tools', level: 2 })).toBeInTheDocument();
  });

  it("shows the operator's own text instead", async () => {
    mockApi({ 'GET /api/v1/site/pages/safer-play': text('## Play within your means\n\nCall our helpline: 1800 000 000.') });
    renderApp(<SaferPlayPage />);
    expect(await screen.findByRole('heading', { name: 'Play within your means', level: 2 })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your tools' })).not.toBeInTheDocument();
  });
});
