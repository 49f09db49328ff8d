import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp } from '../../lib/test-utils';
import RegisterPage from './RegisterPage';

const routes = [
  { path: '/', element: <p>Home page</p> },
  { path: '/login', element: <p>Login page</p> },
  { path: '/signup', element: <RegisterPage /> },
];
const USER_ID = '0b5f7c1e-3a3b-4c55-9d7e-2f1a9c8b7d6e';
const field = (label: string) => screen.getByLabelText(label, { selector: 'input' });

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field('Full Name'), 'Asha Rao');
  await user.type(field('Email'), 'Asha@Example.com');
  await user.type(field('Phone Number'), '9876543210');
  await user.type(field('Password'), 'Secret#123');
  await user.type(field('Confirm Password'), 'Secret#123');
  await user.click(screen.getByRole('checkbox', { name: /I am 18 or older/ }));
}

// Typing whole forms character by character is slow on a busy machine.
describe('RegisterPage', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows each required message when a field is left empty', async () => {
    const user = userEvent.setup();
    renderApp(routes, { path: '/signup' });
    for (const [label, message] of [
      ['Full Name', 'Name is required'],
      ['Email', 'Email is required'],
      ['Phone Number', 'Phone number is required'],
      ['Password', 'Password is required'],
      ['Confirm Password', 'Please confirm your password'],
    ]) {
      expect(screen.queryByText(message)).not.toBeInTheDocument();
      await user.click(field(label));
      await user.tab();
      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(field(label)).toHaveAttribute('aria-invalid', 'true');
    }
  });

  it('shows each format rule after the field loses focus', async () => {
    const user = userEvent.setup();
    renderApp(routes, { path: '/signup' });
    const check = async (label: string, text: string, message: string) => {
      await user.clear(field(label));
      await user.type(field(label), text);
      await user.tab();
      expect(await screen.findByText(message)).toBeInTheDocument();
    };
    await check('Full Name', 'A', 'Name must be at least 2 characters long');
    await check('Full Name', 'Asha 2', 'Name can only contain letters and spaces');
    await check('Email', 'asha@', 'Please enter a valid email address');
    await check('Phone Number', '12345', 'Invalid phone number format for India');
    await check('Password', 'Ab#1', 'Password must be at least 8 characters long');
    await check('Password', 'ABCDEFG#1', 'Password must contain at least one lowercase letter');
    await check('Password', 'abcdefg#1', 'Password must contain at least one uppercase letter');
    await check('Password', 'Abcdefg#h', 'Password must contain at least one number');
    await check('Password', 'Abcdefgh1', 'Password must contain at least one special character');
    await check('Confirm Password', 'Different#1', 'Passwords do not match');
  });

  it('names the picked country in the phone message and keeps digits only', async () => {
    const user = userEvent.setup();
    renderApp(routes, { path: '/signup' });
    const picker = screen.getByRole('combobox', { name: 'Country code' });
    expect(picker).toHaveValue('IN');
    expect(within(picker).getAllByRole('option').length).toBeGreaterThan(230);
    await user.type(field('Phone Number'), '98a7-6 5');
    expect(field('Phone Number')).toHaveValue('98765');
    await user.tab();
    expect(await screen.findByText('Invalid phone number format for India')).toBeInTheDocument();
    await user.selectOptions(picker, 'US');
    expect(await screen.findByText('Invalid phone number format for United States')).toBeInTheDocument();
  });

  it('on submit shows every message and the form-level error, which goes once all is fixed', async () => {
    const user = userEvent.setup();
    const api = mockApi({});
    renderApp(routes, { path: '/signup' });
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Please fix the errors above and try again.')).toBeInTheDocument();
    for (const message of [
      'Name is required',
      'Email is required',
      'Phone number is required',
      'Password is required',
      'Please confirm your password',
      'Please confirm that you are 18 or older',
    ]) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    await fillValid(user);
    await waitFor(() => expect(screen.queryByText('Please fix the errors above and try again.')).not.toBeInTheDocument());
    expect(api.calls).toHaveLength(0);
  });

  it('rates the password Very Weak, Weak, Fair, Good and Strong', async () => {
    const user = userEvent.setup();
    renderApp(routes, { path: '/signup' });
    expect(screen.queryByRole('meter')).not.toBeInTheDocument();
    const steps: [string, string][] = [
      ['a', 'Very Weak'],
      ['B', 'Weak'],
      ['1', 'Fair'],
      ['#', 'Good'],
      ['cdef', 'Strong'],
    ];
    for (const [typed, label] of steps) {
      await user.type(field('Password'), typed);
      expect(screen.getByRole('meter', { name: 'Password strength' })).toHaveAttribute('aria-valuetext', label);
      expect(screen.getByText(label)).toBeInTheDocument();
    }
  });

  it('shows and hides the password', async () => {
    const user = userEvent.setup();
    renderApp(routes, { path: '/signup' });
    expect(field('Password')).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(field('Password')).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(field('Password')).toHaveAttribute('type', 'password');
  });

  it('registers with the dial code and the referrer from ?ref=, then opens the OTP modal', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'POST /api/v1/users/register': () => ({
        status: 201,
        body: {
          success: true,
          message: 'Registration successful! Please verify your email and phone number.',
          data: { _id: USER_ID, fullName: 'Asha Rao', email: 'asha@example.com', phoneNumber: '+919876543210' },
          userId: USER_ID,
        },
      }),
    });
    renderApp(routes, { path: '/signup?ref=FRIEND42' });
    expect(field('Referral code')).toHaveValue('FRIEND42');
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    // Said once, inside the code dialog (no toast under its backdrop as well).
    await waitFor(() => expect(screen.getAllByText('Registration successful! Please verify your email and phone number.')).toHaveLength(1));
    expect(api.find('POST', '/api/v1/users/register')[0].body).toEqual({
      fullName: 'Asha Rao',
      email: 'asha@example.com',
      phoneNumber: '+919876543210',
      password: 'Secret#123',
      ref_by: 'FRIEND42',
      ageConfirmed: true,
      language: 'en',
    });
    const dialog = screen.getByRole('dialog', { name: 'Verify your account' });
    expect(within(dialog).getByText('Registration successful! Please verify your email and phone number.')).toBeInTheDocument();
    expect(within(dialog).getByRole('group', { name: 'Email code' })).toBeInTheDocument();
    expect(within(dialog).getByRole('group', { name: 'SMS code' })).toBeInTheDocument();
  });

  it('shows the server message, beside the field it concerns', async () => {
    const user = userEvent.setup();
    mockApi({
      'POST /api/v1/users/register': () => ({
        status: 409,
        body: { success: false, code: 'EMAIL_TAKEN', message: 'An account with this email already exists.' },
      }),
    });
    renderApp(routes, { path: '/signup' });
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(screen.getAllByText('An account with this email already exists.')).toHaveLength(2));
    expect(field('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  it('opens the code dialog for a registration already waiting for verification', async () => {
    const user = userEvent.setup();
    const message = 'This e-mail is waiting for verification: we sent a new code.';
    mockApi({
      'POST /api/v1/users/register': () => ({
        status: 409,
        body: { success: false, code: 'PENDING_VERIFICATION', message, data: { userId: USER_ID, retryAfter: 60 } },
      }),
    });
    renderApp(routes, { path: '/signup' });
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Verify your account' });
    expect(within(dialog).getByText(message)).toBeInTheDocument();
  });

  it('falls back to "Registration failed. Please try again." without a message or an id', async () => {
    const user = userEvent.setup();
    mockApi({ 'POST /api/v1/users/register': () => ({ status: 201, body: {} }) });
    renderApp(routes, { path: '/signup' });
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Registration failed. Please try again.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('after verification signs in with the same credentials, goes to / and says so', async () => {
    const user = userEvent.setup();
    const player = {
      _id: USER_ID,
      fullName: 'Asha Rao',
      email: 'asha@example.com',
      phoneNumber: '+919876543210',
      role: 'user',
      createdAt: '2025-01-01T00:00:00.000Z',
    };
    const api = mockApi({
      'POST /api/v1/users/register': () => ({
        status: 201,
        body: { success: true, userId: USER_ID, data: { _id: USER_ID, fullName: 'Asha Rao', email: 'asha@example.com', phoneNumber: '+919876543210' } },
      }),
      'POST /api/v1/otp/verify': () => ({ body: { success: true, message: 'Account verified successfully! You can now sign in.' } }),
      'POST /api/v1/users/login': () => ({ body: { success: true, data: { accessToken: 'a.b.c', user: player } } }),
    });
    const { router } = renderApp(routes, { path: '/signup' });
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Verify your account' });
    await user.click(within(dialog).getByRole('textbox', { name: 'Email code digit 1 of 6' }));
    await user.paste('123456');
    await user.click(within(dialog).getByRole('textbox', { name: 'SMS code digit 1 of 6' }));
    await user.paste('654321');
    await user.click(within(dialog).getByRole('button', { name: 'Verify Account' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    // Signed in by the site itself: the toast says so, not "You can now sign in."
    expect(await screen.findByText('Account verified successfully! You are signed in.')).toBeInTheDocument();
    expect(screen.queryByText(/You can now sign in/)).not.toBeInTheDocument();
    expect(api.find('POST', '/api/v1/otp/verify')[0].body).toEqual({ userId: USER_ID, emailOTP: '123456', smsOTP: '654321' });
    expect(api.find('POST', '/api/v1/users/login')[0].body).toEqual({ email: 'asha@example.com', password: 'Secret#123' });
    // No token is kept where a script could read it: the session is the httpOnly cookies.
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')._id).toBe(USER_ID);
  });
});
