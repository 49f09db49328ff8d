import { useEffect, useRef, useState } from 'react';
import { OTP_RESEND_COOLDOWN_SECONDS } from '../../../../contracts/account-rules';
import { Button } from '../../components/ui/Button';
import { Modal } from '../../components/ui/Modal';
import { ApiError, errorMessage } from '../../lib/api';
import { resendOtp, verifyOtp } from './auth.api';
import { emptyOtp, isCompleteOtp, otpCode, OtpInput } from './OtpInput';
import { retryAfterOf, useCooldown } from './useCooldown';
import { serverText, t, tk } from '../../lib/i18n';

export const RESEND_COOLDOWN_SECONDS = OTP_RESEND_COOLDOWN_SECONDS;
const ENTER_SIX = tk('Please enter 6-digit OTP code');
const COOLDOWN_NOTE = tk('Your codes were sent a moment ago. You can ask for new ones when the countdown ends.');

type Row = 'email' | 'sms';
const isEmptyOtp = (digits: readonly string[]) => otpCode(digits) === '';

/** Which row a server refusal is about ("smsOTP: Please enter 6-digit OTP code"), if it names one. */
function rowOf(err: unknown): Row | null {
  if (!(err instanceof ApiError) || err.code !== 'VALIDATION_ERROR') return null;
  if (err.message.startsWith('emailOTP')) return 'email';
  if (err.message.startsWith('smsOTP')) return 'sms';
  return null;
}

interface OtpModalProps {
  open: boolean;
  userId: string;
  /** Where the codes went, shown so the player knows where to look. */
  email: string;
  phoneNumber: string;
  /** What registration said, repeated here because a toast sits under the modal's backdrop. */
  notice?: string;
  onVerified: () => void | Promise<void>;
  onCancel: () => void;
}

/** Verifies a new account with the six-digit codes sent by e-mail and by SMS. */
export function OtpModal({ open, userId, email, phoneNumber, notice, onVerified, onCancel }: OtpModalProps) {
  const [emailDigits, setEmailDigits] = useState(emptyOtp);
  const [smsDigits, setSmsDigits] = useState(emptyOtp);
  const [error, setError] = useState('');
  const [badRows, setBadRows] = useState<Row[]>([]);
  const [status, setStatus] = useState('');
  /** Shown while a resend waits out the server's cooldown: information, not a failure. */
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [resending, setResending] = useState(false);
  // The codes were sent just before the dialog opened (registration, or a new code for an account
  // still waiting): the server's resend cooldown runs from then, and the button says so.
  const cooldown = useCooldown(open ? RESEND_COOLDOWN_SECONDS : 0);
  const emailFirst = useRef<HTMLInputElement>(null);
  const smsFirst = useRef<HTMLInputElement>(null);
  const verifyButton = useRef<HTMLButtonElement>(null);
  /** A refused code sends the focus back to its row (once the form is enabled again). */
  const [refocus, setRefocus] = useState<{ row: Row } | null>(null);
  useEffect(() => {
    if (!refocus || busy) return;
    const box = (refocus.row === 'sms' ? smsFirst : emailFirst).current;
    box?.focus();
    box?.select();
  }, [refocus, busy]);

  const verify = async () => {
    setStatus('');
    setNote('');
    // The e-mail code is always needed. An SMS row left empty is sent as null so that a deployment
    // that sends no SMS (OTP_CHANNELS=email) can still verify; one that does answers 400 for it.
    const bad: Row[] = [
      ...(isCompleteOtp(emailDigits) ? [] : ['email' as const]),
      ...(isCompleteOtp(smsDigits) || isEmptyOtp(smsDigits) ? [] : ['sms' as const]),
    ];
    if (bad.length) {
      setBadRows(bad);
      setError(ENTER_SIX);
      setRefocus({ row: bad[0] });
      return;
    }
    setError('');
    setBadRows([]);
    setBusy(true);
    try {
      await verifyOtp({ userId, emailOTP: otpCode(emailDigits), smsOTP: isEmptyOtp(smsDigits) ? null : otpCode(smsDigits) });
    } catch (err) {
      const row = rowOf(err);
      setBadRows(row ? [row] : []);
      setError(row ? ENTER_SIX : errorMessage(err, t('OTP verification failed. Please try again.')));
      setRefocus({ row: row ?? 'email' });
      setBusy(false);
      return;
    }
    try {
      await onVerified();
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    setError('');
    setBadRows([]);
    setStatus('');
    setNote('');
    setResending(true);
    try {
      const res = await resendOtp(userId);
      cooldown.start(Math.max(RESEND_COOLDOWN_SECONDS, retryAfterOf(res, 0)));
      // The server names the channels in English; Hindi says it in the screen's own words.
      const own =
        res?.data.retryAfter === 0
          ? t('New codes were sent, but one of them could not be sent. Please try again in a moment.')
          : t('New codes are on their way.');
      setStatus(res?.message ? serverText(res.message, undefined, own) : own);
    } catch (err) {
      if (err instanceof ApiError && err.status === 429) cooldown.start(retryAfterOf(err.body, RESEND_COOLDOWN_SECONDS));
      // Registration has just sent the codes, so an early click meets the cooldown: the countdown says it all.
      if (err instanceof ApiError && err.code === 'OTP_COOLDOWN') setNote(COOLDOWN_NOTE);
      else setError(errorMessage(err, t('Could not send new codes. Please try again.')));
    } finally {
      setResending(false);
    }
  };

  return (
    <Modal open={open} title={t('Verify your account')} onClose={onCancel} hideClose>
      <form
        className="auth-otp-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void verify();
        }}
      >
        {notice && <p className="auth-alert auth-alert--info">{notice}</p>}
        <p className="auth-otp-form__intro">{t('We sent a 6-digit code to {{email}} and another to {{phone}}.', { email, phone: phoneNumber })}</p>
        <OtpInput
          label={t('Email code')}
          digits={emailDigits}
          onChange={setEmailDigits}
          disabled={busy}
          invalid={badRows.includes('email')}
          autoFocus
          firstBoxRef={emailFirst}
          onFilled={() => smsFirst.current?.focus()}
        />
        <OtpInput
          label={t('SMS code')}
          digits={smsDigits}
          onChange={setSmsDigits}
          disabled={busy}
          invalid={badRows.includes('sms')}
          firstBoxRef={smsFirst}
          onFilled={() => verifyButton.current?.focus()}
        />
        <div className="auth-otp-form__messages" aria-live="polite">
          {error && (
            <p className="auth-alert auth-alert--error" role="alert">
              {error}
            </p>
          )}
          {status && <p className="auth-alert auth-alert--info">{status}</p>}
          {note && cooldown.active && <p className="auth-alert auth-alert--note">{note}</p>}
        </div>
        <Button ref={verifyButton} type="submit" block busy={busy}>
          {busy && <span className="spinner" aria-hidden="true" />}
          {t('Verify Account')}
        </Button>
        <div className="auth-otp-form__row">
          <Button variant="ghost" onClick={resend} disabled={cooldown.active || resending || busy}>
            {cooldown.active ? t('Resend in {{seconds}}s', { seconds: cooldown.left }) : t('Resend OTP')}
          </Button>
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            {t('Cancel')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
