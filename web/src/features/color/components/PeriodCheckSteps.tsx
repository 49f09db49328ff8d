import type { ColorCommitment, PeriodResult } from '../../../../../contracts/color';
import { saltNotice, type PeriodCheck } from '../../../../../contracts/color.math';
import { checkMark, verdictText } from '../../../lib/fairness/verdict';
import { currentLocale, t } from '../../../lib/i18n';
import { Ball, labelOf } from './Ball';

/** A period's check, each step with what it computed and whether it agrees. */
export function PeriodCheckSteps({ result, chain, check }: { result: PeriodResult; chain: ColorCommitment; check: PeriodCheck }) {
  return (
    <div className="color-fair__steps" aria-live="polite">
      <p className={check.verified ? 'color-fair__verdict color-fair__verdict--ok' : 'color-fair__verdict color-fair__verdict--bad'} role="status">
        {t('Period {{period}}: {{verdict}}', { period: result.period, verdict: verdictText(check.verified) })}
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
            ? t('Hashed {{count}} time, it gives the chain’s published hash {{mark}}', { count: result.index, mark: checkMark(check.chained) })
            : t('Hashed {{count}} times, it gives the chain’s published hash {{mark}}', { count: result.index, mark: checkMark(check.chained) })}
        </dt>
        <dd className="color-rules__hash">{chain.terminalHash}</dd>
        <dt>{t('Salt')}</dt>
        <dd className="color-rules__hash">{chain.salt}</dd>
        <dd className="color-fair__note">{saltNotice(chain, t)}</dd>
        <dt>{t('HMAC-SHA256(key = period hash, message = “salt:{{index}}:0”)', { index: result.index })}</dt>
        <dd className="color-rules__hash">{check.hmac}</dd>
        <dt>{t('First four bytes as a fraction of 2³²')}</dt>
        <dd>{check.float.toFixed(10)}</dd>
        <dt>{t('Number: ⌊{{fraction}} × 10⌋ {{mark}}', { fraction: check.float.toFixed(4), mark: checkMark(check.number === result.number) })}</dt>
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
