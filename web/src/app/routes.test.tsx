import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { page } from './routes';

describe('a screen loaded on demand', () => {
  it('shows at once, without the loading fallback, when its code has already arrived', async () => {
    const route = page(() => Promise.resolve({ default: () => <p>The screen</p> }));
    await route.handle.load();
    render(<>{route.element}</>);
    // Synchronously: a lazy screen that suspended would show "Loading..." here and the screen only later.
    expect(screen.getByText('The screen')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows the loading fallback while its code is still on the way, then the screen', async () => {
    let arrive!: () => void;
    const route = page(() => new Promise((resolve) => (arrive = () => resolve({ default: () => <p>The screen</p> }))));
    render(<>{route.element}</>);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    arrive();
    expect(await screen.findByText('The screen')).toBeInTheDocument();
  });
});
