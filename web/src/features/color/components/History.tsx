import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { PeriodResult } from '../../../../../contracts/color';
import { checkPeriod } from '../../../../../contracts/color.math';
import { Pager } from '../../../components/ui/Pager';
import { Empty, ErrorRetry, Loading } from '../../../components/ui/States';
import { errorMessage } from '../../../lib/api';
import { periodCheckHref } from '../../../lib/fairness/links';
import { verdictText } from '../../../lib/fairness/verdict';
import { t } from '../../../lib/i18n';
import { notify } from '../../../lib/toast';
import { latestCommitments, useHistory } from '../color.api';
import { Ball } from './Ball';

/** The ended periods, newest first, each checked in this browser at a click against its chain's commitment. */
export function History() {
  const [page, setPage] = useState(1);
  const list = useHistory(page);
  const [checked, setChecked] = useState<Record<string, string>>({});
  // Hashes this screen has proven against each chain's commitment: each check walks only down to the nearest.
  const [proven] = useState(() => new Map<number, Map<number, string>>());
  const queryClient = useQueryClient();
  const verify = async (r: PeriodResult) => {
    setChecked((c) => ({ ...c, [r.period]: t('Checking…') }));
    try {
      // Each period is checked against its own chain's commitment.
      const { chains } = await latestCommitments(queryClient);
      const chain = chains.find((c) => c.id === r.chain);
      if (!chain) {
        setChecked((c) => ({ ...c, [r.period]: t('See Fairness') }));
        return;
      }
      if (!proven.has(chain.id)) proven.set(chain.id, new Map());
      const check = await checkPeriod(r, chain, proven.get(chain.id));
      setChecked((c) => ({ ...c, [r.period]: verdictText(check.verified) }));
    } catch {
      // The check's code could not be loaded (the connection dropped): the button comes back.
      setChecked(({ [r.period]: _, ...rest }) => rest);
      notify.error(t('Could not check this period. Please try again.'));
    }
  };
  if (list.isPending) return <Loading />;
  if (list.isError) return <ErrorRetry onRetry={() => void list.refetch()}>{errorMessage(list.error, t('Could not load the history.'))}</ErrorRetry>;
  if (list.data.periods.length === 0) return <Empty>{t('No results yet: the first comes when this period ends.')}</Empty>;
  return (
    <>
      <table className="color-table">
        <thead>
          <tr>
            <th scope="col">{t('Period')}</th>
            <th scope="col">{t('Number')}</th>
            <th scope="col">{t('Big/Small')}</th>
            <th scope="col">{t('Proof')}</th>
          </tr>
        </thead>
        <tbody>
          {list.data.periods.map((r) => (
            <tr key={r.period}>
              <td>{r.period}</td>
              <td>
                <Ball n={r.number} size="sm" />
              </td>
              <td>{r.size === 'big' ? t('Big') : t('Small')}</td>
              <td>
                {checked[r.period] ? (
                  <Link
                    className="color-proof"
                    to={periodCheckHref(r.period)}
                    aria-label={t('{{status}}: see the check of period {{period}} step by step', { status: checked[r.period], period: r.period })}
                  >
                    {checked[r.period]}
                  </Link>
                ) : (
                  <button
                    type="button"
                    className="color-verify"
                    onClick={() => void verify(r)}
                    aria-label={t('Verify period {{period}}', { period: r.period })}
                    title={t('Hash {{hash}}', { hash: r.hash })}
                  >
                    {t('Verify')}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pager page={page} totalPages={list.data.totalPages} onChange={setPage} busy={list.isFetching} />
    </>
  );
}
