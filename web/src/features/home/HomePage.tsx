import { Link } from 'react-router';
import { Icon } from '../../components/ui/Icon';
import { Empty, ErrorRetry } from '../../components/ui/States';
import { GAMES } from '../../lib/games';
import { useSession } from '../../lib/useSession';
import { useSiteSettings } from '../../lib/useSiteSettings';
import { useVisibleGames } from '../../lib/useVisibleGames';
import { GameCard, GameCardPlaceholder } from './GameCard';
import { HowItWorks, LastResults } from './LastResults';
import { NotificationDialog } from './NotificationDialog';
import './home.css';
import { t } from '../../lib/i18n';

/** Home; `covered` when another dialog sits over it, which holds back the notification dialog. */
export default function HomePage({ covered = false }: { covered?: boolean }) {
  const { signedIn } = useSession();
  const { games, data, isPending, isError, isFetching, refetch } = useVisibleGames();
  const playMoney = useSiteSettings().data?.playMoney;
  return (
    <div className="home">
      <h1 className="visually-hidden">Rupee Arcade</h1>
      {signedIn && !playMoney && (
        <nav className="home-wallet" aria-label={t('Wallet')}>
          <Link className="home-wallet__btn home-wallet__btn--in" to="/deposite">
            <Icon name="arrowDown" size={20} /> {t('Deposit')}
          </Link>
          <Link className="home-wallet__btn home-wallet__btn--out" to="/withdraw">
            <Icon name="arrowUp" size={20} /> {t('Withdraw', { context: 'button' })}
          </Link>
        </nav>
      )}
      <section className="home-games" aria-labelledby="home-games-title">
        <h2 id="home-games-title" className="home-section-title">
          {t('Games')}
        </h2>
        {isPending ? (
          <>
            <p className="visually-hidden" role="status">
              {t('Loading...')}
            </p>
            <div className="home-games__grid">
              {Object.values(GAMES).map((g) => (
                <GameCardPlaceholder key={g.key} game={g} />
              ))}
            </div>
            <p className="home-demo" aria-hidden="true">
              <span>{t('Try it first: Chicken Road with play money, no sign-up needed.')}</span>
              <span className="btn btn--secondary home-demo__btn">{t('Play the demo')}</span>
            </p>
          </>
        ) : isError && !data ? (
          // The failure is also logged (useVisibleGames); an empty list here would wrongly say no game is open.
          <ErrorRetry onRetry={() => void refetch()} busy={isFetching}>
            {t('Could not load the games right now.')}
          </ErrorRetry>
        ) : games.length === 0 ? (
          <Empty>{t('No games are open right now. Please check back soon.')}</Empty>
        ) : (
          <>
            <div className="home-games__grid">
              {games.map((g) => (
                <GameCard key={g.key} game={g} />
              ))}
            </div>
            {games.some((g) => g.path === '/chicken-road') && (
              <p className="home-demo">
                <span>{t('Try it first: Chicken Road with play money, no sign-up needed.')}</span>
                <Link className="btn btn--secondary home-demo__btn" to="/chicken-road/demo">
                  {t('Play the demo')}
                </Link>
              </p>
            )}
          </>
        )}
      </section>
      {signedIn && <LastResults />}
      <HowItWorks signedIn={signedIn} playMoney={playMoney} />
      <nav className="home-fab" aria-label={t('Shortcuts')}>
        {!playMoney && (
          <Link className="home-fab__btn home-fab__btn--telegram" to="/telegram-subscription/chicken">
            <Icon name="send" size={18} />
            <span>Telegram</span>
          </Link>
        )}
        <Link className="home-fab__btn home-fab__btn--spinner" to="/spinner">
          <Icon name="wheel" size={20} />
          <span>{t('Spin')}</span>
        </Link>
      </nav>
      {!covered && <NotificationDialog />}
    </div>
  );
}
