import type { ReactNode } from 'react';

/** The content column of a screen: a title and its body, centred and phone-width first. */
export function Page({ title, children, actions, narrow }: { title?: ReactNode; children: ReactNode; actions?: ReactNode; narrow?: boolean }) {
  return (
    <section className={['page', narrow ? 'page--narrow' : ''].join(' ').trim()}>
      {(title || actions) && (
        <header className="page__head">
          {title && <h1 className="page__title">{title}</h1>}
          {actions}
        </header>
      )}
      {children}
    </section>
  );
}
