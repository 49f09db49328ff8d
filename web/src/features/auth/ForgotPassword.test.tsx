import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp } from '../../lib/test-utils';
import LoginPage from './LoginPage';

const routes = [{ path: '/login', element: <LoginPage /> }];
const field = (label: string) => screen.getByLabelText(label, { selector: 'input' });
const SENT = 'If an account exists for these details, we have sent a reset code to it.';

describe('forgot password', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for a code, then sets the new password and returns to login with the identifier', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'POST /api/v1/users/request-reset-otp': () => ({ body: { success: true, message: SENT } }),
      'POST /api/v1/users/reset-password': () => ({ body: { success: true, message: 'Your password has been reset. Please sign in with your new password.' } }),
    });
    const { router } = renderApp(routes, { path: '/login?forgot=' });
    await user.click(await screen.findByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Please enter your email or phone number')).toBeInTheDocument();
    await user.type(field('Email or Phone'), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(SENT)).toBeInTheDocument();
    expect(api.find('POST', '/api/v1/users/request-reset-otp')[0].body).toEqual({ phoneNumber: '+919876543210' });

    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
    await user.type(field('New Password'), 'Fresh#Pass9');
    await user.type(field('Confirm New Password'), 'Fresh#Pass9');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter 6-digit OTP code');

    await user.click(screen.getByRole('textbox', { name: 'Reset code digit 1 of 6' }));
    await user.paste('314159');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Your password has been reset. Please sign in with your new password.')).toBeInTheDocument();
    expect(api.find('POST', '/api/v1/users/reset-password')[0].body).toEqual({ phoneNumber: '+919876543210', otp: '314159', newPassword: 'Fresh#Pass9' });
    await waitFor(() => expect(router.state.location.search).toBe('?id=9876543210'));
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(field('Email or Phone')).toHaveValue('9876543210');
  });

  it('reads the same whether or not the account exists', async () => {
    const user = userEvent.setup();
    mockApi({ 'POST /api/v1/users/request-reset-otp': () => ({ status: 404, body: { success: false, message: 'No such user' } }) });
    renderApp(routes, { path: '/login?forgot=nobody@example.com' });
    expect(await screen.findByLabelText('Email or Phone')).toHaveValue('nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(SENT)).toBeInTheDocument();
    expect(screen.queryByText('No such user')).not.toBeInTheDocument();
  });

  it("shows the server's reason when a reset is refused", async () => {
    const user = userEvent.setup();
    mockApi({
      'POST /api/v1/users/request-reset-otp': () => ({ body: { success: true, message: SENT } }),
      'POST /api/v1/users/reset-password': () => ({ status: 400, body: { success: false, code: 'OTP_INVALID', message: 'Invalid or expired code' } }),
    });
    renderApp(routes, { path: '/login?forgot=asha@example.com' });
    await user.click(await screen.findByRole('button', { name: 'Send code' }));
    await user.click(await screen.findByRole('textbox', { name: 'Reset code digit 1 of 6' }));
    await user.paste('000000');
    await user.type(field('New Password'), 'Fresh#Pass9');
    await user.type(field('Confirm New Password'), 'Fresh#Pass9');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid or expired code');
  });

  it("asks an admin for the authenticator's code when the server needs it, and sends it with the reset", async () => {
    const user = userEvent.setup();
    let calls = 0;
    const api = mockApi({
      'POST /api/v1/users/request-reset-otp': () => ({ body: { success: true, message: SENT } }),
      'POST /api/v1/users/reset-password': () =>
        ++calls === 1
          ? {
              status: 400,
              body: { success: false, code: 'TWO_FACTOR_REQUIRED', message: 'Enter the code from your authenticator app (or a recovery code) as well.' },
            }
          : { body: { success: true, message: 'Your password has been reset. Please sign in with your new password.' } },
    });
    renderApp(routes, { path: '/login?forgot=admin@example.com' });
    await user.click(await screen.findByRole('button', { name: 'Send code' }));
    await user.click(await screen.findByRole('textbox', { name: 'Reset code digit 1 of 6' }));
    await user.paste('314159');
    await user.type(field('New Password'), 'Fresh#Pass9');
    await user.type(field('Confirm New Password'), 'Fresh#Pass9');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter the code from your authenticator app (or a recovery code) as well.');
    await user.type(field('Authenticator code or recovery code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Your password has been reset. Please sign in with your new password.')).toBeInTheDocument();
    expect(api.find('POST', '/api/v1/users/reset-password')[1].body).toEqual({
      email: 'admin@example.com',
      otp: '314159',
      newPassword: 'Fresh#Pass9',
      twoFactorCode: '654321',
    });
  });
});
