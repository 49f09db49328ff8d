import { useEffect, useRef } from 'react';
import { t } from '../../lib/i18n';

/**
 * A form-level message. An error takes focus when it appears (and again when a new attempt fails
 * with the same text), so keyboard and screen-reader users land on it; `focus={false}` leaves focus
 * where the form put it (on the first invalid field).
 */
export function FormAlert({
  message,
  attempt = 0,
  tone = 'error',
  focus = true,
}: {
  message: string;
  attempt?: number;
  tone?: 'error' | 'info';
  focus?: boolean;
}) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (message && tone === 'error' && focus) ref.current?.focus();
  }, [message, attempt, tone, focus]);
  if (!message) return null;
  return (
    <p ref={ref} tabIndex={-1} className={`auth-alert auth-alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {t(message)}
    </p>
  );
}
