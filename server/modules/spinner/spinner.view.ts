import { toRupees } from '../../../contracts/money.js';
import type { PrizeSet, SpinRecord, SpinResult, SpinStatus } from '../../../contracts/spinner.js';
import type { SpinWait } from './spin.service.js';
import type * as repo from './spinner.repo.js';

// How the wheel's rows read in its answers.

/** A prize set as the original client reads it. */
export const prizeSetView = (row: repo.PrizeSetRow): PrizeSet => ({ _id: row.id, prizes: row.prizes });

export const spinStatusView = (w: SpinWait): SpinStatus => ({ canSpin: w.canSpin, nextSpinAt: w.nextSpinAt.toISOString(), retryAfter: w.retryAfter });

/** A spin just made: its row, the prizes it was drawn from, the balance after (paise) and when the next may be. */
export const spinView = (s: { row: repo.SpinRow; balance: number; nextSpinAt: Date }): SpinResult => ({
  spinId: s.row.id,
  index: s.row.segment,
  prize: s.row.prize,
  prizes: s.row.prizes,
  amount: toRupees(s.row.amount),
  balance: toRupees(s.balance),
  nextSpinAt: s.nextSpinAt.toISOString(),
  serverSeedHash: s.row.serverSeedHash,
  clientSeed: s.row.clientSeed,
  nonce: s.row.nonce,
});

export const spinRecordView = (r: repo.SpinRow, serverSeed: string | null): SpinRecord => ({
  _id: r.id,
  createdAt: r.createdAt.toISOString(),
  prizes: r.prizes,
  index: r.segment,
  prize: r.prize,
  amount: toRupees(r.amount),
  serverSeedHash: r.serverSeedHash,
  serverSeed,
  clientSeed: r.clientSeed,
  nonce: r.nonce,
});

export const spinsPageView = (p: { rows: repo.SpinRow[]; seeds: Map<string, string>; page: number; totalPages: number; total: number }) => ({
  spins: p.rows.map((r) => spinRecordView(r, p.seeds.get(r.seedPairId) ?? null)),
  page: p.page,
  totalPages: p.totalPages,
  total: p.total,
});
