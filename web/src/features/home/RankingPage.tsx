import { useEffect, useState } from 'react';
import { Page } from '../../components/ui/Page';
import { Icon } from '../../components/ui/Icon';
import { JACKPOT_RUPEES, maskName, reshuffle, SAMPLE_LEADERBOARD, type LeaderboardEntry } from './ranking.data';
import './home.css';

export const SHUFFLE_MS = 5000;

function Avatar({ entry, size }: { entry: LeaderboardEntry; size: 'lg' | 'sm' }) {
  return (
    <span className={`home-rank-avatar home-rank-avatar--${size}`} style={{ background: entry.avtar }} aria-hidden="true">
      {entry.name[0]}
    </span>
  );
}

const points = (n: number) => n.toLocaleString('en-IN');
const rupees = (n: number) => `₹${n.toLocaleString('en-IN')}`;

export default function RankingPage() {
  const [entries, setEntries] = useState<LeaderboardEntry[]>(() => [...SAMPLE_LEADERBOARD]);
  useEffect(() => {
    const timer = setInterval(() => setEntries((e) => reshuffle(e)), SHUFFLE_MS);
    return () => clearInterval(timer);
  }, []);
  const [first, second, third] = entries;

  return (
    <Page>
      <div className="home-jackpot">
        <p className="home-jackpot__label">JACKPOT</p>
        <p className="home-jackpot__amount">{rupees(JACKPOT_RUPEES)}</p>
        <p className="home-jackpot__note">2% of the total bet of selected games</p>
      </div>
      <h1 className="home-section-title home-rank__title">Leaderboard</h1>
      <p className="home-rank__sample">Sample standings for illustration; they do not reflect real players.</p>
      <ol className="home-podium" aria-label="Top three">
        {[second, first, third].map((e) => (
          <li key={e.id} className={`home-podium__place home-podium__place--${e.rank}`}>
            <span className="home-podium__crown" aria-hidden="true">
              <Icon name={e.rank === 1 ? 'trophy' : 'star'} size={e.rank === 1 ? 22 : 18} />
            </span>
            <Avatar entry={e} size="lg" />
            <span className="home-podium__name">{maskName(e.name)}</span>
            <span className="home-podium__points">{points(e.points)} pts</span>
            <span className="home-podium__step">
              <span className="visually-hidden">Rank </span>
              {e.rank}
            </span>
          </li>
        ))}
      </ol>
      <div className="home-rank-table" role="table" aria-label="Leaderboard">
        <div className="home-rank-row home-rank-row--head" role="row">
          <span role="columnheader" className="home-rank-row__rank">
            <span aria-hidden="true">#</span>
            <span className="visually-hidden">Rank</span>
          </span>
          <span role="columnheader">Player</span>
          <span role="columnheader" className="home-rank-row__num">
            Points
          </span>
          <span role="columnheader" className="home-rank-row__num">
            Bonus
          </span>
        </div>
        {entries.map((e) => (
          <div key={e.id} role="row" className={['home-rank-row', e.rank <= 3 ? `home-rank-row--top home-rank-row--top${e.rank}` : ''].join(' ').trim()}>
            <span role="cell" className="home-rank-row__rank">
              {e.rank}
            </span>
            <span role="cell" className="home-rank-row__player">
              <Avatar entry={e} size="sm" />
              <span className="home-rank-row__name">{maskName(e.name)}</span>
            </span>
            <span role="cell" className="home-rank-row__num">
              {points(e.points)}
            </span>
            <span role="cell" className="home-rank-row__num home-rank-row__bonus">
              {rupees(e.bonus)}
            </span>
          </div>
        ))}
      </div>
    </Page>
  );
}
