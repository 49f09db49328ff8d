import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { Empty } from '../../components/ui/States';
import { TabList, TabPanel } from '../../components/ui/Tabs';
import { DEFAULT_SECTION, type AdminSection } from './admin.sections';

/**
 * True while the side list has sections out of sight below (a short window): the list then shows
 * a fade with a "more" hint at its foot, gone once scrolled to the end.
 */
function useMoreBelow(scroller: RefObject<HTMLElement | null>, count: number) {
  const [more, setMore] = useState(false);
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const check = () => setMore(el.scrollHeight - el.scrollTop - el.clientHeight > 4);
    check();
    el.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(check);
    observer?.observe(el);
    return () => {
      el.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
      observer?.disconnect();
    };
  }, [scroller, count]);
  return more;
}

/**
 * The back office: one page with a section selector. On wide screens the tabs run down the side;
 * on phones they live in a slide-in menu opened from the bar above the section.
 */
export function AdminShell({ sections }: { sections: readonly AdminSection[] }) {
  const [activeId, setActiveId] = useState(() => (sections.some((s) => s.id === DEFAULT_SECTION) ? DEFAULT_SECTION : sections[0]?.id));
  const [menuOpen, setMenuOpen] = useState(false);
  const base = useId();
  const list = useRef<HTMLDivElement>(null);
  const nav = useRef<HTMLElement>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  const active = sections.find((s) => s.id === activeId) ?? sections[0];
  const moreBelow = useMoreBelow(nav, sections.length);

  /** Closes the phone menu and hands focus back to the ☰ button, so it does not stay on a hidden tab. */
  const closeMenu = useCallback(() => {
    setMenuOpen(false);
    menuButton.current?.focus();
  }, []);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.preventDefault();
      closeMenu();
    };
    window.addEventListener('keydown', onKey);
    // The panel is shown by this render's styles; focus it on the next frame, once it can take focus.
    const frame = requestAnimationFrame(() => list.current?.querySelector<HTMLButtonElement>('[aria-selected="true"]')?.focus());
    return () => {
      window.removeEventListener('keydown', onKey);
      cancelAnimationFrame(frame);
    };
  }, [menuOpen, closeMenu]);

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
    if (menuOpen) closeMenu();
  };

  /** While the phone menu is open, Tab and Shift+Tab go round its own controls only. */
  const keepTabInside = (e: KeyboardEvent<HTMLElement>) => {
    if (!menuOpen || e.key !== 'Tab' || !nav.current) return;
    const stops = [...nav.current.querySelectorAll<HTMLElement>('button:not([disabled])')].filter((el) => el.tabIndex >= 0);
    if (!stops.length) return;
    const first = stops[0];
    const last = stops[stops.length - 1];
    const at = document.activeElement;
    if (e.shiftKey ? at === first : at === last) {
      e.preventDefault();
      (e.shiftKey ? last : first).focus();
    }
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

      {menuOpen && <div className="admin__backdrop" aria-hidden="true" onClick={closeMenu} />}

      <nav
        ref={nav}
        id={`${base}-nav`}
        className={['admin__nav', menuOpen ? 'admin__nav--open' : ''].join(' ').trim()}
        aria-label="Admin sections"
        onKeyDown={keepTabInside}
      >
        <div className="admin__nav-head">
          <span className="admin__nav-title">Admin Panel</span>
          <button type="button" className="admin__nav-close" aria-label="Close menu" onClick={closeMenu}>
            ×
          </button>
        </div>
        <TabList
          ref={list}
          tabs={sections}
          active={active.id}
          onChange={(id, how) => (how === 'click' ? select(id) : setActiveId(id))}
          label="Admin sections"
          idBase={base}
          orientation="vertical"
          className="admin__tabs"
          tabClassName="admin__tab"
        />
        {moreBelow && (
          <div className="admin__nav-more" aria-hidden="true">
            More sections below ↓
          </div>
        )}
      </nav>

      <TabPanel idBase={base} active={active.id} className="admin__content">
        <Section key={active.id} />
      </TabPanel>
    </div>
  );
}
