import type { ReactNode } from 'react';
import { Button } from './Button';
import { t } from '../../lib/i18n';

/** Loading, empty and error states, announced politely to screen readers. */
export const Loading = ({ text }: { text?: string }) => (
  <p className="state state--loading" role="status">
    <span className="spinner" aria-hidden="true" /> {text ?? t('Loading...')}
  </p>
);
export const Empty = ({ children }: { children: ReactNode }) => <p className="state state--empty">{children}</p>;
export const ErrorText = ({ children }: { children: ReactNode }) => (
  <p className="state state--error" role="alert">
    {children}
  </p>
);

/** A failed load: what went wrong and a "Try again" button, so a failure never passes for an empty list. */
export const ErrorRetry = ({ children, onRetry, busy }: { children: ReactNode; onRetry: () => void; busy?: boolean }) => (
  <div className="state state--error state--retry" role="alert">
    <p className="state__text">{children}</p>
    <Button variant="ghost" onClick={onRetry} busy={busy}>
      {busy && <span className="spinner" aria-hidden="true" />}
      {t('Try again')}
    </Button>
  </div>
);
