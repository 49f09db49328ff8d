import { useState } from 'react';
import type { ColorCommitment } from '../../../../../contracts/color';
import { saltNotice } from '../../../../../contracts/color.math';
import { Pager } from '../../../components/ui/Pager';
import { Empty, ErrorRetry, Loading } from '../../../components/ui/States';
import { errorMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { currentLocale, t, tk } from '../../../lib/i18n';
import { useCommitments } from '../color.api';
import { CheckChain } from './CheckChain';

const STATUS: Record<ColorCommitment['status'], string> = {
  'awaiting-salt': tk('Waiting for its salt'),
  starting: tk('Starts soon'),
  running: tk('Running'),
  ended: tk('Ended'),
};

/** Every chain the game committed to, newest first, each with its salt, its periods and a check of them all. */
export function Commitments() {
  const [page, setPage] = useState(1);
  const list = useCommitments(page);
  return (
    <section className="card color-fair" aria-labelledby="commitments-title">
      <h2 id="commitments-title">{t('Commitments')}</h2>
      <p className="color-fair__intro">
        {t(
          'Each chain is published before its salt is known and before any of its periods runs. A salt that is a Bitcoin block’s hash can be checked on any block explorer: the block must have been mined after the chain committed to it.',
        )}
      </p>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <ErrorRetry onRetry={() => void list.refetch()}>{errorMessage(list.error, t('Could not load the commitments.'))}</ErrorRetry>
      ) : list.data.chains.length === 0 ? (
        <Empty>{t('No chain yet: the first is made when the game first starts.')}</Empty>
      ) : (
        <>
          <ol className="color-fair__chains">
            {list.data.chains.map((c) => (
              <li key={c.id} className="color-fair__chain">
                <h3>
                  {t('Chain {{chain}}', { chain: c.id })} <span className={`color-fair__status color-fair__status--${c.status}`}>{t(STATUS[c.status])}</span>
                </h3>
                <p className={c.verifiable ? 'color-fair__note' : 'color-fair__note color-fair__note--warn'}>{saltNotice(c, t)}</p>
                <dl className="color-fair__list">
                  <dt>{t('Published hash')}</dt>
                  <dd className="color-rules__hash">{c.terminalHash}</dd>
                  <dt>{t('Made and published')}</dt>
                  <dd>{formatDateTime(c.publishedAt)}</dd>
                  {c.saltBlock !== null && (
                    <>
                      <dt>{t('Salt block')}</dt>
                      <dd>{t('Bitcoin block {{block}}, committed to on {{date}}', { block: c.saltBlock, date: formatDateTime(c.saltBlockAt!) })}</dd>
                    </>
                  )}
                  <dt>{t('Salt')}</dt>
                  <dd className="color-rules__hash">{c.salt ?? t('Not entered yet')}</dd>
                  {c.firstPeriod && (
                    <>
                      <dt>{t('Periods')}</dt>
                      <dd>
                        {t('{{first}} to {{last}}, {{count}} periods of {{seconds}} s', {
                          first: c.firstPeriod,
                          last: c.lastPeriod,
                          count: c.chainLength.toLocaleString(currentLocale()),
                          seconds: c.roundSeconds,
                        })}
                      </dd>
                    </>
                  )}
                </dl>
                {c.salt && (c.status === 'running' || c.status === 'ended') && <CheckChain chain={c} />}
              </li>
            ))}
          </ol>
          <Pager page={page} totalPages={list.data.totalPages} onChange={setPage} busy={list.isFetching} />
        </>
      )}
    </section>
  );
}
