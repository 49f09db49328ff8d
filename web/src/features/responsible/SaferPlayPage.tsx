import { Link } from 'react-router';
import { OperatorText } from '../../components/OperatorText';
import { useSession } from '../../lib/useSession';
import { useSiteSettings } from '../../lib/useSiteSettings';
import './responsible.css';
import { t } from '../../lib/i18n';

/** Safer play (/safer-play): the 18+ rule, the tools a player has, and where to find help; or the operator's own text (PAGES_DIR/safer-play.md). */
export default function SaferPlayPage() {
  const { signedIn } = useSession();
  const { data: settings } = useSiteSettings();
  const tools = signedIn ? <Link to="/responsible">Responsible play</Link> : 'Responsible play (under Mine, once you sign in)';
  return (
    <OperatorText page="safer-play" title={t('Safer play')}>
      <div className="rp-safer">
        <div className="rp-safer__lead">
          <span className="rp-age" aria-hidden="true">
            18+
          </span>
          <p>
            {t('You must be 18 or older to play. Games here are for fun: play only with money you can afford to lose, and never play to win back what you have lost.')}
          </p>
        </div>
        {settings?.playMoney && <p>This site uses play money only: no real money is paid in or out.</p>}

        <h2>Your tools</h2>
        <p>All of them are in {tools}.</p>
        <ul>
          <li>
            <strong>Limits</strong> on what you deposit, lose or stake per day, week or month. A lower limit applies at once; a higher one, or removing one,
            only after 24 hours.
          </li>
          <li>
            <strong>Time-out</strong> from a day to six weeks, or <strong>self-exclusion</strong> from six months to five years. Either starts at once and
            cannot be ended early; you can still withdraw your balance and see your history.
          </li>
          <li>
            <strong>Reality check</strong>: a reminder every so often (an hour unless you choose) of how long you have played and your net result, with the
            choice to stop.
          </li>
          <li>
            <strong>Statements</strong> of your transactions and bets for any period, to download.
          </li>
          <li>
            <strong>One bet at a time</strong>: every bet is placed by you; there is no autoplay.
          </li>
          <li>
            <strong>Demo</strong>: try <Link to="/chicken-road/demo">Chicken Road with play money</Link> before you stake anything.
          </li>
        </ul>

        <h2>Signs to watch for</h2>
        <ul>
          <li>Spending more time or money than you meant to.</li>
          <li>Chasing losses, or borrowing to play.</li>
          <li>Play getting in the way of work, study, family or sleep.</li>
        </ul>

        <h2>Where to find help</h2>
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
          <p>Talk to someone you trust, or to a doctor.</p>
        )}
      </div>
    </OperatorText>
  );
}
