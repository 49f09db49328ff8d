import { useRef, type ClipboardEvent, type KeyboardEvent, type RefObject } from 'react';

import { OTP_LENGTH } from '../../../../contracts/account-rules';
import { t } from '../../lib/i18n';

export { OTP_LENGTH };
export const emptyOtp = () => Array<string>(OTP_LENGTH).fill('');
export const otpCode = (digits: readonly string[]) => digits.join('');
export const isCompleteOtp = (digits: readonly string[]) => new RegExp(`^\\d{${OTP_LENGTH}}$`).test(otpCode(digits));

interface OtpInputProps {
  /** Shown above the boxes and used to name each box for screen readers. */
  label: string;
  digits: readonly string[];
  onChange: (digits: string[]) => void;
  disabled?: boolean;
  invalid?: boolean;
  autoFocus?: boolean;
  /** Called when the last box gets its digit, so the next control can take the focus. */
  onFilled?: () => void;
  /** Receives the first box, for whoever needs to move the focus back here. */
  firstBoxRef?: RefObject<HTMLInputElement | null>;
}

/** Six single-digit boxes: typing moves on, paste fills them all, backspace on an empty box goes back. */
export function OtpInput({ label, digits, onChange, disabled, invalid, autoFocus, onFilled, firstBoxRef }: OtpInputProps) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const focus = (i: number) => {
    const box = boxes.current[Math.max(0, Math.min(OTP_LENGTH - 1, i))];
    box?.focus();
    box?.select();
  };

  /** Writes `text`'s digits from box `start` on; answers the index after the last one written. */
  const fill = (start: number, text: string) => {
    const incoming = text
      .replace(/\D/g, '')
      .slice(0, OTP_LENGTH - start)
      .split('');
    const next = [...digits];
    incoming.forEach((d, k) => (next[start + k] = d));
    onChange(next);
    return start + incoming.length;
  };

  const onTyped = (i: number, value: string) => {
    const typed = value.replace(/\D/g, '');
    if (!typed) {
      if (value === '') {
        const next = [...digits];
        next[i] = '';
        onChange(next);
      }
      return;
    }
    // A box holding a digit gets a second one typed beside it: keep the new one.
    let text = typed;
    if (typed.length === 2 && digits[i]) text = typed[0] === digits[i] ? typed[1] : typed[0];
    const end = fill(i, text);
    if (end >= OTP_LENGTH && onFilled) onFilled();
    else focus(end);
  };

  const onKeyDown = (i: number, e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Backspace' && !digits[i] && i > 0) {
      e.preventDefault();
      const next = [...digits];
      next[i - 1] = '';
      onChange(next);
      focus(i - 1);
    } else if (e.key === 'ArrowLeft' && i > 0) {
      e.preventDefault();
      focus(i - 1);
    } else if (e.key === 'ArrowRight' && i < OTP_LENGTH - 1) {
      e.preventDefault();
      focus(i + 1);
    }
  };

  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    const text = e.clipboardData.getData('text').replace(/\D/g, '');
    e.preventDefault();
    if (!text) return;
    const next = emptyOtp();
    text
      .slice(0, OTP_LENGTH)
      .split('')
      .forEach((d, k) => (next[k] = d));
    onChange(next);
    if (text.length >= OTP_LENGTH && onFilled) onFilled();
    else focus(Math.min(text.length, OTP_LENGTH) - 1);
  };

  return (
    <fieldset className={['auth-otp', invalid ? 'auth-otp--invalid' : ''].join(' ').trim()} disabled={disabled}>
      <legend className="auth-otp__label">{label}</legend>
      <div className="auth-otp__boxes">
        {digits.map((digit, i) => (
          <input
            key={i}
            ref={(el) => {
              boxes.current[i] = el;
              if (i === 0 && firstBoxRef) firstBoxRef.current = el;
            }}
            className="auth-otp__box"
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete={i === 0 ? 'one-time-code' : 'off'}
            aria-label={t('{{label}} digit {{n}} of {{total}}', { label, n: i + 1, total: OTP_LENGTH })}
            aria-invalid={invalid || undefined}
            value={digit}
            autoFocus={autoFocus && i === 0}
            onChange={(e) => onTyped(i, e.target.value)}
            // A digit typed over the same digit leaves the value as it was, so React fires no
            // onChange for it; the input event still comes, and the focus must move on all the same.
            onInput={(e) => {
              if (digit && e.currentTarget.value === digit) onTyped(i, digit);
            }}
            onKeyDown={(e) => onKeyDown(i, e)}
            onPaste={onPaste}
            onFocus={(e) => e.target.select()}
          />
        ))}
      </div>
    </fieldset>
  );
}
