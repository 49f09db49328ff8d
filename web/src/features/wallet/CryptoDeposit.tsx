import { useId } from 'react';
import { formatRupees, readAmount, toPaise, toRupees } from '../../../../contracts/amounts';
import { COIN_DECIMALS, COIN_LABELS, formatCoin, NETWORK_LABELS, offerFor, readCoinAmount, type CoinOffer } from '../../../../contracts/crypto';
import type { QrCode } from '../../../../contracts/wallet.answers';
import { SegmentedControl } from '../../components/ui/SegmentedControl';
import { formatDateTime } from '../../lib/format';
import { t } from '../../lib/i18n';
import { ownText } from '../../lib/ownText';
import { AmountPicker } from './AmountPicker';
import { CopyButton } from './QrDisplay';

/** A crypto code players can pay to: it names its coin and network, and its coin has a rate. */
export type CryptoOfferCode = QrCode & { coin: NonNullable<QrCode['coin']>; network: NonNullable<QrCode['network']>; rate: NonNullable<QrCode['rate']> };

export const pairKey = (c: { coin: string; network: string }) => `${c.coin}:${c.network}`;

/** The codes a crypto deposit can be made to, in the order the back office added them. */
export const offeredCodes = (codes: QrCode[] | undefined): CryptoOfferCode[] =>
  (codes ?? []).filter((c): c is CryptoOfferCode => Boolean(c.coin && c.network && c.rate));

/** How the player gives the amount: in rupees (the coin follows) or in coin (the rupees follow). */
export type AmountIn = 'inr' | 'coin';

/** The offer for what the player typed, at the code's rate; null while nothing sensible is typed. */
export function offerOf(code: CryptoOfferCode, amountIn: AmountIn, amount: string, coinAmount: string): CoinOffer | null {
  const rate = toPaise(code.rate.rate);
  if (amountIn === 'inr') {
    const read = amount.trim() ? readAmount(amount) : null;
    return read && 'paise' in read ? offerFor({ paise: read.paise }, rate, code.coin) : null;
  }
  const read = coinAmount.trim() ? readCoinAmount(coinAmount, code.coin) : null;
  return read && 'units' in read ? offerFor({ units: read.units }, rate, code.coin) : null;
}

/**
 * What a crypto deposit sends: its pair, the rupees or the coin amount the player typed, and the
 * time of the rate the screen showed (the server refuses it at any other rate).
 */
export function cryptoDeposit(code: CryptoOfferCode, amountIn: AmountIn, amount: string, coinAmount: string, payNumber: string) {
  return {
    ...(amountIn === 'inr' ? { amount: Number(amount) } : {}),
    method: 'Crypto' as const,
    details: {
      payNumber,
      cryptoType: code.coin,
      network: code.network,
      ...(amountIn === 'coin' ? { coinAmount: coinAmount.trim() } : {}),
      rateSetAt: code.rate.setAt,
    },
  };
}

/** What is wrong with a typed coin amount, in the player's language; undefined when nothing is. */
export function coinAmountError(code: CryptoOfferCode, coinAmount: string): string | undefined {
  const read = readCoinAmount(coinAmount, code.coin);
  if ('units' in read) return undefined;
  const coin = COIN_LABELS[code.coin];
  if (read.problem === 'tooManyDecimals') return t('{{coin}} amounts have at most {{decimals}} decimals', { coin, decimals: COIN_DECIMALS[code.coin] });
  if (read.problem === 'notPositive') return t('The coin amount must be greater than zero');
  return t('Enter the coin amount as a number, for example 11.5');
}

/** The coin and network to send on: only the pairs with a code and a rate, none chosen unless there is one. */
export function CryptoPairPicker({ codes, value, onChange }: { codes: CryptoOfferCode[]; value: string | null; onChange: (key: string) => void }) {
  return (
    <section className="card wallet-card">
      <span className="field__label">{t('Coin and network')}</span>
      <SegmentedControl
        label={t('Coin and network')}
        options={codes.map((c) => ({ value: pairKey(c), label: `${COIN_LABELS[c.coin]} · ${NETWORK_LABELS[c.network]}` }))}
        value={value}
        onChange={(v) => v && onChange(v)}
        className="wallet-pairs"
      />
      {!value && <p className="wallet-pairs__hint">{t('Choose the coin and the network you will send on. Each has its own address.')}</p>}
    </section>
  );
}

/** The amount in rupees or in coin, and what the other comes to at the stated rate. */
export function CryptoAmount({
  code,
  amountIn,
  amount,
  coinAmount,
  error,
  onAmountIn,
  onAmount,
  onCoinAmount,
}: {
  code: CryptoOfferCode;
  amountIn: AmountIn;
  amount: string;
  coinAmount: string;
  error?: string;
  onAmountIn: (v: AmountIn) => void;
  onAmount: (v: string) => void;
  onCoinAmount: (v: string) => void;
}) {
  const id = useId();
  const coin = COIN_LABELS[code.coin];
  const offer = offerOf(code, amountIn, amount, coinAmount);
  return (
    <section className="card wallet-card">
      <SegmentedControl
        label={t('Enter the amount in')}
        options={[
          { value: 'inr', label: t('Rupees (₹)') },
          { value: 'coin', label: coin },
        ]}
        value={amountIn}
        onChange={(v) => v && onAmountIn(v)}
      />
      {amountIn === 'inr' ? (
        <AmountPicker value={amount} onChange={onAmount} />
      ) : (
        <div className="wallet-amount">
          <label htmlFor={id} className="field__label">
            {t('Amount ({{coin}})', { coin })}
          </label>
          <div className="field__box">
            <input
              id={id}
              className="field__input wallet-amount__input"
              type="text"
              inputMode="decimal"
              autoComplete="off"
              placeholder={t('Enter amount')}
              value={coinAmount}
              onChange={(e) => onCoinAmount(e.target.value)}
            />
            <span className="wallet-amount__unit" aria-hidden="true">
              {coin}
            </span>
          </div>
        </div>
      )}
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      <div className="wallet-offer" aria-live="polite">
        {amountIn === 'inr' ? (
          <p className="wallet-offer__figure">
            <span className="wallet-offer__label">{t('You send')}</span>
            <strong data-testid="coin-to-send">{offer ? `${formatCoin(offer.units, code.coin)} ${coin}` : '—'}</strong>
          </p>
        ) : (
          <p className="wallet-offer__figure">
            <span className="wallet-offer__label">{t('You get')}</span>
            <strong data-testid="rupees-credited">{offer ? formatRupees(toRupees(offer.paise)) : '—'}</strong>
          </p>
        )}
        <p className="wallet-offer__rate">
          {t('Rate: {{rate}} for 1 {{coin}}, set {{date}}', { rate: formatRupees(code.rate.rate), coin, date: formatDateTime(code.rate.setAt) })}
        </p>
      </div>
    </section>
  );
}

/** The code to pay to: its QR image, and its network in large type beside the address it pays to. */
export function CryptoTarget({ code }: { code: CryptoOfferCode }) {
  const coin = COIN_LABELS[code.coin];
  const network = NETWORK_LABELS[code.network];
  const title = ownText(code.title, code.titleHi);
  return (
    <>
      <figure className="wallet-qr">
        <img className="wallet-qr__image" src={code.imageUrl} alt={t('QR code: {{title}}', { title })} width={220} height={220} />
        {title && <figcaption className="wallet-qr__title">{title}</figcaption>}
      </figure>
      <div className="wallet-target">
        <div className="wallet-target__network">
          <span className="wallet-target__label">{t('Network')}</span>
          <strong className="wallet-target__network-name" data-testid="target-network">
            {network}
          </strong>
        </div>
        {code.payTo && (
          <div className="wallet-target__address">
            <span className="wallet-target__label">{t('Address')}</span>
            <code className="wallet-target__value">{code.payTo}</code>
            <CopyButton label={t('Address')} value={code.payTo} />
          </div>
        )}
      </div>
      <p className="wallet-target__warning" role="note">
        {t('Send only {{coin}} on the {{network}} network to this address. Coins sent on another network are lost.', { coin, network })}
      </p>
    </>
  );
}
