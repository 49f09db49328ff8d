import type { ReactNode } from 'react';

export function SectionHead({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="admin-section__head">
      <h2 className="admin-section__title">{title}</h2>
      {children}
    </header>
  );
}
