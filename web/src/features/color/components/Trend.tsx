import { NUMBERS } from '../../../../../contracts/color.math';
import { Empty, ErrorRetry, Loading } from '../../../components/ui/States';
import { errorMessage } from '../../../lib/api';
import { t } from '../../../lib/i18n';
import { useHistory } from '../color.api';
import { Ball } from './Ball';

/** The numbers of the last periods, one column a number. */
export function Trend() {
  const list = useHistory(1);
  if (list.isPending) return <Loading />;
  if (list.isError) return <ErrorRetry onRetry={() => void list.refetch()}>{errorMessage(list.error, t('Could not load the trend.'))}</ErrorRetry>;
  if (list.data.periods.length === 0) return <Empty>{t('No results yet.')}</Empty>;
  return (
    <table className="color-trend" aria-label={t('Numbers of the last periods')}>
      <thead>
        <tr>
          <th scope="col">{t('Period')}</th>
          {NUMBERS.map((n) => (
            <th key={n} scope="col">
              {n}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {list.data.periods.map((r) => (
          <tr key={r.period}>
            <th scope="row">…{r.period.slice(-4)}</th>
            {NUMBERS.map((n) => (
              <td key={n}>{Number(n) === r.number ? <Ball n={r.number} size="sm" /> : <span className="color-trend__dot" aria-hidden="true" />}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
