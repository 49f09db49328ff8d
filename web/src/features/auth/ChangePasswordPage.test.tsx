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
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Old password is incorrect');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to change password'));
  });
});
