import { Link } from 'react-router';
import { OperatorText } from '../../components/OperatorText';
import { useSession } from '../../lib/useSession';
import { useSiteSettings } from '../../lib/useSiteSettings';
import './responsible.css';
import { t } from '../../lib/i18n';
import { Tr } from '../../lib/Tr';

/** Safer play (/safer-play): the 18+ rule, the tools a player has, and where to find help; or the operator's own text (PAGES_DIR/safer-play.md). */
export default function SaferPlayPage() {
  const { signedIn } = useSession();
  const { data: settings } = useSiteSettings();
  return (
    <OperatorText page="safer-play" title={t('Safer play')}>
      <div className="rp-safer">
        <div className="rp-safer__lead">
          <span className="rp-age" aria-hidden="true">
            18+
          </span>
          <p>
            {t(
              'You must be 18 or older to play. Games here are for fun: play only with money you can afford to lose, and never play to win back what you have lost.',
            )}
          </p>
        </div>
        {settings?.playMoney && <p>{t('This site uses play money only: no real money is paid in or out.')}</p>}

        <h2>{t('Your tools')}</h2>
        <p>
          {signedIn ? (
            <Tr text="All of them are in <tools>Responsible play</tools>." parts={{ tools: <Link to="/responsible" /> }} />
          ) : (
            t('All of them are in Responsible play (under Mine, once you sign in).')
          )}
        </p>
        <ul>
          <li>
            <Tr
              text="<b>Limits</b> on what you deposit, lose or stake per day, week or month. A lower limit applies at once; a higher one, or removing one, only after 24 hours."
              parts={{ b: <strong /> }}
            />
          </li>
          <li>
            <Tr
              text="<b>Time-out</b> from a day to six weeks, or <b>self-exclusion</b> from six months to five years. Either starts at once and cannot be ended early; you can still withdraw your balance and see your history."
              parts={{ b: <strong /> }}
            />
          </li>
          <li>
            <Tr
              text="<b>Reality check</b>: a reminder every so often (an hour unless you choose) of how long you have played and your net result, with the choice to stop."
              parts={{ b: <strong /> }}
            />
          </li>
          <li>
            <Tr text="<b>Statements</b> of your transactions and bets for any period, to download." parts={{ b: <strong /> }} />
          </li>
          <li>
            <Tr text="<b>One bet at a time</b>: every bet is placed by you; there is no autoplay." parts={{ b: <strong /> }} />
          </li>
          <li>
            <Tr
              text="<b>Demo</b>: try <demo>Chicken Road with play money</demo> before you stake anything."
              parts={{ b: <strong />, demo: <Link to="/chicken-road/demo" /> }}
            />
          </li>
        </ul>

        <h2>{t('Signs to watch for')}</h2>
        <ul>
          <li>{t('Spending more time or money than you meant to.')}</li>
          <li>{t('Chasing losses, or borrowing to play.')}</li>
          <li>{t('Play getting in the way of work, study, family or sleep.')}</li>
        </ul>

        <h2>{t('Where to find help')}</h2>
        {settings && settings.helpLinks.length > 0 ? (
          <ul>
            {settings.helpLinks.map((l) => (
              <li key={l.url}>
                <a href={l.url} target="_blank" rel="noopener noreferrer">
                  {l.name}
                </a>
              </li>
            ))}
          </ul>
        ) : (
          <p>{t('Talk to someone you trust, or to a doctor.')}</p>
        )}
      </div>
    </OperatorText>
  );
}
