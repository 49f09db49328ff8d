import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem<T extends string> {
  id: T;
  label: string;
}

interface TabsProps<T extends string> {
  tabs: readonly TabItem<T>[];
  active: T;
  onChange: (id: T) => void;
  label: string;
  children: ReactNode;
  orientation?: 'horizontal' | 'vertical';
}

/** ARIA tabs: a tab list (arrow keys move between tabs) and the panel of the active tab. */
export function Tabs<T extends string>({ tabs, active, onChange, label, children, orientation = 'horizontal' }: TabsProps<T>) {
  const base = useId();
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (e: KeyboardEvent) => {
    const next = orientation === 'horizontal' ? 'ArrowRight' : 'ArrowDown';
    const prev = orientation === 'horizontal' ? 'ArrowLeft' : 'ArrowUp';
    const i = tabs.findIndex((t) => t.id === active);
    let to = -1;
    if (e.key === next) to = (i + 1) % tabs.length;
    else if (e.key === prev) to = (i - 1 + tabs.length) % tabs.length;
    else if (e.key === 'Home') to = 0;
    else if (e.key === 'End') to = tabs.length - 1;
    if (to < 0) return;
    e.preventDefault();
    onChange(tabs[to].id);
    list.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[to]?.focus();
  };
  return (
    <div className={`tabs tabs--${orientation}`}>
      <div ref={list} role="tablist" aria-label={label} aria-orientation={orientation} className="tabs__list" onKeyDown={onKeyDown}>
        {tabs.map((t) => {
          const selected = t.id === active;
          return (
            <button
              key={t.id}
              type="button"
              role="tab"
              id={`${base}-tab-${t.id}`}
              aria-selected={selected}
              aria-controls={`${base}-panel`}
              tabIndex={selected ? 0 : -1}
              className={['tabs__tab', selected ? 'tabs__tab--active' : ''].join(' ').trim()}
              onClick={() => onChange(t.id)}
            >
              {t.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${base}-panel`} aria-labelledby={`${base}-tab-${active}`} className="tabs__panel">
        {children}
      </div>
    </div>
  );
}
