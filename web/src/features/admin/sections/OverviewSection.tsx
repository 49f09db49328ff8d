import { REPORT_PERIODS, type Figures, type Overview } from '../../../../../contracts/reports';
import { ErrorRetry, Loading } from '../../../components/ui/States';
import { formatDateTime } from '../../../lib/format';
import { formatRupees } from '../../../../../contracts/amounts';
import { useOverview } from '../admin.api';
import { SectionHead } from './SectionHead';

const PERIOD_LABEL: Record<(typeof REPORT_PERIODS)[number], string> = { today: 'Today', '7d': 'Last 7 days', '30d': 'Last 30 days' };
const ROWS: { key: keyof Figures; label: string; hint?: string }[] = [
  { key: 'deposits', label: 'Deposits' },
  { key: 'withdrawals', label: 'Withdrawals' },
  { key: 'bets', label: 'Bets' },
  { key: 'wins', label: 'Wins paid' },
  { key: 'ggr', label: 'GGR', hint: 'bets − wins' },
  { key: 'bonuses', label: 'Bonuses', hint: 'referral rewards and spinner prizes' },
  { key: 'ngr', label: 'NGR', hint: 'GGR − bonuses' },
];

/** Bars of one figure per day; negative days (the house lost) hang below the line. */
function DailyChart({ days, figure, label }: { days: Overview['daily']; figure: 'ggr' | 'ngr' | 'deposits' | 'withdrawals'; label: string }) {
  const values = days.map((d) => d[figure]);
  const top = Math.max(1, ...values.map(Math.abs));
  const width = 300;
  const height = 90;
  const mid = values.some((v) => v < 0) ? height / 2 : height;
  const bar = width / days.length;
  const total = values.reduce((s, v) => s + v, 0);
  return (
    <figure className="admin-chart">
      <figcaption>
        {label}: <strong>{formatRupees(total)}</strong> over 30 days
      </figcaption>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={`${label} per day for the last 30 days; total ${formatRupees(total)}`}
        preserveAspectRatio="none"
      >
        <line x1="0" x2={width} y1={mid} y2={mid} className="admin-chart__axis" />
        {values.map((v, i) => {
          const h = (Math.abs(v) / top) * (mid === height ? height : height / 2);
          return (
            <rect
              key={days[i].day}
              x={i * bar + 1}
              width={Math.max(1, bar - 2)}
              y={v >= 0 ? mid - h : mid}
              height={h}
              className={v >= 0 ? 'admin-chart__bar' : 'admin-chart__bar admin-chart__bar--neg'}
            >
              <title>{`${days[i].day}: ${formatRupees(v)}`}</title>
            </rect>
          );
        })}
      </svg>
    </figure>
  );
}

/** The first screen for admins with the transaction page: the figures, what waits, and whether the ledger holds. */
export function OverviewSection() {
  const overview = useOverview();
  if (overview.isPending) return <Loading />;
  if (overview.isError) return <ErrorRetry onRetry={() => void overview.refetch()}>The overview could not be loaded.</ErrorRetry>;
  const { periods, daily, pending, ledger } = overview.data;
  return (
    <section className="admin-section">
      <SectionHead title="Overview">
        <a className="btn btn--secondary admin-mini" href="/api/v1/admin/reports/daily.csv?days=30" download>
          Daily report (CSV)
        </a>
      </SectionHead>
      <div className="admin-overview__status">
        <p className={`admin-overview__badge admin-overview__badge--${ledger.ok ? 'ok' : 'bad'}`} role="status">
          {ledger.ok ? '✓ Ledger balanced' : `✗ Ledger: ${ledger.violations} problem${ledger.violations > 1 ? 's' : ''}`}
          <span> · checked {formatDateTime(ledger.checkedAt)}</span>
        </p>
        <p className="admin-overview__pending">
          Waiting for a decision: <strong>{pending.deposits}</strong> deposit{pending.deposits === 1 ? '' : 's'}, <strong>{pending.withdrawals}</strong>{' '}
          withdrawal
          {pending.withdrawals === 1 ? '' : 's'}
        </p>
      </div>
      <div className="admin-table-wrap">
        <table className="admin-table admin-overview__table">
          <thead>
            <tr>
              <th scope="col">Figure</th>
              {REPORT_PERIODS.map((p) => (
                <th key={p} scope="col" className="num">
                  {PERIOD_LABEL[p]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {ROWS.map((r) => (
              <tr key={r.key}>
                <th scope="row">
                  {r.label}
                  {r.hint && <span className="admin-muted"> ({r.hint})</span>}
                </th>
                {REPORT_PERIODS.map((p) => (
                  <td key={p} className={`num${periods[p][r.key] < 0 ? ' admin-overview__neg' : ''}`}>
                    {formatRupees(periods[p][r.key])}
                  </td>
                ))}
              </tr>
            ))}
            <tr>
              <th scope="row">Players who bet</th>
              {REPORT_PERIODS.map((p) => (
                <td key={p} className="num">
                  {periods[p].players}
                </td>
              ))}
            </tr>
          </tbody>
        </table>
      </div>
      <div className="admin-overview__charts">
        <DailyChart days={daily} figure="ggr" label="GGR" />
        <DailyChart days={daily} figure="ngr" label="NGR" />
        <DailyChart days={daily} figure="deposits" label="Deposits" />
        <DailyChart days={daily} figure="withdrawals" label="Withdrawals" />
      </div>
    </section>
  );
}
