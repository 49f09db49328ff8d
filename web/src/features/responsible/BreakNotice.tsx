import type { ExclusionView } from '../../../../contracts/responsible';
import { formatDateTime } from '../../lib/format';
import { useExclusion } from '../../lib/useExclusion';
import './responsible.css';
import { t } from '../../lib/i18n';

/** Breaks of whole months or years, by their days. */
const NAMED: Record<number, { months?: number; years?: number }> = {
  182: { months: 6 },
  365: { years: 1 },
  730: { years: 2 },
  1095: { years: 3 },
  1826: { years: 5 },
};

/** A break's length as a person says it: "3 days", "2 weeks", "1 year". */
export function daysText(days: number): string {
  const named = NAMED[days];
  if (named?.months) return t('{{count}} months', { count: named.months });
  if (named?.years) return t('{{count}} years', { count: named.years });
  if (days % 7 === 0) return t('{{count}} weeks', { count: days / 7 });
  return t('{{count}} days', { count: days });
}

/**
 * A break's length before a postposition, where Hindi bends हफ़्ता and महीना ("1 हफ़्ते के लिए");
 * English has one form.
 */
export function obliqueDaysText(days: number): string {
  const named = NAMED[days];
  if (named?.months) return t('{{count}} months', { context: 'oblique', count: named.months });
  if (!named && days % 7 === 0) return t('{{count}} weeks', { context: 'oblique', count: days / 7 });
  return daysText(days);
}

/** Says that the player is on a break, until when, and what they can still do. */
export function BreakNotice({ exclusion }: { exclusion: ExclusionView | null | undefined }) {
  if (!exclusion) return null;
  const until = formatDateTime(exclusion.endsAt);
  return (
    <p className="rp-break-notice" role="status">
      {exclusion.kind === 'timeout'
        ? t('You are on a time-out until {{until}}. You can still withdraw your balance and see your history.', { until })
        : t('You have excluded yourself until {{until}}. You can still withdraw your balance and see your history.', { until })}
    </p>
  );
}

/** The break notice on every screen of a player who is on one. */
export function BreakBanner() {
  const exclusion = useExclusion();
  if (!exclusion) return null;
  return (
    <div className="rp-break-banner">
      <BreakNotice exclusion={exclusion} />
    </div>
  );
}
