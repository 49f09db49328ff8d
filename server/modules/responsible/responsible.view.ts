import { toRupees } from '../../../contracts/money.js';
import type { ExclusionView, LimitView, ResponsibleState, SessionSummary } from '../../../contracts/responsible.js';
import { periodBounds } from '../../lib/india-time.js';
import { inForce, type LimitUse } from './responsible.service.js';

// How responsible play reads in its answers: rupees, and each limit's amount in force at `now`.

export function limitView(l: LimitUse, now: Date): LimitView {
  const pending =
    l.row?.nextAt && l.row.nextAt > now ? { amount: l.row.nextAmount === null ? null : toRupees(l.row.nextAmount), from: l.row.nextAt.toISOString() } : null;
  const amount = l.row ? inForce(l.row, now) : null;
  return {
    kind: l.kind,
    period: l.period,
    amount: amount === null ? null : toRupees(amount),
    used: toRupees(l.used),
    resetsAt: periodBounds(l.period, now).end.toISOString(),
    pending,
  };
}

export const limitsView = (uses: LimitUse[], now: Date): LimitView[] => uses.map((l) => limitView(l, now));

export const stateView = (s: { limits: LimitUse[]; exclusion: ExclusionView | null; realityCheckMinutes: number }, now: Date): ResponsibleState => ({
  limits: limitsView(s.limits, now),
  exclusion: s.exclusion,
  realityCheckMinutes: s.realityCheckMinutes,
});

export const sessionSummaryView = (s: { since: Date; staked: number; returned: number }): SessionSummary => ({
  since: s.since.toISOString(),
  staked: toRupees(s.staked),
  returned: toRupees(s.returned),
  net: toRupees(s.returned - s.staked),
});
