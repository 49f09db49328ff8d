import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp } from '../../lib/test-utils';
import { OtpModal } from './OtpModal';

const USER_ID = '0b5f7c1e-3a3b-4c55-9d7e-2f1a9c8b7d6e';

function open(onVerified = vi.fn(), onCancel = vi.fn()) {
  renderApp(<OtpModal open userId={USER_ID} email="asha@example.com" phoneNumber="+919876543210" onVerified={onVerified} onCancel={onCancel} />);
  return { dialog: screen.getByRole('dialog', { name: 'Verify your account' }), onVerified, onCancel };
}

async function enter(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, row: 'Email code' | 'SMS code', code: string) {
  await user.click(within(dialog).getByRole('textbox', { name: `${row} digit 1 of 6` }));
  await user.paste(code);
}

/** Waits out the countdown that starts when the dialog opens, so Resend can be clicked. */
async function afterOpeningCountdown(dialog: HTMLElement) {
  await act(() => vi.advanceTimersByTimeAsync(60_000));
  expect(within(dialog).getByRole('button', { name: 'Resend OTP' })).toBeEnabled();
}

describe('OtpModal', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('asks for six digits before calling the server', async () => {
    const user = userEvent.setup();
    const api = mockApi({});
    const { dialog } = open();
    await user.click(within(dialog).getByRole('button', { name: 'Verify Account' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter 6-digit OTP code');
    await enter(user, dialog, 'Email code', '12345');
    await user.click(within(dialog).getByRole('button', { name: 'Verify Account' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter 6-digit OTP code');
    await enter(user, dialog, 'Email code', '123456');
    await enter(user, dialog, 'SMS code', '123');
    await user.click(within(dialog).getByRole('button', { name: 'Verify Account' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter 6-digit OTP code');
    expect(within(dialog).getByRole('textbox', { name: 'SMS code digit 1 of 6' })).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('textbox', { name: 'Email code digit 1 of 6' })).not.toHaveAttribute('aria-invalid');
    expect(api.calls).toHaveLength(0);
  });

  it('sends an empty SMS row as null: the server says when it needs that code', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'POST /api/v1/otp/verify': () => ({ status: 400, body: { success: false, code: 'VALIDATION_ERROR', message: 'smsOTP: Please enter 6-digit OTP code' } }),
    });
    const { dialog, onVerified } = open();
    await enter(user, dialog, 'Email code', '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Verify Account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/^Please enter 6-digit OTP code$/);
    expect(within(dialog).getByRole('textbox', { name: 'SMS code digit 1 of 6' })).toHaveAttribute('aria-invalid', 'true');
    expect(api.find('POST', '/api/v1/otp/verify')[0].body).toEqual({ userId: USER_ID, emailOTP: '123456', smsOTP: null });
    expect(onVerified).not.toHaveBeenCalled();
  });

  it('verifies with the e-mail code alone where the server sends no SMS', async () => {
    const user = userEvent.setup();
    mockApi({ 'POST /api/v1/otp/verify': () => ({ body: { success: true, message: 'Account verified successfully! You can now sign in.' } }) });
    const { dialog, onVerified } = open();
    await enter(user, dialog, 'Email code', '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Verify Account' }));
    await vi.waitFor(() => expect(onVerified).toHaveBeenCalledTimes(1));
  });

  it("shows the server's message, or the fallback when there is none", async () => {
    const user = userEvent.setup();
    mockApi({ 'POST /api/v1/otp/verify': () => ({ status: 400, body: { success: false, code: 'OTP_INVALID', message: 'Invalid or expired code' } }) });
    const { dialog, onVerified } = open();
    await enter(user, dialog, 'Email code', '111111');
    await enter(user, dialog, 'SMS code', '222222');
    await user.click(within(dialog).getByRole('button', { name: 'Verify Account' }));
    expect(await within(dialog).findByText('Invalid or expired code')).toBeInTheDocument();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('network down'))),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Verify Account' }));
    expect(await within(dialog).findByText('OTP verification failed. Please try again.')).toBeInTheDocument();
    expect(onVerified).not.toHaveBeenCalled();
  });

  it('counts down from the moment it opens: the codes were just sent, so Resend waits 60 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = mockApi({});
    const { dialog } = open();
    expect(within(dialog).getByRole('button', { name: 'Resend in 60s' })).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: 'Resend OTP' })).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(within(dialog).getByRole('button', { name: 'Resend in 59s' })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(58_000));
    expect(within(dialog).getByRole('button', { name: 'Resend in 1s' })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(within(dialog).getByRole('button', { name: 'Resend OTP' })).toBeEnabled();
    expect(api.calls).toHaveLength(0);
  });

  it('resends, then reads "Resend in {n}s" for 60 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const api = mockApi({
      'POST /api/v1/otp/resend': () => ({ body: { success: true, message: 'A new code has been sent to your email and phone.', data: { retryAfter: 60 } } }),
    });
    const { dialog } = open();
    await afterOpeningCountdown(dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Resend OTP' }));
    expect(await within(dialog).findByRole('button', { name: 'Resend in 60s' })).toBeDisabled();
    expect(api.find('POST', '/api/v1/otp/resend')[0].body).toEqual({ userId: USER_ID });
    expect(within(dialog).getByText('A new code has been sent to your email and phone.')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(within(dialog).getByRole('button', { name: 'Resend in 59s' })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(59_000));
    expect(within(dialog).getByRole('button', { name: 'Resend OTP' })).toBeEnabled();
  });

  it("treats the server's cooldown as information: a countdown from retryAfter, no error", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    mockApi({
      'POST /api/v1/otp/resend': () => ({
        status: 429,
        body: { success: false, code: 'OTP_COOLDOWN', message: 'Please wait 42 seconds before asking for a new code.', data: { retryAfter: 42 } },
      }),
    });
    const { dialog } = open();
    await afterOpeningCountdown(dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Resend OTP' }));
    expect(await within(dialog).findByRole('button', { name: 'Resend in 42s' })).toBeDisabled();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(dialog.querySelector('.auth-alert--error')).toBeNull();
    expect(within(dialog).queryByText('Please wait 42 seconds before asking for a new code.')).not.toBeInTheDocument();
    const note = within(dialog).getByText(/You can ask for new ones when the countdown ends/);
    expect(note).toHaveClass('auth-alert--note');
    await act(() => vi.advanceTimersByTimeAsync(42_000));
    expect(within(dialog).getByRole('button', { name: 'Resend OTP' })).toBeEnabled();
    expect(note).not.toBeInTheDocument();
  });

  it('still shows other resend failures as errors', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    mockApi({ 'POST /api/v1/otp/resend': () => ({ status: 500, body: { success: false, code: 'INTERNAL', message: 'Something went wrong' } }) });
    const { dialog } = open();
    await afterOpeningCountdown(dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Resend OTP' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Something went wrong');
    expect(within(dialog).getByRole('button', { name: 'Resend OTP' })).toBeEnabled();
  });

  it('moves on from a full e-mail row to the SMS row, then to Verify Account; a refused code brings the focus back to its row', async () => {
    const user = userEvent.setup();
    mockApi({ 'POST /api/v1/otp/verify': () => ({ status: 400, body: { success: false, code: 'OTP_INVALID', message: 'Invalid or expired code' } }) });
    const { dialog } = open();
    const emailFirst = within(dialog).getByRole('textbox', { name: 'Email code digit 1 of 6' });
    expect(emailFirst).toHaveFocus();
    await user.keyboard('123456');
    expect(within(dialog).getByRole('textbox', { name: 'SMS code digit 1 of 6' })).toHaveFocus();
    await user.keyboard('654321');
    expect(within(dialog).getByRole('button', { name: 'Verify Account' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await within(dialog).findByText('Invalid or expired code')).toBeInTheDocument();
    await vi.waitFor(() => expect(emailFirst).toHaveFocus());
  });

  it('Cancel and Escape close it', async () => {
    const user = userEvent.setup();
    const { dialog, onCancel } = open();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    // The browser turns Escape on a modal <dialog> into a cancel event.
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(onCancel).toHaveBeenCalledTimes(2);
  });
});
