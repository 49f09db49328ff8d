import type { ReactNode } from 'react';

/** Loading, empty and error states, announced politely to screen readers. */
export const Loading = ({ text = 'Loading...' }: { text?: string }) => (
  <p className="state state--loading" role="status">
    <span className="spinner" aria-hidden="true" /> {text}
  </p>
);
export const Empty = ({ children }: { children: ReactNode }) => <p className="state state--empty">{children}</p>;
export const ErrorText = ({ children }: { children: ReactNode }) => (
  <p className="state state--error" role="alert">
    {children}
  </p>
);
