import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp } from '../../lib/test-utils';
import LoginPage from './LoginPage';

const routes = [
  { path: '/', element: <p>Home page</p> },
  { path: '/signup', element: <p>Register page</p> },
  { path: '/login', element: <LoginPage /> },
  { path: '/admin', element: <p>Admin page</p> },
];
const field = (label: string) => screen.getByLabelText(label, { selector: 'input' });
const player = {
  _id: '0b5f7c1e-3a3b-4c55-9d7e-2f1a9c8b7d6e',
  fullName: 'Asha Rao',
  email: 'asha@example.com',
  phoneNumber: '+919876543210',
  role: 'user',
  createdAt: '2025-01-01T00:00:00.000Z',
};
const okLogin = () => ({ body: { success: true, data: { accessToken: 'a.b.c', user: player } } });

describe('LoginPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for both fields', async () => {
    const user = userEvent.setup();
    const api = mockApi({});
    renderApp(routes, { path: '/login' });
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please fill in all fields');
    await user.type(field('Email or Phone'), 'asha@example.com');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all fields');
    expect(api.calls).toHaveLength(0);
  });

  it('checks an identifier with @ as an e-mail', async () => {
    const user = userEvent.setup();
    const api = mockApi({});
    renderApp(routes, { path: '/login' });
    await user.type(field('Email or Phone'), 'asha@example');
    await user.type(field('Password'), 'Secret#123');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a valid email');
    expect(api.calls).toHaveLength(0);
  });

  it('reads "Logging in..." while busy, stores the session and goes to /', async () => {
    const user = userEvent.setup();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const api = mockApi({ 'POST /api/v1/users/login': async () => (await gate, okLogin()) });
    const { router } = renderApp(routes, { path: '/login' });
    await user.type(field('Email or Phone'), ' asha@example.com ');
    await user.type(field('Password'), 'Secret#123');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('button', { name: 'Logging in...' })).toBeDisabled();
    release();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.find('POST', '/api/v1/users/login')[0].body).toEqual({ email: 'asha@example.com', password: 'Secret#123' });
    // No token is kept where a script could read it: the session is the httpOnly cookies.
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(player);
  });

  it('signs in by phone, bare digits read as Indian', async () => {
    const user = userEvent.setup();
    const api = mockApi({ 'POST /api/v1/users/login': okLogin });
    const { router } = renderApp(routes, { path: '/login' });
    await user.type(field('Email or Phone'), '98765 43210');
    await user.type(field('Password'), 'Secret#123');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.find('POST', '/api/v1/users/login')[0].body).toEqual({ phoneNumber: '+919876543210', password: 'Secret#123' });
  });

  it('says "Invalid credentials or user not verified" on any refusal', async () => {
    const user = userEvent.setup();
    mockApi({ 'POST /api/v1/users/login': () => ({ status: 401, body: { success: false, code: 'INVALID_CREDENTIALS', message: 'something else' } }) });
    const { router } = renderApp(routes, { path: '/login' });
    await user.type(field('Email or Phone'), 'asha@example.com');
    await user.type(field('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid credentials or user not verified');
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('says why a blocked account cannot sign in', async () => {
    const user = userEvent.setup();
    mockApi({
      'POST /api/v1/users/login': () => ({
        status: 403,
        body: { success: false, code: 'ACCOUNT_BLOCKED', message: 'This account is blocked. Please contact support.' },
      }),
    });
    renderApp(routes, { path: '/login' });
    await user.type(field('Email or Phone'), 'asha@example.com');
    await user.type(field('Password'), 'Secret#123');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This account is blocked. Please contact support.');
  });

  it('links to Register and to the forgot-password flow', async () => {
    const user = userEvent.setup();
    renderApp(routes, { path: '/login' });
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/signup');
    await user.type(field('Email or Phone'), 'asha@example.com');
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(await screen.findByRole('heading', { name: 'Forgot password?' })).toBeInTheDocument();
    expect(field('Email or Phone')).toHaveValue('asha@example.com');
  });

  it('takes an admin through the second factor: set-up key, code, recovery codes once, then the back office', async () => {
    const user = userEvent.setup();
    const admin = { ...player, role: 'admin', accessPages: ['qr-code'] };
    const api = mockApi({
      'POST /api/v1/users/login': () => ({ body: { success: true, message: 'Enter the code', data: { twoFactor: 'setup', challenge: 'ch-1' } } }),
      'POST /api/v1/users/login/2fa/setup': () => ({
        body: {
          success: true,
          message: 'Add this key',
          data: { secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/Rupee%20Arcade:x?secret=JBSWY3DPEHPK3PXP' },
        },
      }),
      'POST /api/v1/users/login/2fa': ({ body }) =>
        (body as { code: string }).code === '123456'
          ? { body: { success: true, message: 'Login successful', data: { accessToken: 'a.b.c', user: admin, recoveryCodes: ['aaaaa-bbbbb', 'ccccc-ddddd'] } } }
          : { status: 400, body: { success: false, code: 'WRONG_CODE', message: 'That code is not right.' } },
    });
    const { router } = renderApp(routes, { path: '/login' });
    await user.type(field('Email or Phone'), 'boss@example.com');
    await user.type(field('Password'), 'Boss#Secret123');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByLabelText('Authenticator key')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');
    expect(screen.getByRole('link', { name: 'Open in app' })).toHaveAttribute('href', expect.stringMatching(/^otpauth:/));
    // No session yet.
    expect(localStorage.getItem('user')).toBeNull();
    await user.type(field('Code from the app'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not right.');
    await user.clear(field('Code from the app'));
    await user.type(field('Code from the app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    const codes = await screen.findByRole('dialog', { name: 'Save your recovery codes' });
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['aaaaa-bbbbb', 'ccccc-ddddd']);
    await user.click(within(codes).getByRole('button', { name: 'I have saved them' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ role: 'admin' });
    expect(api.find('POST', '/api/v1/users/login/2fa').at(-1)!.body).toEqual({ challenge: 'ch-1', code: '123456' });
  });
});
