import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Empty } from '../../components/ui/States';
import { DEFAULT_SECTION, type AdminSection } from './admin.sections';

/**
 * The back office: one page with a section selector. On wide screens the tabs run down the side;
 * on phones they live in a slide-in menu opened from the bar above the section.
 */
export function AdminShell({ sections }: { sections: readonly AdminSection[] }) {
  const [activeId, setActiveId] = useState(() => (sections.some((s) => s.id === DEFAULT_SECTION) ? DEFAULT_SECTION : sections[0]?.id));
  const [menuOpen, setMenuOpen] = useState(false);
  const base = useId();
  const list = useRef<HTMLDivElement>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  const active = sections.find((s) => s.id === activeId) ?? sections[0];

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    list.current?.querySelector<HTMLButtonElement>('[aria-selected="true"]')?.focus();
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  if (!active) {
    return (
      <section className="admin admin--empty">
        <h1 className="page__title">Admin Panel</h1>
        <Empty>Your account holds no back-office pages. Ask another admin to grant you one.</Empty>
      </section>
    );
  }

  const select = (id: string) => {
    setActiveId(id);
    setMenuOpen(false);
  };

  const onKeyDown = (e: KeyboardEvent) => {
    const i = sections.findIndex((s) => s.id === active.id);
    let to = -1;
    if (e.key === 'ArrowDown') to = (i + 1) % sections.length;
    else if (e.key === 'ArrowUp') to = (i - 1 + sections.length) % sections.length;
    else if (e.key === 'Home') to = 0;
    else if (e.key === 'End') to = sections.length - 1;
    if (to < 0) return;
    e.preventDefault();
    setActiveId(sections[to].id);
    list.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[to]?.focus();
  };

  const Section = active.component;
  return (
    <div className="admin">
      <div className="admin__bar">
        <button
          ref={menuButton}
          type="button"
          className="admin__menu-button"
          aria-expanded={menuOpen}
          aria-controls={`${base}-nav`}
          onClick={() => setMenuOpen((o) => !o)}
        >
          <span aria-hidden="true" className="admin__burger" />
          <span className="visually-hidden">Sections</span>
        </button>
        <span className="admin__bar-title">
          Admin Panel <span aria-hidden="true">›</span> <strong>{active.label}</strong>
        </span>
      </div>

      {menuOpen && <div className="admin__backdrop" aria-hidden="true" onClick={() => setMenuOpen(false)} />}

      <nav id={`${base}-nav`} className={['admin__nav', menuOpen ? 'admin__nav--open' : ''].join(' ').trim()} aria-label="Admin sections">
        <div className="admin__nav-head">
          <span className="admin__nav-title">Admin Panel</span>
          <button type="button" className="admin__nav-close" aria-label="Close menu" onClick={() => setMenuOpen(false)}>
            ×
          </button>
        </div>
        <div ref={list} role="tablist" aria-orientation="vertical" aria-label="Admin sections" className="admin__tabs" onKeyDown={onKeyDown}>
          {sections.map((s) => {
            const selected = s.id === active.id;
            return (
              <button
                key={s.id}
                type="button"
                role="tab"
                id={`${base}-tab-${s.id}`}
                aria-selected={selected}
                aria-controls={`${base}-panel`}
                tabIndex={selected ? 0 : -1}
                className={['admin__tab', selected ? 'admin__tab--active' : ''].join(' ').trim()}
                onClick={() => select(s.id)}
              >
                {s.label}
              </button>
            );
          })}
        </div>
      </nav>

      <div role="tabpanel" id={`${base}-panel`} aria-labelledby={`${base}-tab-${active.id}`} className="admin__content">
        <Section key={active.id} />
      </div>
    </div>
  );
}
