import type { RankingEntry } from '../../../../contracts/ranking';
import { Icon } from '../../components/ui/Icon';
import { Page } from '../../components/ui/Page';
import { Empty, ErrorRetry, Loading } from '../../components/ui/States';
import { useRanking } from './home.api';
import './home.css';
import { currentLocale, t } from '../../lib/i18n';

const AVATAR_COLOURS = ['#6c5ce7', '#ff5b6e', '#2ecc71', '#ffb84d', '#00b8d9', '#e056fd', '#ff7f50', '#1abc9c', '#f368e0', '#54a0ff'];

function Avatar({ entry, size }: { entry: RankingEntry; size: 'lg' | 'sm' }) {
  return (
    <span
      className={`home-rank-avatar home-rank-avatar--${size}`}
      style={{ background: AVATAR_COLOURS[(entry.rank - 1) % AVATAR_COLOURS.length] }}
      aria-hidden="true"
    >
      {entry.name[0]}
    </span>
  );
}

const points = (n: number) => n.toLocaleString(currentLocale());

/** The podium keeps the width of a place per player when fewer than three have played. */
const podiumStyle = (players: number) =>
  players >= 3 ? undefined : { gridTemplateColumns: `repeat(${players}, minmax(0, 1fr))`, maxWidth: `${players * 130}px`, marginInline: 'auto' };

/**
 * This week's ranking from real bets (`GET /ranking`), read again every 5 seconds. It shows no
 * jackpot and no bonus: nothing is paid for a rank, so no money figure is promised (decision 0009).
 */
export default function RankingPage() {
  const ranking = useRanking();

  if (ranking.isPending) return <Loading />;
  if (ranking.isError) return <ErrorRetry onRetry={() => void ranking.refetch()}>{t('The ranking could not be loaded.')}</ErrorRetry>;
  const { entries } = ranking.data;
  const [first, second, third] = entries;

  return (
    <Page>
      <h1 className="home-section-title home-rank__title">{t('Leaderboard')}</h1>
      <p className="home-rank__sample">{t('This week’s players by rupees staked in settled rounds; it starts again every Monday.')}</p>
      {entries.length === 0 ? (
        <Empty>{t('No bets have been settled this week yet. Play a round to lead the board.')}</Empty>
      ) : (
        <>
          <ol className="home-podium" aria-label={t('Top three')} style={podiumStyle(entries.length)}>
            {[second, first, third]
              .filter((e): e is RankingEntry => Boolean(e))
              .map((e) => (
                <li key={e.rank} className={`home-podium__place home-podium__place--${e.rank}`}>
                  <span className="home-podium__crown" aria-hidden="true">
                    <Icon name={e.rank === 1 ? 'trophy' : 'star'} size={e.rank === 1 ? 22 : 18} />
                  </span>
                  <Avatar entry={e} size="lg" />
                  <span className="home-podium__name">{e.name}</span>
                  <span className="home-podium__points">{t('{{points}} pts', { points: points(e.points) })}</span>
                  <span className="home-podium__step">
                    <span className="visually-hidden">{t('Rank')} </span>
                    {e.rank}
                  </span>
                </li>
              ))}
          </ol>
          <div className="home-rank-table" role="table" aria-label={t('Leaderboard')}>
            <div className="home-rank-row home-rank-row--head" role="row">
              <span role="columnheader" className="home-rank-row__rank">
                <span aria-hidden="true">#</span>
                <span className="visually-hidden">{t('Rank')}</span>
              </span>
              <span role="columnheader">{t('Player')}</span>
              <span role="columnheader" className="home-rank-row__num">
                {t('Points')}
              </span>
            </div>
            {entries.map((e) => (
              <div key={e.rank} role="row" className={['home-rank-row', e.rank <= 3 ? `home-rank-row--top home-rank-row--top${e.rank}` : ''].join(' ').trim()}>
                <span role="cell" className="home-rank-row__rank">
                  {e.rank}
                </span>
                <span role="cell" className="home-rank-row__player">
                  <Avatar entry={e} size="sm" />
                  <span className="home-rank-row__name">{e.name}</span>
                </span>
                <span role="cell" className="home-rank-row__num">
                  {points(e.points)}
                </span>
              </div>
            ))}
          </div>
        </>
      )}
    </Page>
  );
}
