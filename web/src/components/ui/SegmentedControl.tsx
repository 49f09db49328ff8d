export interface SegmentOption<T extends string> {
  value: T;
  label: string;
}

interface SegmentedControlProps<T extends string> {
  options: readonly SegmentOption<T>[];
  value: T | null;
  onChange: (value: T | null) => void;
  label: string;
  /** Clicking the active option clears the choice (a filter that can be switched off). */
  allowDeselect?: boolean;
  className?: string;
}

/** A row of toggle buttons of which at most one is pressed. */
export function SegmentedControl<T extends string>({ options, value, onChange, label, allowDeselect, className }: SegmentedControlProps<T>) {
  return (
    <div role="group" aria-label={label} className={['segmented', className ?? ''].join(' ').trim()}>
      {options.map((o) => {
        const active = o.value === value;
        return (
          <button
            key={o.value}
            type="button"
            aria-pressed={active}
            className={['segmented__option', active ? 'segmented__option--active' : ''].join(' ').trim()}
            onClick={() => {
              if (!active) onChange(o.value);
              else if (allowDeselect) onChange(null);
            }}
          >
            {o.label}
          </button>
        );
      })}
    </div>
  );
}
