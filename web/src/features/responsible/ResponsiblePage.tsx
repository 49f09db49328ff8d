import { useState, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import {
  EXCLUSION_DAYS,
  LIMIT_KIND_HELP,
  LIMIT_KIND_LABELS,
  LIMIT_KINDS,
  LIMIT_PERIODS,
  REALITY_CHECK_CHOICES,
  type ExclusionKind,
  type LimitKind,
  type LimitPeriod,
  type LimitView,
} from '../../../../contracts/responsible';
import { Button } from '../../components/ui/Button';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { Field } from '../../components/ui/Field';
import { Page } from '../../components/ui/Page';
import { SegmentedControl } from '../../components/ui/SegmentedControl';
import { ErrorRetry, Loading } from '../../components/ui/States';
import { errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { notify } from '../../lib/toast';
import { useIdempotencyKey } from '../../lib/useIdempotencyKey';
import { formatRupees, isAmountText } from '../../../../contracts/amounts';
import { responsibleApi, responsibleKeys, useResponsibleState } from './responsible.api';
import { daysText, obliqueDaysText } from './BreakNotice';
import './responsible.css';
import { t, tk } from '../../lib/i18n';
import { Tr } from '../../lib/Tr';

const PERIOD_LABELS: Record<LimitPeriod, string> = { day: tk('Per day'), week: tk('Per week'), month: tk('Per month') };

/** Profile → Responsible play: limits, a break, the reality check and statements. */
export default function ResponsiblePage() {
  const state = useResponsibleState();
  return (
    <Page title={t('Responsible play')} narrow>
      <p className="rp-intro">
        <Tr
          text="Set your own limits, take a break, and get reminders while you play. <safer>Safer play</safer> explains each tool and where to find help."
          parts={{ safer: <Link to="/safer-play" /> }}
        />
      </p>
      {state.isPending ? (
        <Loading />
      ) : state.isError ? (
        <ErrorRetry onRetry={() => void state.refetch()} busy={state.isFetching}>
          {errorMessage(state.error, t('Could not load your settings.'))}
        </ErrorRetry>
      ) : (
        <>
          {LIMIT_KINDS.map((kind) => (
            <LimitsForm key={kind} kind={kind} limits={state.data.limits.filter((l) => l.kind === kind)} />
          ))}
          <RealityCheckSetting minutes={state.data.realityCheckMinutes} />
          <TakeABreak />
          <Statements />
        </>
      )}
    </Page>
  );
}

function limitNote(l: LimitView): string {
  const parts: string[] = [];
  if (l.amount !== null)
    parts.push(
      t('Used {{used}} of {{limit}}; resets {{when}}.', { used: formatRupees(l.used), limit: formatRupees(l.amount), when: formatDateTime(l.resetsAt) }),
    );
  if (l.pending) {
    parts.push(
      l.pending.amount === null
        ? t('Removed from {{when}}.', { when: formatDateTime(l.pending.from) })
        : t('Rises to {{amount}} from {{when}}.', { amount: formatRupees(l.pending.amount), when: formatDateTime(l.pending.from) }),
    );
  }
  return parts.join(' ') || t('No limit.');
}

type LimitValues = Record<LimitPeriod, string>;

function LimitsForm({ kind, limits }: { kind: LimitKind; limits: LimitView[] }) {
  const queryClient = useQueryClient();
  const byPeriod = Object.fromEntries(limits.map((l) => [l.period, l])) as Record<LimitPeriod, LimitView>;
  const current = (p: LimitPeriod) => (byPeriod[p]?.amount === null || byPeriod[p] === undefined ? '' : String(byPeriod[p].amount));
  const { register, handleSubmit, formState, reset } = useForm<LimitValues>({
    values: { day: current('day'), week: current('week'), month: current('month') },
  });
  const save = useMutation({
    mutationFn: (values: LimitValues) => {
      const changed = LIMIT_PERIODS.filter((p) => values[p].trim() !== current(p)).map((period) => ({
        kind,
        period,
        amount: values[period].trim() === '' ? null : Number(values[period]),
      }));
      return changed.length ? responsibleApi.setLimits(changed) : Promise.resolve(null);
    },
    onSuccess: (answer) => {
      if (!answer) {
        notify.info(t('Nothing changed.'));
        return;
      }
      notify.success(t('Limits saved. A lower limit applies now; a higher one or a removal after 24 hours.'));
      void queryClient.invalidateQueries({ queryKey: responsibleKeys.all });
    },
    onError: (err) => notify.error(errorMessage(err, t('Could not save your limits. Please try again.'))),
  });
  const headingId = `rp-${kind}`;
  return (
    <section className="card rp-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="rp-card__title">
        {t(LIMIT_KIND_LABELS[kind])}
      </h2>
      <p className="rp-card__help">
        {t(LIMIT_KIND_HELP[kind])} {t('Leave a box empty for no limit.')}
      </p>
      <form noValidate onSubmit={handleSubmit((v) => save.mutate(v))} onReset={() => reset()}>
        <div className="rp-limits">
          {LIMIT_PERIODS.map((period) => (
            <Field
              key={period}
              label={`${t(PERIOD_LABELS[period])} (₹)`}
              inputMode="decimal"
              autoComplete="off"
              placeholder={t('No limit')}
              error={formState.errors[period]?.message}
              hint={byPeriod[period] && (byPeriod[period].amount !== null || byPeriod[period].pending) ? limitNote(byPeriod[period]) : undefined}
              {...register(period, {
                validate: (v) => v.trim() === '' || isAmountText(v) || t('Enter an amount in rupees, or leave it empty'),
              })}
            />
          ))}
        </div>
        <Button type="submit" busy={save.isPending}>
          {t('Save {{what}}', { what: t(LIMIT_KIND_LABELS[kind]).toLowerCase() })}
        </Button>
      </form>
    </section>
  );
}

/** A labelled choice of numbers, boxed like the text fields. */
function SelectField({
  id,
  label,
  value,
  disabled,
  onChange,
  children,
}: {
  id: string;
  label: string;
  value: number;
  disabled?: boolean;
  onChange: (value: number) => void;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="field__box">
        <select id={id} className="field__input rp-select" value={value} disabled={disabled} onChange={(e) => onChange(Number(e.target.value))}>
          {children}
        </select>
      </div>
    </div>
  );
}

function RealityCheckSetting({ minutes }: { minutes: number }) {
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: responsibleApi.setRealityCheck,
    onSuccess: (answer) => {
      notify.success(
        answer.realityCheckMinutes
          ? t('You will get a reminder every {{minutes}} minutes of play.', { minutes: answer.realityCheckMinutes })
          : t('Reality check turned off.'),
      );
      void queryClient.invalidateQueries({ queryKey: responsibleKeys.all });
    },
    onError: (err) => notify.error(errorMessage(err, t('Could not save. Please try again.'))),
  });
  return (
    <section className="card rp-card" aria-labelledby="rp-reality">
      <h2 id="rp-reality" className="rp-card__title">
        {t('Reality check')}
      </h2>
      <p className="rp-card__help">{t('A reminder of how long you have played and your net result, with the choice to carry on or stop.')}</p>
      <SelectField id="rp-reality-minutes" label={t('Remind me every')} value={minutes} disabled={save.isPending} onChange={(v) => save.mutate(v)}>
        {REALITY_CHECK_CHOICES.map((m) => (
          <option key={m} value={m}>
            {t('{{count}} minutes', { count: m })}
          </option>
        ))}
        <option value={0}>{t('Never (off)')}</option>
      </SelectField>
    </section>
  );
}

function TakeABreak() {
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<ExclusionKind>('timeout');
  const [days, setDays] = useState<number>(EXCLUSION_DAYS.timeout.choices[0]);
  const [confirming, setConfirming] = useState<string | null>(null);
  const idem = useIdempotencyKey();
  const take = useMutation({
    mutationFn: () => responsibleApi.exclude(kind, days, idem.keyFor({ kind, days })),
    onSuccess: (answer) => {
      idem.settle();
      setConfirming(null);
      notify.success(t('Your break has started. It ends {{when}}.', { when: formatDateTime(answer.endsAt) }));
      void queryClient.invalidateQueries({ queryKey: responsibleKeys.all });
    },
    onError: (err) => {
      idem.settle(err);
      setConfirming(null);
      notify.error(errorMessage(err, t('Could not start your break. Please try again.')));
    },
  });
  const choose = (k: ExclusionKind | null) => {
    if (!k) return;
    setKind(k);
    setDays(EXCLUSION_DAYS[k].choices[0]);
  };
  return (
    <section className="card rp-card" aria-labelledby="rp-break">
      <h2 id="rp-break" className="rp-card__title">
        {t('Take a break')}
      </h2>
      <p className="rp-card__help">
        {t(
          'A time-out lasts from a day to six weeks; self-exclusion from six months to five years. Either starts at once and cannot be ended early. Meanwhile you can sign in to withdraw your balance and see your history, but not play, deposit or spin.',
        )}
      </p>
      <SegmentedControl
        label={t('Kind of break')}
        value={kind}
        onChange={choose}
        options={[
          { value: 'timeout', label: t('Time-out') },
          { value: 'self-exclusion', label: t('Self-exclusion') },
        ]}
      />
      <SelectField id="rp-break-days" label={t('For')} value={days} onChange={setDays}>
        {EXCLUSION_DAYS[kind].choices.map((d) => (
          <option key={d} value={d}>
            {daysText(d)}
          </option>
        ))}
      </SelectField>
      <Button variant="danger" onClick={() => setConfirming(new Date(Date.now() + days * 86_400_000).toISOString())}>
        {kind === 'timeout' ? t('Start time-out') : t('Exclude myself')}
      </Button>
      <ConfirmDialog
        open={confirming !== null}
        title={kind === 'timeout' ? t('Start a time-out?') : t('Exclude yourself?')}
        tone="danger"
        confirmLabel={kind === 'timeout' ? t('Start time-out') : t('Exclude myself')}
        busy={take.isPending}
        onConfirm={() => take.mutate()}
        onCancel={() => setConfirming(null)}
      >
        <p>
          {t('For {{length}}, until about {{until}}, you will not be able to play, deposit or spin. This cannot be undone or shortened.', {
            length: obliqueDaysText(days),
            until: formatDateTime(confirming ?? ''),
          })}
        </p>
      </ConfirmDialog>
    </section>
  );
}

const localDate = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

function Statements() {
  const today = new Date();
  const [from, setFrom] = useState(localDate(new Date(today.getFullYear(), today.getMonth(), 1)));
  const [to, setTo] = useState(localDate(today));
  const valid = Boolean(from && to && from <= to);
  const query = new URLSearchParams({ from, to }).toString();
  return (
    <section className="card rp-card" aria-labelledby="rp-statements">
      <h2 id="rp-statements" className="rp-card__title">
        {t('Statements')}
      </h2>
      <p className="rp-card__help">{t('Download your transactions or your bets for any period as a CSV file (times in India time).')}</p>
      <div className="rp-dates">
        <Field label={t('From')} type="date" value={from} max={to} onChange={(e) => setFrom(e.target.value)} />
        <Field
          label={t('To')}
          type="date"
          value={to}
          min={from}
          onChange={(e) => setTo(e.target.value)}
          error={valid ? undefined : t('Choose a start on or before the end')}
        />
      </div>
      <div className="rp-downloads">
        <a
          className={`btn btn--secondary${valid ? '' : ' btn--disabled'}`}
          aria-disabled={!valid}
          href={valid ? `/api/v1/wallet/statement.csv?${query}` : undefined}
          download
        >
          {t('Transactions (CSV)')}
        </a>
        <a
          className={`btn btn--secondary${valid ? '' : ' btn--disabled'}`}
          aria-disabled={!valid}
          href={valid ? `/api/v1/bets/statement.csv?${query}` : undefined}
          download
        >
          {t('Bets (CSV)')}
        </a>
      </div>
    </section>
  );
}
