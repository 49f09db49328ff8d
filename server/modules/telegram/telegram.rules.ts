import type { TelegramRound } from '../../../contracts/telegram.js';
import { formatIst } from '../../lib/india-time.js';
import type { RoundRow } from './telegram.repo.js';

/** A round as the back office reads it and the audit log records it. */
export const roundRecord = (r: RoundRow): TelegramRound => ({
  _id: r.id,
  gameType: r.gameType,
  multipliers: r.multipliers,
  startTime: r.startTime.toISOString(),
  endTime: r.endTime.toISOString(),
  status: r.status,
  period: r.period,
  channelId: String(r.channelId),
});

/** The announcement posted when a round starts: what to play and until when, with the proof link; never a result. */
export function announcement(r: RoundRow, publicUrl: string | undefined): string {
  const game = r.gameType === 'color' ? 'Colour Prediction' : 'Chicken Road';
  const site = publicUrl?.replace(/\/$/, '') ?? '';
  const proof = r.gameType === 'color' ? `${site}/color${r.period ? `?period=${encodeURIComponent(r.period)}` : ''}` : `${site}/fairness`;
  return [
    `${game} round${r.period ? ` ${r.period}` : ''} is on now, until ${formatIst(r.endTime)} (India time).`,
    `Prediction: ${r.multipliers.map((m) => `${m}x`).join(', ')}`,
    `Every result can be checked: ${proof}`,
  ].join('\n');
}
