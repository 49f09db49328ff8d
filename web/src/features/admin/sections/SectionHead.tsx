import type { ReactNode } from 'react';

/**
 * A section's title and its tools. The section is the back office's screen, so its title is the
 * page's h1; a part inside another section (the Telegram amount under Telegram Deposite) is an h2.
 */
export function SectionHead({ title, children, level = 1 }: { title: string; children?: ReactNode; level?: 1 | 2 }) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <header className="admin-section__head">
      <Heading className="admin-section__title">{title}</Heading>
      {children}
    </header>
  );
}
