import { memo, useCallback, useState } from 'react';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  bestPayoutOf,
  BETS_CLOSE_SECONDS,
  checkPeriod,
  COLOR_FEE,
  NUMBERS,
  payoutMultiplier,
  returnToPlayer,
  saltNotice,
  type Selection,
} from '../../../../contracts/color.math';
import type { ColorCommitment, ColorState, PeriodResult } from '../../../../contracts/color';
import type { ExclusionView } from '../../../../contracts/responsible';
import { Button } from '../../components/ui/Button';
import { Modal } from '../../components/ui/Modal';
import { Page } from '../../components/ui/Page';
import { Pager } from '../../components/ui/Pager';
import { Empty, ErrorRetry, Loading } from '../../components/ui/States';
import { Tabs } from '../../components/ui/Tabs';
import { errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { notify } from '../../lib/toast';
import { useExclusion } from '../../lib/useExclusion';
import { useIdempotencyKey } from '../../lib/useIdempotencyKey';
import { balanceKey, useBalance, useSession } from '../../lib/useSession';
import { formatRupees, isAmountText, toPaise, toRupees } from '../../../../contracts/amounts';
import { useSiteSettings } from '../../lib/useSiteSettings';
import { useGameHidden } from '../../lib/useVisibleGames';
import { colorApi, colorKeys } from './color.api';
import { Ball, labelOf, obliqueLabelOf } from './Ball';
import { ColorBets, PeriodBets } from './ColorBets';
import { useRounds } from './useRounds';
import './color.css';
import { t } from '../../lib/i18n';
import { Tr } from '../../lib/Tr';

const CHIPS = [10, 50, 100, 500, 1000] as const;

/**
 * When the app opens on this screen, its period and first page of results are asked for as soon
 * as its code arrives, beside the rest of the app's start, not once React has rendered it.
 */
export function prefetch(client: QueryClient): void {
  void client.prefetchQuery({ queryKey: colorKeys.state, queryFn: colorApi.state });
  void client.prefetchQuery({ queryKey: colorKeys.history(1), queryFn: () => colorApi.history(1) });
}

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** The colour game (/color): the period and its countdown, the bets, history, trend and the player's own bets. */
export default function ColorGamePage() {
  const queryClient = useQueryClient();
  const state = useQuery({ queryKey: colorKeys.state, queryFn: colorApi.state, refetchInterval: 60_000 });
  const onResult = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: colorKeys.all });
    void queryClient.invalidateQueries({ queryKey: ['balance'] });
  }, [queryClient]);
  const rounds = useRounds(onResult);
  const [choice, setChoice] = useState<Selection | null>(null);
  const hidden = useGameHidden('color');
  // A time-out or self-exclusion closes the board and the sheet before they are used: the server would refuse the bet.
  const exclusion = useExclusion();

  if (hidden) {
    return (
      <Page title={t('Colour Prediction')} narrow>
        <Empty>
          {t('Colour Prediction is not open right now. Please check back soon.')} <Link to="/">{t('Back to home')}</Link>
        </Empty>
      </Page>
    );
  }
  if (state.isPending) return <Loading />;
  if (state.isError) {
    return (
      <Page title={t('Colour Prediction')} narrow>
        <ErrorRetry onRetry={() => void state.refetch()} busy={state.isFetching}>
          {errorMessage(state.error, t('Could not load Colour Prediction.'))}
        </ErrorRetry>
      </Page>
    );
  }
  const current = state.data.current;
  // No period runs while the chain waits for its salt; the socket's next round (its first) ends the wait.
  const socketRoundIsNew = rounds.round !== null && rounds.round.period > (state.data.last?.period ?? '');
  if (!current && !socketRoundIsNew) return <Waiting commitment={state.data.commitment} />;
  const period = rounds.round?.period ?? current!.period;
  const timeLeft = rounds.timeLeft ?? Math.max(0, Math.ceil((Date.parse(current!.endTime) - state.dataUpdatedAt) / 1000));
  const closed = timeLeft <= BETS_CLOSE_SECONDS;
  const last = rounds.lastResult ?? state.data.last;
  // Only a chain's first period can lie ahead (bets are taken for it from the start): its time
  // left runs to its end, past one period's length.
  const times = rounds.round ?? current!;
  const startsIn = timeLeft - Math.round((Date.parse(times.endTime) - Date.parse(times.startTime)) / 1000);

  return (
    <Page title={t('Colour Prediction')} narrow>
      <section className="card color-period" aria-label={t('Current period')}>
        <div>
          <p className="color-period__label">{t('Period')}</p>
          <p className="color-period__id" data-testid="period">
            {period}
          </p>
          <p className={rounds.connected ? 'color-live' : 'color-live color-live--off'}>{rounds.connected ? t('Live') : t('Connecting…')}</p>
          {startsIn > 0 && <p className="color-period__starts">{t('Starts in {{time}}', { time: clock(startsIn) })}</p>}
        </div>
        <div className="color-period__time">
          <p className="color-period__label">{closed ? t('Bets closed') : t('Time left')}</p>
          <p className="color-period__clock" role="timer" aria-live="off" aria-label={t('{{seconds}} seconds left', { seconds: timeLeft })}>
            {clock(timeLeft)}
          </p>
          {last && (
            <p className="color-period__last">
              {t('Last:')} <Ball n={last.number} size="sm" />
            </p>
          )}
        </div>
      </section>

      <PeriodBets period={period} lastPeriod={last?.period ?? null} />

      <Board closed={closed} timeLeft={closed ? timeLeft : null} exclusion={exclusion} onPick={setChoice} />

      <Results />

      <Rules commitment={state.data.commitment} />

      {choice && <BetSheet selection={choice} period={period} closed={closed} exclusion={exclusion} onClose={() => setChoice(null)} />}
    </Page>
  );
}

/** While the chain waits for its salt no period runs: the screen says why, and what comes next. */
function Waiting({ commitment }: { commitment: ColorCommitment }) {
  return (
    <Page title={t('Colour Prediction')} narrow>
      <section className="card color-waiting" aria-labelledby="color-waiting-title">
        <h2 id="color-waiting-title">{t('The next game starts soon')}</h2>
        <p>{saltNotice(commitment, t)}</p>
        <p>
          <Tr
            text="Chain {{chain}} was published on {{date}} with the hash <code>{{hash}}</code>."
            values={{ chain: commitment.id, date: formatDateTime(commitment.publishedAt), hash: commitment.terminalHash }}
            parts={{ code: <code className="color-rules__hash" /> }}
          />
        </p>
        <p>
          <Link to="/color/fairness">{t('See every commitment')}</Link>
        </p>
      </section>
      <Results />
    </Page>
  );
}

/**
 * The bet buttons. The countdown renders the page every second; this part (and the results and
 * rules below it) renders again only when what it shows changes.
 */
const Board = memo(function Board({
  closed: periodClosed,
  timeLeft,
  exclusion,
  onPick,
}: {
  closed: boolean;
  timeLeft: number | null;
  exclusion: ExclusionView | null;
  onPick: (s: Selection) => void;
}) {
  const closed = periodClosed || exclusion !== null;
  return (
    <section className="card color-board" aria-label={t('Place a bet')}>
      {exclusion ? (
        <BreakClosed exclusion={exclusion} />
      ) : (
        periodClosed && (
          <p className="color-closed" role="status">
            {t('Bets for this period are closed. The next one opens in {{seconds}} s.', { seconds: timeLeft })}
          </p>
        )
      )}
      <div className="color-board__colours">
        {(['green', 'violet', 'red'] as const).map((c) => (
          <button key={c} type="button" className={`color-pick color-pick--${c}`} disabled={closed} onClick={() => onPick(c)}>
            {labelOf(c)}
          </button>
        ))}
      </div>
      <div className="color-board__numbers" role="group" aria-label={t('Numbers')}>
        {NUMBERS.map((n) => (
          <button key={n} type="button" className="color-number" disabled={closed} onClick={() => onPick(n)} aria-label={t('Number {{n}}', { n })}>
            <Ball n={Number(n)} />
          </button>
        ))}
      </div>
      <div className="color-board__sizes">
        {(['big', 'small'] as const).map((s) => (
          <button key={s} type="button" className={`color-pick color-pick--${s}`} disabled={closed} onClick={() => onPick(s)}>
            {labelOf(s)} <small>{s === 'big' ? '5–9' : '0–4'}</small>
          </button>
        ))}
      </div>
    </section>
  );
});

/** History, trend and the player's own bets, in tabs. */
const Results = memo(function Results() {
  const [tab, setTab] = useState<'history' | 'trend' | 'mine'>('history');
  return (
    <Tabs
      tabs={[
        { id: 'history', label: t('History') },
        { id: 'trend', label: t('Trend') },
        { id: 'mine', label: t('My bets') },
      ]}
      active={tab}
      onChange={setTab}
      label={t('Results')}
    >
      {tab === 'history' ? <History /> : tab === 'trend' ? <Trend /> : <ColorBets />}
    </Tabs>
  );
});

/** Why no bet can be placed during a time-out or self-exclusion, and until when. */
function BreakClosed({ exclusion }: { exclusion: ExclusionView }) {
  const until = formatDateTime(exclusion.endsAt);
  return (
    <p className="color-closed" role="status" data-testid="break-closed">
      {exclusion.kind === 'timeout'
        ? t('You are on a time-out until {{until}}: no bet can be placed until then.', { until })
        : t('You have excluded yourself until {{until}}: no bet can be placed until then.', { until })}
    </p>
  );
}

function BetSheet({
  selection,
  period,
  closed,
  exclusion,
  onClose,
}: {
  selection: Selection;
  period: string;
  closed: boolean;
  exclusion: ExclusionView | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const balance = useBalance();
  const { data: settings } = useSiteSettings();
  const [amount, setAmount] = useState('10');
  const idem = useIdempotencyKey();
  const min = settings?.color.minBet ?? 10;
  const max = settings?.color.maxBet ?? 10_000;
  const value = Number(amount);
  const invalid =
    !isAmountText(amount) || value < min || value > max
      ? t('Enter {{min}} to {{max}}', { min: formatRupees(min), max: formatRupees(max) })
      : balance.data !== undefined && value > balance.data
        ? t('Insufficient balance!')
        : '';
  const place = useMutation({
    mutationFn: () => colorApi.bet({ period, selection, amount: value }, idem.keyFor({ period, selection, amount: value })),
    onSuccess: (answer) => {
      idem.settle();
      queryClient.setQueryData(balanceKey(user?._id), answer.balance);
      void queryClient.invalidateQueries({ queryKey: colorKeys.allBets });
      notify.success(
        t('Bet placed: {{amount}} on {{choice}}, period {{period}}.', {
          amount: formatRupees(answer.bet.amount),
          choice: obliqueLabelOf(selection),
          period: answer.bet.period,
        }),
      );
      onClose();
    },
    onError: (err) => {
      idem.settle(err);
      notify.error(errorMessage(err, t('Could not place the bet. Please try again.')));
    },
  });
  const best = Math.max(...Array.from({ length: 10 }, (_, n) => payoutMultiplier(selection, n)));
  const bestPayout = Number.isFinite(value) && value > 0 ? toRupees(bestPayoutOf(toPaise(value), selection)) : 0;
  return (
    <Modal
      open
      title={t('Bet on {{choice}}', { choice: obliqueLabelOf(selection) })}
      onClose={onClose}
      actions={
        <>
          <Button variant="ghost" onClick={onClose}>
            {t('Cancel')}
          </Button>
          <Button onClick={() => place.mutate()} busy={place.isPending} disabled={Boolean(invalid) || closed || exclusion !== null}>
            {t('Bet {{amount}}', { amount: Number.isFinite(value) && value > 0 ? formatRupees(value) : '' }).trim()}
          </Button>
        </>
      }
    >
      <p className="color-sheet__period">
        {t('Period')} {period}
      </p>
      <div className="field">
        <label className="field__label" htmlFor="color-amount">
          {t('Amount (₹)')}
        </label>
        <div className="field__box">
          <input
            id="color-amount"
            className="field__input"
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value.trim())}
            aria-invalid={invalid ? true : undefined}
            aria-describedby="color-amount-note"
          />
        </div>
        <p id="color-amount-note" className={invalid ? 'field__error' : 'field__hint'}>
          {invalid || t('Pays up to {{multiplier}}× after the {{fee}} fee: {{amount}}.', { multiplier: best, fee: FEE, amount: formatRupees(bestPayout) })}
        </p>
      </div>
      <div className="color-chips" role="group" aria-label={t('Quick amounts')}>
        {CHIPS.map((c) => (
          <button key={c} type="button" className="color-chip" aria-pressed={value === c} onClick={() => setAmount(String(c))}>
            ₹{c}
          </button>
        ))}
      </div>
      {exclusion ? <BreakClosed exclusion={exclusion} /> : closed && <p className="field__error">{t('Bets for this period are closed.')}</p>}
    </Modal>
  );
}

function History() {
  const [page, setPage] = useState(1);
  const list = useQuery({ queryKey: colorKeys.history(page), queryFn: () => colorApi.history(page) });
  const [checked, setChecked] = useState<Record<string, string>>({});
  // Hashes this screen has proven against each chain's commitment: each check walks only down to the nearest.
  const [proven] = useState(() => new Map<number, Map<number, string>>());
  const queryClient = useQueryClient();
  const verify = async (r: PeriodResult) => {
    setChecked((c) => ({ ...c, [r.period]: t('Checking…') }));
    try {
      // Each period is checked against its own chain's commitment.
      const { chains } = await queryClient.fetchQuery({ queryKey: colorKeys.commitments(1), queryFn: () => colorApi.commitments(1), staleTime: 10_000 });
      const chain = chains.find((c) => c.id === r.chain);
      if (!chain) {
        setChecked((c) => ({ ...c, [r.period]: t('See Fairness') }));
        return;
      }
      if (!proven.has(chain.id)) proven.set(chain.id, new Map());
      const check = await checkPeriod(r, chain, proven.get(chain.id));
      setChecked((c) => ({ ...c, [r.period]: check.verified ? t('Verified ✓') : t('Does not verify ✗') }));
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
                    to={`/color/fairness?period=${r.period}`}
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

function Trend() {
  const list = useQuery({ queryKey: colorKeys.history(1), queryFn: () => colorApi.history(1) });
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

/** The fee, as the payout rule of contracts/color.math.ts takes it. */
const FEE = `${Math.round(COLOR_FEE * 100)}%`;

/** What a colour pays on which numbers, from the payout rule itself: "2× on 1, 3, 7, 9; 1.5× on 5". */
function paysOn(selection: Selection): string {
  const byMultiplier = new Map<number, number[]>();
  for (let n = 0; n < 10; n++) {
    const m = payoutMultiplier(selection, n);
    if (m > 0) byMultiplier.set(m, [...(byMultiplier.get(m) ?? []), n]);
  }
  return [...byMultiplier.entries()]
    .sort(([a], [b]) => b - a)
    .map(([m, ns]) => t('{{multiplier}}× on {{numbers}}', { multiplier: m, numbers: ns.length === 2 ? ns.join(t(' or ')) : ns.join(', ') }))
    .join('; ');
}

const Rules = memo(function Rules({ commitment }: { commitment: ColorState['commitment'] }) {
  const rows: [string, string, Selection][] = [
    [t('Green'), paysOn('green'), 'green'],
    [t('Red'), paysOn('red'), 'red'],
    [t('Violet'), paysOn('violet'), 'violet'],
    [t('A number'), t('{{multiplier}}× on that number', { multiplier: payoutMultiplier('7', 7) }), '7'],
    [t('Big / Small'), t('{{multiplier}}× on 5–9 / 0–4', { multiplier: payoutMultiplier('big', 9) }), 'big'],
  ];
  return (
    <details className="card color-rules">
      <summary>{t('Rules, payouts and fairness')}</summary>
      <p>
        {t(
          'A new period starts every {{seconds}} seconds for everyone. Bets close {{close}} seconds before it ends. Each payout is on the stake less a {{fee}} fee.',
          {
            seconds: commitment.roundSeconds,
            close: BETS_CLOSE_SECONDS,
            fee: FEE,
          },
        )}
      </p>
      <table className="color-table">
        <thead>
          <tr>
            <th scope="col">{t('Bet')}</th>
            <th scope="col">{t('Pays')}</th>
            <th scope="col">{t('Return to player')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([name, pays, s]) => (
            <tr key={name}>
              <td>{name}</td>
              <td>{pays}</td>
              <td>{(returnToPlayer(s) * 100).toFixed(1)}%</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        {t(
          'Every number comes from a chain of hashes published before its first period, mixed with a salt that comes after it. Verify any period in History: your browser recomputes its number and walks its hash back to its chain’s published one.',
        )}
      </p>
      <p className="color-rules__notice">{saltNotice(commitment, t)}</p>
      <dl className="color-rules__commitment">
        <dt>{t('Chain {{chain}}: published hash', { chain: commitment.id })}</dt>
        <dd className="color-rules__hash">{commitment.terminalHash}</dd>
        <dt>{t('Published')}</dt>
        <dd>{formatDateTime(commitment.publishedAt)}</dd>
        <dt>{t('Salt')}</dt>
        <dd className="color-rules__hash">{commitment.salt ?? t('Not entered yet')}</dd>
        {commitment.epoch && (
          <>
            <dt>{t('First period')}</dt>
            <dd>{formatDateTime(commitment.epoch)}</dd>
          </>
        )}
      </dl>
      <p>
        <Link to="/color/fairness">{t('Every commitment, and any period checked step by step')}</Link>
      </p>
    </details>
  );
});
