import { memo } from 'react';
import { Link } from 'react-router';
import type { ColorCommitment } from '../../../../../contracts/color';
import { BETS_CLOSE_SECONDS, payoutMultiplier, returnToPlayer, saltNotice, type Selection } from '../../../../../contracts/color.math';
import { formatDateTime } from '../../../lib/format';
import { t } from '../../../lib/i18n';
import { FEE } from '../color.format';

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

/** The rules, every payout and its return to player, and the chain's commitment, folded away. */
export const Rules = memo(function Rules({ commitment }: { commitment: ColorCommitment }) {
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
