import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, signIn } from '../lib/test-utils';
import { page, SignedOutOnly } from './routes';

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

describe('sign-in and registration', () => {
  const screens = [
    { path: '/login', element: <SignedOutOnly>Sign-in form</SignedOutOnly> },
    { path: '/', element: <p>Home screen</p> },
    { path: '/admin', element: <p>Back office</p> },
  ];

  it('show their form to a visitor who is not signed in', () => {
    renderApp(screens, { path: '/login' });
    expect(screen.getByText('Sign-in form')).toBeInTheDocument();
  });

  it('send a signed-in player home instead', () => {
    signIn();
    const { router } = renderApp(screens, { path: '/login' });
    expect(screen.getByText('Home screen')).toBeInTheDocument();
    expect(screen.queryByText('Sign-in form')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('send a signed-in admin to the back office', () => {
    signIn({ role: 'admin' });
    const { router } = renderApp(screens, { path: '/login' });
    expect(screen.getByText('Back office')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
  });
});
