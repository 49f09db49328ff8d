import { useState, type FormEvent } from 'react';
import { COIN_LABELS, readRate, type CryptoType } from '../../../../../contracts/crypto';
import type { CoinRateEntry } from '../../../../../contracts/wallet.answers';
import { Button } from '../../../components/ui/Button';
import { Field } from '../../../components/ui/Field';
import { ErrorText, Loading } from '../../../components/ui/States';
import { errorMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { useCryptoRates, useSaveCryptoRate } from '../cryptoRates.api';
import { formatAmount } from '../admin.format';

/** One coin's rate: what it is and since when, and a field to set a new one. */
function RateRow({ entry }: { entry: CoinRateEntry }) {
  const save = useSaveCryptoRate();
  const [rate, setRate] = useState('');
  const [error, setError] = useState<string>();
  const coin = COIN_LABELS[entry.coin];

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const read = readRate(rate);
    if ('problem' in read) return setError(read.problem);
    setError(undefined);
    save.mutate(
      { coin: entry.coin as CryptoType, rate: rate.trim() },
      {
        onSuccess: () => {
          setRate('');
          notify.success(`${coin} rate saved`);
        },
        onError: (err) => notify.error(errorMessage(err, 'Failed to save the rate')),
      },
    );
  };

  return (
    <li className="admin-rate">
      <div className="admin-rate__now">
        <strong className="admin-rate__coin">{coin}</strong>
        {entry.rate ? (
          <span>
            <strong className="admin-amount">{formatAmount(entry.rate.rate)}</strong> for 1 {coin}
            <span className="admin-rate__date"> · set {formatDateTime(entry.rate.setAt)}</span>
          </span>
        ) : (
          <span className="admin-rate__none">No rate: {coin} deposits are closed</span>
        )}
      </div>
      <form className="admin-amount-form" onSubmit={onSubmit} noValidate>
        <Field
          label={`New rate (₹ for 1 ${coin})`}
          inputMode="decimal"
          placeholder="e.g. 85.50"
          value={rate}
          error={error}
          onChange={(e) => setRate(e.target.value)}
        />
        <Button type="submit" busy={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save rate'}
        </Button>
      </form>
    </li>
  );
}

/**
 * The rate of each coin, in rupees for one coin: players are shown the coin to send at it, and a
 * deposit records it. A coin without a rate takes no deposits. Each change is in the audit log.
 */
export function CryptoRatesPanel() {
  const rates = useCryptoRates();
  let body;
  if (rates.isPending) body = <Loading />;
  else if (rates.isError) body = <ErrorText>{errorMessage(rates.error, 'Failed to load the rates')}</ErrorText>;
  else
    body = (
      <ul className="admin-rates">
        {rates.data.map((entry) => (
          <RateRow key={entry.coin} entry={entry} />
        ))}
      </ul>
    );
  return (
    <div className="card admin-panel" aria-labelledby="crypto-rates-title" role="group">
      <h2 id="crypto-rates-title" className="admin-panel__title">
        Rates
      </h2>
      <p className="admin-panel__hint">
        Players see how much coin to send at these rates, with the time each was set; a deposit records the rate it was offered at.
      </p>
      {body}
    </div>
  );
}
