import { useEffect, useState } from 'react';
import { DEFAULT_REALITY_CHECK_MINUTES } from '../../../../contracts/reality-check';
import { Button } from '../../components/ui/Button';
import { Modal } from '../../components/ui/Modal';
import { Loading } from '../../components/ui/States';
import { useResponsibleSettings } from '../../lib/useExclusion';
import { useSession } from '../../lib/useSession';
import { formatRupees } from '../../../../contracts/amounts';
import { useSessionSummary } from './responsible.api';
import './responsible.css';
import { t } from '../../lib/i18n';

const startKey = (userId: string) => `playSession:${userId}`;
const shownKey = (userId: string) => `realityChecks:${userId}`;

/** When this tab's session of play began (kept for the tab's life, so a reload does not restart it). */
function sessionStart(userId: string): number {
  const saved = Number(sessionStorage.getItem(startKey(userId)));
  if (saved > 0) return saved;
  const now = Date.now();
  sessionStorage.setItem(startKey(userId), String(now));
  return now;
}

export function playedFor(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h ? t('{{hours}} h {{minutes}} min', { hours: h, minutes: m }) : t('{{minutes}} min', { minutes: m });
}

/**
 * The reality check: every N minutes of a signed-in session (the player's choice, an hour unless
 * set), how long they have played and their net result, with Continue and Stop (signs out).
 */
export function RealityCheck({ onStop }: { onStop: () => void }) {
  const { user } = useSession();
  const userId = user?._id;
  const settings = useResponsibleSettings();
  const minutes = settings.data?.realityCheckMinutes ?? DEFAULT_REALITY_CHECK_MINUTES;
  const [due, setDue] = useState<{ count: number; start: number; at: number } | null>(null);

  useEffect(() => {
    if (!userId || !minutes) return;
    const start = sessionStart(userId);
    const tick = () => {
      const at = Date.now();
      const count = Math.floor((at - start) / (minutes * 60_000));
      if (count > Number(sessionStorage.getItem(shownKey(userId)) ?? 0)) setDue((d) => (d ? d : { count, start, at }));
    };
    tick();
    const timer = setInterval(tick, 10_000);
    return () => clearInterval(timer);
  }, [userId, minutes]);

  const since = due ? new Date(due.start).toISOString() : '';
  const summary = useSessionSummary(since, Boolean(due));
  if (!userId || !due) return null;
  const close = (then?: () => void) => {
    sessionStorage.setItem(shownKey(userId), String(due.count));
    setDue(null);
    then?.();
  };
  const net = summary.data?.net ?? 0;
  return (
    <Modal
      open
      title={t('Reality check')}
      onClose={() => close()}
      actions={
        <>
          <Button
            variant="ghost"
            onClick={() =>
              close(() => {
                sessionStorage.removeItem(startKey(userId));
                sessionStorage.removeItem(shownKey(userId));
                onStop();
              })
            }
          >
            {t('Stop')}
          </Button>
          <Button onClick={() => close()}>{t('Continue')}</Button>
        </>
      }
    >
      <p>{t('You have been playing for {{time}}.', { time: playedFor(due.at - due.start) })}</p>
      {summary.isPending ? (
        <Loading text={t('Adding up your session...')} />
      ) : summary.data ? (
        <dl className="rp-reality__figures">
          <dt>{t('Staked')}</dt>
          <dd>{formatRupees(summary.data.staked)}</dd>
          <dt>{t('Won back')}</dt>
          <dd>{formatRupees(summary.data.returned)}</dd>
          <dt>{t('Net result')}</dt>
          <dd>{`${net < 0 ? '−' : '+'}${formatRupees(Math.abs(net))}`}</dd>
        </dl>
      ) : (
        <p>{t("Your session's figures could not be loaded.")}</p>
      )}
      <p>{t('Stop signs you out. You can change how often this shows in Responsible play.')}</p>
    </Modal>
  );
}
