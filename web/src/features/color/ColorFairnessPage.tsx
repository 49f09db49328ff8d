import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { ColorCommitment, PeriodResult } from '../../../../contracts/color';
import { Button } from '../../components/ui/Button';
import { Field } from '../../components/ui/Field';
import { Page } from '../../components/ui/Page';
import { Pager } from '../../components/ui/Pager';
import { Empty, ErrorRetry, Loading } from '../../components/ui/States';
import { errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { Ball, labelOf } from './Ball';
import { colorApi, colorKeys } from './color.api';
import { checkChainPage, checkPeriod, newChainCheck, saltNotice, type ChainCheck, type PeriodCheck } from '../../../../contracts/color.math';
import './color.css';
import { currentLocale, t, tk } from '../../lib/i18n';

const PERIOD = /^\d{12}$/;

const STATUS: Record<ColorCommitment['status'], string> = {
  'awaiting-salt': tk('Waiting for its salt'),
  starting: tk('Starts soon'),
  running: tk('Running'),
  ended: tk('Ended'),
};

/** /color/fairness: every chain the colour game committed to, and any period checked step by step. Open to everyone. */
export default function ColorFairnessPage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('period') ?? '';
  const period = PERIOD.test(asked) ? asked : null;
  return (
    <Page title={t('Colour Prediction fairness')} narrow>
      <CheckPeriod key={period ?? ''} period={period} onCheck={(p) => setParams({ period: p }, { replace: true })} />
      <Commitments />
    </Page>
  );
}

function CheckPeriod({ period, onCheck }: { period: string | null; onCheck: (period: string) => void }) {
  const [text, setText] = useState(period ?? '');
  const [error, setError] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = text.trim();
    if (!PERIOD.test(value)) {
      setError(t('Enter the 12-digit period number, such as 202611250001.'));
      return;
    }
    setError('');
    onCheck(value);
  };
  return (
    <section className="card color-fair" aria-labelledby="check-title">
      <h2 id="check-title">{t('Check a period')}</h2>
      <p className="color-fair__intro">
        {t(
          'Your browser recomputes the period’s number from its hash and its chain’s salt, and hashes its hash back to the chain’s published hash. Nothing here trusts the server’s word.',
        )}
      </p>
      <form className="color-fair__form" onSubmit={submit} noValidate>
        <Field label={t('Period')} inputMode="numeric" autoComplete="off" value={text} onChange={(e) => setText(e.target.value)} error={error} maxLength={12} />
        <Button type="submit">{t('Check')}</Button>
      </form>
      {period && <PeriodSteps period={period} />}
    </section>
  );
}

function PeriodSteps({ period }: { period: string }) {
  const result = useQuery({ queryKey: colorKeys.period(period), queryFn: () => colorApi.period(period), retry: false });
  const chains = useQuery({ queryKey: colorKeys.commitments(1), queryFn: () => colorApi.commitments(1) });
  const chain = result.data && chains.data?.chains.find((c) => c.id === result.data.chain);
  const check = useQuery({
    queryKey: colorKeys.check(period, chain?.id),
    queryFn: () => checkPeriod(result.data!, chain!),
    enabled: Boolean(result.data && chain),
    staleTime: Infinity,
  });
  if (result.isError) return <p className="field__error">{errorMessage(result.error, t('Could not load this period.'))}</p>;
  if (chains.isError) return <ErrorRetry onRetry={() => void chains.refetch()}>{errorMessage(chains.error, t('Could not load the commitments.'))}</ErrorRetry>;
  if (result.isPending || chains.isPending || (chain && check.isPending)) return <Loading />;
  if (!chain) return <p className="field__error">{t('This period’s chain is not among the newest commitments.')}</p>;
  if (check.isError) return <ErrorRetry onRetry={() => void check.refetch()}>{t('Could not check this period. Please try again.')}</ErrorRetry>;
  return <Steps result={result.data} chain={chain} check={check.data!} />;
}

function Steps({ result, chain, check }: { result: PeriodResult; chain: ColorCommitment; check: PeriodCheck }) {
  const mark = (ok: boolean) => (ok ? '✓' : '✗');
  return (
    <div className="color-fair__steps" aria-live="polite">
      <p className={check.verified ? 'color-fair__verdict color-fair__verdict--ok' : 'color-fair__verdict color-fair__verdict--bad'} role="status">
        {t('Period {{period}}: {{verdict}}', { period: result.period, verdict: check.verified ? t('Verified ✓') : t('Does not verify ✗') })}
      </p>
      <dl className="color-fair__list">
        <dt>{t('Chain')}</dt>
        <dd>
          {t('{{chain}}, period {{index}} of {{length}}', { chain: chain.id, index: result.index, length: chain.chainLength.toLocaleString(currentLocale()) })}
        </dd>
        <dt>{t('Period hash')}</dt>
        <dd className="color-rules__hash">{result.hash}</dd>
        <dt>
          {result.index === 1
            ? t('Hashed {{count}} time, it gives the chain’s published hash {{mark}}', { count: result.index, mark: mark(check.chained) })
            : t('Hashed {{count}} times, it gives the chain’s published hash {{mark}}', { count: result.index, mark: mark(check.chained) })}
        </dt>
        <dd className="color-rules__hash">{chain.terminalHash}</dd>
        <dt>{t('Salt')}</dt>
        <dd className="color-rules__hash">{chain.salt}</dd>
        <dd className="color-fair__note">{saltNotice(chain, t)}</dd>
        <dt>{t('HMAC-SHA256(key = period hash, message = “salt:{{index}}:0”)', { index: result.index })}</dt>
        <dd className="color-rules__hash">{check.hmac}</dd>
        <dt>{t('First four bytes as a fraction of 2³²')}</dt>
        <dd>{check.float.toFixed(10)}</dd>
        <dt>{t('Number: ⌊{{fraction}} × 10⌋ {{mark}}', { fraction: check.float.toFixed(4), mark: mark(check.number === result.number) })}</dt>
        <dd className="color-fair__number">
          <Ball n={check.number} size="sm" /> {check.number},{' '}
          {check.colour
            .split('+')
            .map((c) => labelOf(c as 'green'))
            .join('+')}
          , {labelOf(check.size)}
          {check.number !== result.number && <span> {t('(the server recorded {{number}})', { number: result.number })}</span>}
        </dd>
      </dl>
    </div>
  );
}

function Commitments() {
  const [page, setPage] = useState(1);
  const list = useQuery({ queryKey: colorKeys.commitments(page), queryFn: () => colorApi.commitments(page) });
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

/** Checks every ended period of one chain in the browser, page by page, with its progress. */
function CheckChain({ chain }: { chain: ColorCommitment }) {
  const [state, setState] = useState<{ running: boolean; check: ChainCheck; total: number; error?: string } | null>(null);
  const run = async () => {
    const check = newChainCheck();
    setState({ running: true, check, total: 0 });
    try {
      for (let page = 1; ; page++) {
        const answer = await colorApi.chainPeriods(chain.id, page);
        await checkChainPage(answer.periods, { terminalHash: chain.terminalHash, salt: chain.salt! }, check);
        setState({ running: page < answer.totalPages, check: { ...check }, total: check.checked });
        if (page >= answer.totalPages) break;
      }
    } catch (err) {
      setState({ running: false, check, total: check.checked, error: errorMessage(err, t('The check stopped: please try again.')) });
    }
  };
  if (!state) {
    return (
      <Button variant="ghost" onClick={() => void run()}>
        {t('Check every ended period of chain {{chain}}', { chain: chain.id })}
      </Button>
    );
  }
  const { check } = state;
  return (
    <p className="color-fair__chain-check" role="status" aria-live="polite">
      {state.error
        ? state.error
        : state.running
          ? t('Checking… {{count}} periods so far', { count: check.checked.toLocaleString(currentLocale()) })
          : check.checked === 0
            ? t('No period of this chain has ended yet.')
            : check.failed.length === 0
              ? t('All {{count}} ended periods verified ✓', { count: check.checked.toLocaleString(currentLocale()) })
              : t('{{failed}} of {{count}} do not verify ✗: {{periods}}', {
                  failed: check.failed.length,
                  count: check.checked.toLocaleString(currentLocale()),
                  periods: `${check.failed.slice(0, 5).join(', ')}${check.failed.length > 5 ? '…' : ''}`,
                })}
    </p>
  );
}
