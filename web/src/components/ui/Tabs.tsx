import { useId, useRef, type KeyboardEvent, type ReactNode, type Ref } from 'react';

export interface TabItem<T extends string> {
  id: T;
  label: string;
}

type Orientation = 'horizontal' | 'vertical';

interface TabListProps<T extends string> {
  tabs: readonly TabItem<T>[];
  active: T;
  /** `how` tells a click from the arrow keys (a phone menu closes on a click only). */
  onChange: (id: T, how: 'click' | 'key') => void;
  label: string;
  /** From useId(): ties the tabs to their panel. */
  idBase: string;
  orientation?: Orientation;
  className?: string;
  tabClassName?: string;
  ref?: Ref<HTMLDivElement>;
}

const panelId = (idBase: string) => `${idBase}-panel`;
const tabId = (idBase: string, id: string) => `${idBase}-tab-${id}`;

/** An ARIA tab list: arrow keys (and Home, End) move between tabs and select them. */
export function TabList<T extends string>({
  tabs,
  active,
  onChange,
  label,
  idBase,
  orientation = 'horizontal',
  className,
  tabClassName,
  ref,
}: TabListProps<T>) {
  const own = useRef<HTMLDivElement>(null);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
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
    onChange(tabs[to].id, 'key');
    e.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]')[to]?.focus();
  };
  const setRef = (el: HTMLDivElement | null) => {
    own.current = el;
    if (typeof ref === 'function') ref(el);
    else if (ref) ref.current = el;
  };
  return (
    <div ref={setRef} role="tablist" aria-label={label} aria-orientation={orientation} className={className ?? 'tabs__list'} onKeyDown={onKeyDown}>
      {tabs.map((t) => {
        const selected = t.id === active;
        const base = tabClassName ?? 'tabs__tab';
        return (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={tabId(idBase, t.id)}
            aria-selected={selected}
            aria-controls={panelId(idBase)}
            tabIndex={selected ? 0 : -1}
            className={[base, selected ? `${base}--active` : ''].join(' ').trim()}
            onClick={() => onChange(t.id, 'click')}
          >
            {t.label}
          </button>
        );
      })}
    </div>
  );
}

/** The panel of the active tab, wherever the tab list itself is placed. */
export function TabPanel({ idBase, active, className, children }: { idBase: string; active: string; className?: string; children: ReactNode }) {
  return (
    <div role="tabpanel" id={panelId(idBase)} aria-labelledby={tabId(idBase, active)} className={className ?? 'tabs__panel'}>
      {children}
    </div>
  );
}

interface TabsProps<T extends string> {
  tabs: readonly TabItem<T>[];
  active: T;
  onChange: (id: T) => void;
  label: string;
  children: ReactNode;
  orientation?: Orientation;
}

/** ARIA tabs: a tab list and the panel of the active tab, together. */
export function Tabs<T extends string>({ tabs, active, onChange, label, children, orientation = 'horizontal' }: TabsProps<T>) {
  const base = useId();
  return (
    <div className={`tabs tabs--${orientation}`}>
      <TabList tabs={tabs} active={active} onChange={(id) => onChange(id)} label={label} idBase={base} orientation={orientation} />
      <TabPanel idBase={base} active={active}>
        {children}
      </TabPanel>
    </div>
  );
}
