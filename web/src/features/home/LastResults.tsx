import { Link } from 'react-router';
import { ErrorRetry, Loading } from '../../components/ui/States';
import { useLastResults } from './home.api';
import { betResult } from '../../lib/betResult';
import { formatDateTime } from '../../lib/format';
import { t } from '../../lib/i18n';
import { Tr } from '../../lib/Tr';

const SHOWN = 5;

/** The signed-in player's latest rounds, so home shows where they stand at a glance. */
export function LastResults() {
  const results = useLastResults();
  let body;
  if (results.isPending) body = <Loading />;
  else if (results.isError)
    body = (
      <ErrorRetry onRetry={() => void results.refetch()} busy={results.isFetching}>
        {t('Your last results could not be loaded.')}
      </ErrorRetry>
    );
  else if (!results.data.bets.length) body = <p className="home-results__empty">{t('No rounds yet. Your results will show here after your first game.')}</p>;
  else
    body = (
      <ul className="home-results__list">
        {results.data.bets.slice(0, SHOWN).map((bet) => {
          const { text, tone } = betResult(bet);
          return (
            <li key={bet._id} className="home-results__item">
              <span>
                <span className="home-results__game">{t('Chicken Road')}</span>
                <span className="home-results__when">
                  {t(bet.difficulty)} · <time dateTime={bet.createdAt}>{formatDateTime(bet.createdAt)}</time>
                </span>
              </span>
              <span className={`home-results__amount home-results__${tone}`}>{text}</span>
            </li>
          );
        })}
      </ul>
    );
  return (
    <section className="home-results" aria-labelledby="home-results-title">
      <div className="home-results__head">
        <h2 id="home-results-title" className="home-section-title">
          {t('Your last results')}
        </h2>
        <Link to="/bets">{t('All bets')}</Link>
      </div>
      {body}
    </section>
  );
}

/** Three steps from sign-up to cash-out, and where to check that a round was fair. */
export function HowItWorks({ signedIn, playMoney = false }: { signedIn: boolean; playMoney?: boolean }) {
  return (
    <section className="home-how" aria-labelledby="home-how-title">
      <h2 id="home-how-title" className="home-section-title">
        {t('How it works')}
      </h2>
      <ol className="home-how__steps">
        {playMoney ? (
          <li>
            <strong>{t('Get play money')}</strong>
            <span>{t('Every new account starts with a play-money balance: nothing here is real money.')}</span>
          </li>
        ) : (
          <li>
            <strong>{t('Add money')}</strong>
            <span>{t('Deposit by UPI or crypto: pay to the QR code, enter the transaction ID, and it is credited once confirmed.')}</span>
          </li>
        )}
        <li>
          <strong>{t('Play')}</strong>
          <span>{t('Choose your bet and difficulty, cross the road lane by lane, and cash out before a trap.')}</span>
        </li>
        {playMoney ? (
          <li>
            <strong>{t('Climb the ranking')}</strong>
            <span>{t("See how your winnings compare with other players'.")}</span>
          </li>
        ) : (
          <li>
            <strong>{t('Withdraw', { context: 'button' })}</strong>
            <span>{t('Take your balance out to UPI, USDT or ETH whenever you like.')}</span>
          </li>
        )}
      </ol>
      <p className="home-how__fair">
        {signedIn ? (
          <Tr
            text="Every result is decided before you play and can be checked by anyone: <fair>see how it is proven</fair>."
            parts={{ fair: <Link to="/fairness" /> }}
          />
        ) : (
          <Tr
            text="Every result is decided before you play and can be checked by anyone: <join>create an account</join>."
            parts={{ join: <Link to="/signup" /> }}
          />
        )}
      </p>
    </section>
  );
}
