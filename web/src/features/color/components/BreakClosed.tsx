import type { ExclusionView } from '../../../../../contracts/responsible';
import { formatDateTime } from '../../../lib/format';
import { t } from '../../../lib/i18n';

/** Why no bet can be placed during a time-out or self-exclusion, and until when. */
export function BreakClosed({ exclusion }: { exclusion: ExclusionView }) {
  const until = formatDateTime(exclusion.endsAt);
  return (
    <p className="color-closed" role="status" data-testid="break-closed">
      {exclusion.kind === 'timeout'
        ? t('You are on a time-out until {{until}}: no bet can be placed until then.', { until })
        : t('You have excluded yourself until {{until}}: no bet can be placed until then.', { until })}
    </p>
  );
}
