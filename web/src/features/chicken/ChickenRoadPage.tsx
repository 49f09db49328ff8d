import { lazy, Suspense, useCallback, useState } from 'react';
import { Link } from 'react-router';
import { Modal } from '../../components/ui/Modal';
import { useSession } from '../../lib/useSession';
import { formatBalance } from '../../../../contracts/amounts';
import { paidResult } from '../../lib/betResult';
import { useChickenAudio } from './audio/useChickenAudio';
import { Confetti } from './components/Confetti';
import { Controls, releaseFocus } from './components/Controls';
import { ResultDialog } from './components/ResultDialog';
import { Road } from './components/Road';
import { ResetIcon, ShieldIcon, SpeakerIcon } from './components/Icons';
import { useChickenGame } from './useChickenGame';
import { useGameKeys } from './useGameKeys';
import { Loading } from '../../components/ui/States';
import './chicken.css';
import { t } from '../../lib/i18n';

// The seed form (zod and the form library) loads when the player opens it, not with the game.
const FairnessPanel = lazy(() => import('./components/FairnessPanel').then((m) => ({ default: m.FairnessPanel })));

/** The game screen (/chicken-road). */
export default function ChickenRoadPage() {
  return <ChickenRoadScreen />;
}

/** The game; `demo` plays it with the demo's own play money (/chicken-road/demo). */
export function ChickenRoadScreen({ demo = false }: { demo?: boolean }) {
  const { muted, toggleMute, play } = useChickenAudio();
  const [message, setMessage] = useState('');
  const announce = useCallback((text: string) => setMessage(text), []);
  const game = useChickenGame({ play, announce, demo });
  const { signedIn } = useSession();
  const [fairOpen, setFairOpen] = useState(false);
  useGameKeys({ go: game.go, cashOut: game.cashOut, enabled: !fairOpen && !game.resultOpen });

  const won = game.phase === 'won';
  const lost = game.phase === 'gameOver';
  const total = game.ladder.length;
  return (
    <div className="chicken-page">
      <header className="chicken-head">
        <h1 className="chicken-head__title">
          {t('Chicken Road')}
          {demo && (
            <>
              {' '}
              <span className="visually-hidden">{t('Demo')}</span>
            </>
          )}
        </h1>
        <div className="chicken-head__tools">
          <button
            type="button"
            className="chicken-icon-btn"
            onClick={toggleMute}
            onPointerUp={releaseFocus}
            aria-pressed={muted}
            aria-label={muted ? t('Unmute sound') : t('Mute sound')}
            title={muted ? t('Unmute') : t('Mute')}
          >
            <SpeakerIcon muted={muted} />
          </button>
          {demo ? (
            <button
              type="button"
              className="chicken-icon-btn"
              onClick={() => void game.resetDemo()}
              onPointerUp={releaseFocus}
              disabled={game.phase === 'playing'}
              aria-label={t('Reset play money')}
              title={t('Reset play money')}
            >
              <ResetIcon />
            </button>
          ) : (
            <button type="button" className="chicken-icon-btn" onClick={() => setFairOpen(true)} aria-label={t('Provably fair')} title={t('Provably fair')}>
              <ShieldIcon />
            </button>
          )}
          <span
            className={demo ? 'chicken-balance chicken-balance--demo' : 'chicken-balance'}
            data-testid="balance"
            aria-label={
              demo ? t('Play money {{amount}}', { amount: formatBalance(game.balance) }) : t('Balance {{amount}}', { amount: formatBalance(game.balance) })
            }
          >
            {demo && (
              <span className="chicken-balance__tag" aria-hidden="true">
                {t('Play', { context: 'money' })}
              </span>
            )}
            {formatBalance(game.balance)}
          </span>
        </div>
      </header>

      {demo && (
        <p className="chicken-demo-strip" role="note">
          <span className="chicken-demo-badge">{t('Demo')}</span> {t('Play money: nothing you win or lose here is real.')}{' '}
          <Link to={signedIn ? '/chicken-road' : '/signup'}>{signedIn ? t('Play for real') : t('Register to play')}</Link>
        </p>
      )}

      <div className={`chicken-stage chicken-stage--${game.phase}`}>
        <Road ladder={game.ladder} lane={game.lane} phase={game.phase} traps={game.traps} burnedLane={game.burnedLane} />
        <div className="chicken-stage__meta" aria-hidden="true">
          {demo && <span className="chicken-pill chicken-pill--demo">{t('Demo')}</span>}
          <span className="chicken-pill">{t(game.round?.difficulty ?? game.difficulty)}</span>
          <span className="chicken-pill">{t('Lane {{lane}}/{{total}}', { lane: Math.max(0, game.lane + (lost ? 0 : 1)), total })}</span>
        </div>
        {won && (
          <>
            <Confetti />
            <div className="chicken-flash chicken-flash--won" aria-hidden="true">
              {paidResult(game.stake, game.payout).net}
            </div>
          </>
        )}
        {lost && (
          <div className="chicken-flash chicken-flash--lost" aria-hidden="true">
            {t('Roasted!')}
          </div>
        )}
      </div>

      <Controls game={game} demo={demo} />

      <p className="visually-hidden" role="status" aria-live="polite" data-testid="announcer">
        {message}
      </p>

      <ResultDialog
        open={game.resultOpen}
        won={won}
        betAmount={game.stake}
        multiplier={game.currentMultiplier}
        payout={game.payout}
        onPlayAgain={game.reset}
        onClose={game.reset}
      />

      <Modal open={fairOpen} title={t('Provably fair')} onClose={() => setFairOpen(false)}>
        <p className="chicken-fair__intro">
          {t('Every road is fixed before you start by your seed pair. Rotate the pair to reveal the server seed and check your rounds.')}
        </p>
        <Suspense fallback={<Loading />}>
          <FairnessPanel />
        </Suspense>
        <p className="chicken-fair__more">
          <Link to="/fairness">{t('Verify a round')}</Link> · <Link to="/bets">{t('All Bets')}</Link>
        </p>
      </Modal>
    </div>
  );
}
