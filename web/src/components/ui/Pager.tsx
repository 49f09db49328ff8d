/** Prev / Next with "Page X of Y"; moves only within 1 and the last page. */
export function Pager({ page, totalPages, onChange, busy }: { page: number; totalPages: number; onChange: (page: number) => void; busy?: boolean }) {
  const last = Math.max(1, totalPages);
  const go = (to: number) => onChange(Math.min(last, Math.max(1, to)));
  return (
    <nav className="pager" aria-label="Pages">
      <button type="button" className="btn btn--ghost pager__btn" disabled={page <= 1 || busy} onClick={() => go(page - 1)}>
        Prev
      </button>
      <span className="pager__text" aria-live="polite">
        Page {page} of {last}
      </span>
      <button type="button" className="btn btn--ghost pager__btn" disabled={page >= last || busy} onClick={() => go(page + 1)}>
        Next
      </button>
    </nav>
  );
}
