import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp, signIn } from '../../lib/test-utils';
import ChangePasswordPage from './ChangePasswordPage';

const routes = [
  { path: '/', element: <p>Home page</p> },
  { path: '/change-password', element: <ChangePasswordPage /> },
];
const field = (label: string) => screen.getByLabelText(label, { selector: 'input' });

describe('ChangePasswordPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for both fields', async () => {
    signIn();
    const user = userEvent.setup();
    const api = mockApi({});
    renderApp(routes, { path: '/change-password' });
    await user.type(field('Old Password'), 'Old#Pass1');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please fill in both fields');
    expect(api.calls).toHaveLength(0);
  });

  it('reads "Changing..." while sending, then goes to /', async () => {
    signIn();
    const user = userEvent.setup();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const api = mockApi({
      'POST /api/v1/users/change-password': async () => (await gate, { body: { success: true, message: 'Password changed successfully.' } }),
    });
    const { router } = renderApp(routes, { path: '/change-password' });
    await user.type(field('Old Password'), 'Old#Pass1');
    await user.type(field('New Password'), 'New#Pass2');
    await user.type(field('Confirm New Password'), 'New#Pass2');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByRole('button', { name: 'Changing...' })).toBeDisabled();
    release();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.find('POST', '/api/v1/users/change-password')[0].body).toEqual({ oldPassword: 'Old#Pass1', newPassword: 'New#Pass2' });
    // The session travels in the httpOnly cookies, never in a header a script composed.
    expect(api.find('POST', '/api/v1/users/change-password')[0].credentials).toBe('include');
    expect(api.find('POST', '/api/v1/users/change-password')[0].headers.Authorization).toBeUndefined();
  });

  it("shows the server's message, or 'Failed to change password'", async () => {
    signIn();
    const user = userEvent.setup();
    mockApi({
      'POST /api/v1/users/change-password': () => ({ status: 400, body: { success: false, code: 'OLD_PASSWORD_WRONG', message: 'Old password is incorrect' } }),
    });
    renderApp(routes, { path: '/change-password' });
    await user.type(field('Old Password'), 'Old#Pass1');
    await user.type(field('New Password'), 'New#Pass2');
    await user.type(field('Confirm New Password'), 'New#Pass2');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Old password is incorrect');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to change password'));
  });

  it("has registration's strength meter and rules for the new password", async () => {
    signIn();
    const user = userEvent.setup();
    const api = mockApi({});
    renderApp(routes, { path: '/change-password' });
    expect(screen.queryByRole('meter', { name: 'Password strength' })).not.toBeInTheDocument();
    await user.type(field('New Password'), 'rooster');
    expect(screen.getByRole('meter', { name: 'Password strength' })).toHaveAttribute('aria-valuetext', 'Very Weak');
    await user.tab();
    expect(await screen.findByText('Password must be at least 8 characters long')).toBeInTheDocument();
    await user.type(field('New Password'), 's');
    expect(await screen.findByText('Password must contain at least one uppercase letter')).toBeInTheDocument();
    expect(screen.getByRole('meter', { name: 'Password strength' })).toHaveAttribute('aria-valuetext', 'Weak');
    await user.clear(field('New Password'));
    await user.type(field('New Password'), 'Rooster#2025');
    expect(screen.getByRole('meter', { name: 'Password strength' })).toHaveAttribute('aria-valuetext', 'Strong');
    expect(field('New Password')).not.toHaveAttribute('aria-invalid');
    expect(api.calls).toHaveLength(0);
  });

  it('refuses a confirmation that differs, at its field and without calling the server', async () => {
    signIn();
    const user = userEvent.setup();
    const api = mockApi({ 'POST /api/v1/users/change-password': () => ({ body: { success: true, message: 'Password changed successfully.' } }) });
    const { router } = renderApp(routes, { path: '/change-password' });
    await user.type(field('Old Password'), 'Old#Pass1');
    await user.type(field('New Password'), 'Rooster#2025');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Please confirm your password')).toBeInTheDocument();
    expect(field('Confirm New Password')).toHaveFocus();
    await user.type(field('Confirm New Password'), 'Rooster#2026');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(field('Confirm New Password')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls).toHaveLength(0);
    // Changing the new password to the confirmation's clears the message.
    await user.clear(field('New Password'));
    await user.type(field('New Password'), 'Rooster#2026');
    await waitFor(() => expect(screen.queryByText('Passwords do not match')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.find('POST', '/api/v1/users/change-password')[0].body).toEqual({ oldPassword: 'Old#Pass1', newPassword: 'Rooster#2026' });
  });
});
