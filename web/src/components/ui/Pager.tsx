/** Prev / Next with "Page X of Y"; moves only within 1 and the last page. */
import { t } from '../../lib/i18n';
export function Pager({ page, totalPages, onChange, busy }: { page: number; totalPages: number; onChange: (page: number) => void; busy?: boolean }) {
  const last = Math.max(1, totalPages);
  const go = (to: number) => onChange(Math.min(last, Math.max(1, to)));
  return (
    <nav className="pager" aria-label={t('Pages')}>
      <button type="button" className="btn btn--ghost pager__btn" disabled={page <= 1 || busy} onClick={() => go(page - 1)}>
        {t('Prev')}
      </button>
      <span className="pager__text" aria-live="polite">
        {t('Page {{page}} of {{last}}', { page, last })}
      </span>
      <button type="button" className="btn btn--ghost pager__btn" disabled={page >= last || busy} onClick={() => go(page + 1)}>
        {t('Next')}
      </button>
    </nav>
  );
}
