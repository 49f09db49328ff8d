import { useEffect, useRef, type CSSProperties, type PointerEvent } from 'react';
import { DIFFICULTIES } from '../../../../../contracts/chicken.math';
import { Button } from '../../../components/ui/Button';
import { Field } from '../../../components/ui/Field';
import { formatRupees } from '../../../../../contracts/amounts';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { useExclusion } from '../../../lib/useExclusion';
import type { useChickenGame } from '../useChickenGame';
import { t } from '../../../lib/i18n';
import { Tr } from '../../../lib/Tr';

type Game = ReturnType<typeof useChickenGame>;

/** A running number and its length, which the stylesheet uses to shrink long values (₹9,99,999.00) to fit their box. */
function Stat({ text, className, testId }: { text: string; className: string; testId?: string }) {
  return (
    <span className={className} data-testid={testId} style={{ '--chars': Math.max(6, text.length) } as CSSProperties}>
      {text}
    </span>
  );
}

/**
 * A tapped or clicked button gives focus back to the page, so the next Space walks the chicken
 * instead of pressing that button again. Keyboard users keep their focus.
 */
export const releaseFocus = (e: PointerEvent<HTMLButtonElement>) => e.currentTarget.blur();

/** Bet, auto cash-out, difficulty, the running numbers and the one action that fits the moment. */
export function Controls({ game, demo = false }: { game: Game; demo?: boolean }) {
  const { phase, pending } = game;
  const exclusion = useExclusion();
  const onBreak = !demo && exclusion !== null;
  // A stake the balance cannot cover: the way to add money (or to play for free) is right here.
  const short = !demo && !onBreak && phase === 'idle' && game.balance !== undefined && (Number(game.bet) || 0) > game.balance;
  const locked = phase !== 'idle';
  const goRef = useRef<HTMLButtonElement>(null);
  const startRef = useRef<HTMLButtonElement>(null);
  const lastPhase = useRef(phase);
  /** Whether the last Start Game or New Game was pressed from the keyboard (a click has detail 0 then). */
  const byKeyboard = useRef(false);
  // The button that was used leaves with the phase it belonged to: rather than let a keyboard
  // player's focus fall to the page, hand it to the next action (Start Game → Go, New Game → Start
  // Game). A pointer player's focus stays on the page, where Space walks.
  useEffect(() => {
    const from = lastPhase.current;
    lastPhase.current = phase;
    if (from === phase || !byKeyboard.current) return;
    byKeyboard.current = false;
    const lost = !document.activeElement || document.activeElement === document.body;
    if (!lost) return;
    if (phase === 'playing') goRef.current?.focus();
    else if (phase === 'idle') startRef.current?.focus();
  }, [phase]);
  return (
    <section className="chicken-controls" aria-label={t('Game controls')}>
      <div className="chicken-stats" aria-live="off">
        <div className="chicken-stats__item">
          <span className="chicken-stats__label">{t('Current Multiplier')}</span>
          <Stat className="chicken-stats__value" testId="current-multiplier" text={`${game.currentMultiplier.toFixed(2)}x`} />
        </div>
        <div className="chicken-stats__item">
          <span className="chicken-stats__label">{t('Potential Win')}</span>
          <Stat
            className={`chicken-stats__value chicken-stats__value--${game.potentialWin > 0 ? 'win' : 'none'}`}
            testId="potential-win"
            text={formatRupees(game.potentialWin)}
          />
        </div>
        <div className="chicken-stats__item">
          <span className="chicken-stats__label">{t('Next Lane')}</span>
          <Stat
            className="chicken-stats__value chicken-stats__value--next"
            text={phase === 'idle' || (phase === 'playing' && game.nextMultiplier !== undefined) ? `${(game.nextMultiplier ?? 0).toFixed(2)}x` : '—'}
          />
        </div>
      </div>

      <div className="chicken-controls__inputs">
        <Field
          label={t('Bet Amount')}
          type="number"
          inputMode="decimal"
          min={game.betLimits?.minBet}
          max={game.betLimits?.maxBet}
          step={1}
          value={game.bet}
          onChange={(e) => game.setBet(e.target.value)}
          disabled={locked}
          leading={<span className="chicken-field__prefix">₹</span>}
        />
        <Field
          label={t('Auto Cashout')}
          type="number"
          inputMode="decimal"
          min={1.01}
          step={0.01}
          value={game.autoCashout}
          onChange={(e) => game.setAutoCashout(e.target.value)}
          disabled={locked}
          trailing={<span className="chicken-field__suffix">x</span>}
        />
      </div>

      <div className="chicken-difficulty" role="group" aria-label={t('Difficulty')}>
        {DIFFICULTIES.map((d) => (
          <button
            key={d}
            type="button"
            className={`chicken-difficulty__btn${game.difficulty === d ? ' is-active' : ''}`}
            aria-pressed={game.difficulty === d}
            aria-disabled={locked || undefined}
            aria-label={t('Difficulty {{level}}', { level: t(d) })}
            onClick={() => game.chooseDifficulty(d)}
            onPointerUp={releaseFocus}
          >
            {t(d)}
          </button>
        ))}
      </div>

      <div className="chicken-actions">
        {phase === 'idle' && (
          <Button
            ref={startRef}
            className="chicken-actions__main"
            block
            busy={pending === 'start'}
            disabled={onBreak}
            onClick={(e) => {
              byKeyboard.current = e.detail === 0;
              void game.start();
            }}
            aria-label={t('Start Game with a bet of {{amount}}', { amount: formatRupees(Number(game.bet) || 0) })}
          >
            {t('Start Game')}
          </Button>
        )}
        {phase === 'playing' && (
          <>
            <Button
              ref={goRef}
              className="chicken-actions__main chicken-actions__go"
              aria-busy={pending === 'go' || undefined}
              disabled={pending === 'stop'}
              onClick={() => void game.go()}
              aria-label={t('Go: cross the next lane (Space)')}
              aria-keyshortcuts="Space"
            >
              {t('Go')}
            </Button>
            <Button
              variant="success"
              className="chicken-actions__main"
              busy={pending === 'stop'}
              disabled={game.lane < 0 || (pending !== null && pending !== 'stop')}
              onClick={() => void game.cashOut()}
              aria-label={t('Cash Out {{amount}} (C)', { amount: formatRupees(game.potentialWin) })}
              aria-keyshortcuts="C"
            >
              {t('Cash Out')}
            </Button>
          </>
        )}
        {(phase === 'gameOver' || phase === 'won') && (
          <Button
            className="chicken-actions__main"
            block
            onClick={(e) => {
              byKeyboard.current = e.detail === 0;
              game.reset();
            }}
            aria-label={t('New Game')}
          >
            {t('New Game')}
          </Button>
        )}
      </div>
      {onBreak && (
        <p className="chicken-note" role="status">
          {exclusion.kind === 'timeout'
            ? t('You are on a time-out until {{until}}: no game can be started until then.', { until: formatDateTime(exclusion.endsAt) })
            : t('You have excluded yourself until {{until}}: no game can be started until then.', { until: formatDateTime(exclusion.endsAt) })}
        </p>
      )}
      {short && (
        <p className="chicken-note" data-testid="short-balance">
          <Tr
            text="Your balance is {{amount}}. <deposit>Deposit</deposit> to play, or <demo>try the demo</demo> with play money."
            values={{ amount: formatRupees(game.balance ?? 0) }}
            parts={{ deposit: <Link to="/deposite" />, demo: <Link to="/chicken-road/demo" /> }}
          />
        </p>
      )}
      <p className="chicken-hint">
        <kbd>Space</kbd> {t('Go')} · <kbd>C</kbd> {t('Cash Out')}
      </p>
    </section>
  );
}
