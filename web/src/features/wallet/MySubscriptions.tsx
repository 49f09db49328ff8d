import { Empty, ErrorRetry, Loading } from '../../components/ui/States';
import { errorMessage } from '../../lib/api';
import { useSubscriptions } from './wallet.api';
import { formatDateTime } from '../../lib/format';
import { formatRupees } from '../../../../contracts/amounts';
import { t } from '../../lib/i18n';

/** The player's subscription requests: waiting, approved with the channel's single-use invite link, or rejected. */
export function MySubscriptions() {
  const list = useSubscriptions();
  return (
    <section className="card wallet-card" aria-labelledby="my-subscriptions">
      <h2 id="my-subscriptions" className="wallet-subs__title">
        {t('Your subscriptions')}
      </h2>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <ErrorRetry onRetry={() => void list.refetch()}>{errorMessage(list.error, t('Could not load your subscriptions.'))}</ErrorRetry>
      ) : list.data.subscriptions.length === 0 ? (
        <Empty>{t('No subscription requests yet.')}</Empty>
      ) : (
        <ul className="wallet-subs">
          {list.data.subscriptions.map((s) => (
            <li key={s._id} className="wallet-subs__item">
              <div className="wallet-subs__row">
                <strong>{s.gameName ?? t('Subscription')}</strong> · {formatRupees(s.amount)}
                <span className={`badge badge--${s.status}`}>{s.status}</span>
              </div>
              <p className="wallet-subs__meta">{formatDateTime(s.createdAt)}</p>
              {s.status === 'approved' && s.inviteLink ? (
                <p>
                  <a className="btn btn--primary" href={s.inviteLink} target="_blank" rel="noopener noreferrer">
                    {t('Join the channel')}
                  </a>{' '}
                  <span className="wallet-subs__meta">{t('The link works once, for you.')}</span>
                </p>
              ) : s.status === 'pending' ? (
                <p className="wallet-subs__meta">
                  {list.data.configured
                    ? t('Waiting for an admin to check your payment. Your invite link will appear here.')
                    : t('Saved. Subscriptions are approved once Telegram is set up on this site; your invite link will appear here.')}
                </p>
              ) : s.status === 'rejected' ? (
                <p className="wallet-subs__meta">{t('Rejected: the payment could not be confirmed. Contact Help & Support if you paid.')}</p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
