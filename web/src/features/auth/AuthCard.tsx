import type { ReactNode } from 'react';

/** The frame of the sign-in screens: a heading over one card, phone-width. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <section className="auth-page">
      <div className="auth-card">
        <header className="auth-card__head">
          <h1 className="auth-card__title">{title}</h1>
          {subtitle && <p className="auth-card__subtitle">{subtitle}</p>}
        </header>
        {children}
      </div>
    </section>
  );
}
