import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp } from '../../lib/test-utils';
import PrivacyPage from './PrivacyPage';
import TermsPage from './TermsPage';

const answer = (page: string, markdown: string | null) => () => ({ body: { success: true, message: 'Page text', data: { page, markdown } } });

describe('Terms and Privacy', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('show the built-in text while the operator has none', async () => {
    mockApi({ 'GET /api/v1/site/pages/privacy': answer('privacy', null) });
    renderApp(<PrivacyPage />);
    expect(await screen.findByRole('heading', { name: 'What we keep', level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeInTheDocument();
  });

  it("show the operator's Markdown instead, its headings under the page's h1, and no HTML it holds", async () => {
    mockApi({
      'GET /api/v1/site/pages/terms': answer('terms', '# Our terms\n\nPlay **fair**.\n\n<img src=x onerror="alert(1)">\n\n- One account per person\n'),
    });
    renderApp(<TermsPage />);
    expect(await screen.findByRole('heading', { name: 'Our terms', level: 2 })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Terms of Service']);
    expect(screen.getByText('fair').tagName).toBe('STRONG');
    expect(screen.getByRole('listitem')).toHaveTextContent('One account per person');
    expect(document.querySelector('img')).toBeNull();
    expect(screen.queryByText('Who may play')).not.toBeInTheDocument();
  });

  it('fall back to the built-in text when the call fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi({});
    renderApp(<TermsPage />);
    expect(await screen.findByRole('heading', { name: 'Who may play', level: 2 })).toBeInTheDocument();
  });
});
