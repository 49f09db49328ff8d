import { useEffect, useId } from 'react';
import { Button } from '../../../components/ui/Button';
import { Modal } from '../../../components/ui/Modal';
import { ChickenSprite, FlameSprite } from './Sprites';
import { formatRupees } from '../../../../../contracts/amounts';
import { paidResult } from '../../../lib/betResult';
import { t } from '../../../lib/i18n';

interface ResultDialogProps {
  open: boolean;
  won: boolean;
  betAmount: number;
  multiplier: number;
  payout: number;
  onPlayAgain: () => void;
  onClose: () => void;
}

/** "Congratulations!" after a cash-out, "Game Over!" after a trap. */
export function ResultDialog({ open, won, betAmount, multiplier, payout, onPlayAgain, onClose }: ResultDialogProps) {
  const playAgainId = useId();
  // The dialog focuses its first button (close) when it opens; the likelier next move is Play Again.
  useEffect(() => {
    if (!open) return;
    const frame = requestAnimationFrame(() => document.getElementById(playAgainId)?.focus());
    return () => cancelAnimationFrame(frame);
  }, [open, playAgainId]);
  return (
    <Modal
      open={open}
      title={won ? t('Congratulations!') : t('Game Over!')}
      onClose={onClose}
      actions={
        <Button id={playAgainId} onClick={onPlayAgain}>
          {t('Play Again')}
        </Button>
      }
    >
      <div className={`chicken-result chicken-result--${won ? 'won' : 'lost'}`}>
        <div className="chicken-result__badge" aria-hidden="true">
          {won ? <ChickenSprite /> : <FlameSprite />}
        </div>
        <dl className="chicken-result__rows">
          <div>
            <dt>{t('Bet Amount')}</dt>
            <dd>{formatRupees(betAmount)}</dd>
          </div>
          <div>
            <dt>{t('Multiplier')}</dt>
            <dd>{multiplier.toFixed(2)}x</dd>
          </div>
          <div className="chicken-result__total">
            <dt>{won ? t('You Won') : t('You Lost')}</dt>
            <dd data-testid="result-amount">{won ? paidResult(betAmount, payout).text : formatRupees(betAmount)}</dd>
          </div>
        </dl>
      </div>
    </Modal>
  );
}
