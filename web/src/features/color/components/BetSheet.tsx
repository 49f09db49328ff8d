import { useState } from 'react';
import { formatRupees, isAmountText, toPaise, toRupees } from '../../../../../contracts/amounts';
import { bestPayoutOf, payoutMultiplier, type Selection } from '../../../../../contracts/color.math';
import type { ExclusionView } from '../../../../../contracts/responsible';
import { Button } from '../../../components/ui/Button';
import { Modal } from '../../../components/ui/Modal';
import { errorMessage } from '../../../lib/api';
import { t } from '../../../lib/i18n';
import { notify } from '../../../lib/toast';
import { useBalance } from '../../../lib/useSession';
import { useSiteSettings } from '../../../lib/useSiteSettings';
import { usePlaceBet } from '../color.api';
import { FEE } from '../color.format';
import { obliqueLabelOf } from './Ball';
import { BreakClosed } from './BreakClosed';

const CHIPS = [10, 50, 100, 500, 1000] as const;

/** The sheet for one choice: the amount (typed or a chip), what it pays at best, and the bet. */
export function BetSheet({
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
  const balance = useBalance();
  const { data: settings } = useSiteSettings();
  const [amount, setAmount] = useState('10');
  const place = usePlaceBet();
  const min = settings?.color.minBet ?? 10;
  const max = settings?.color.maxBet ?? 10_000;
  const value = Number(amount);
  const invalid =
    !isAmountText(amount) || value < min || value > max
      ? t('Enter {{min}} to {{max}}', { min: formatRupees(min), max: formatRupees(max) })
      : balance.data !== undefined && value > balance.data
        ? t('Insufficient balance!')
        : '';
  const bet = () =>
    place.mutate(
      { period, selection, amount: value },
      {
        onSuccess: (answer) => {
          notify.success(
            t('Bet placed: {{amount}} on {{choice}}, period {{period}}.', {
              amount: formatRupees(answer.bet.amount),
              choice: obliqueLabelOf(selection),
              period: answer.bet.period,
            }),
          );
          onClose();
        },
        onError: (err) => notify.error(errorMessage(err, t('Could not place the bet. Please try again.'))),
      },
    );
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
          <Button onClick={bet} busy={place.isPending} disabled={Boolean(invalid) || closed || exclusion !== null}>
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
