import { describe, expect, it } from 'vitest';
import { useTestAppWithAdmin } from '../../../tests/helpers/app.js';
import { createPlayer, type TestUser } from '../../../tests/helpers/factories.js';
import type { App } from '../../types.js';
import { transfer, type TransferInput } from '../ledger/index.js';

describe('overview and daily reports', () => {
  let app: App;
  let admin: TestUser;
  useTestAppWithAdmin((a, ad) => ((app = a), (admin = ad)));

  let n = 0;
  const move = (from: TransferInput['from'], to: TransferInput['to'], rupees: number, kind: TransferInput['kind']) =>
    app.db.transaction((tx) =>
      transfer(tx, { from, to, amount: rupees * 100, kind, reference: `report-test`, idempotencyKey: `report-test-${(n += 1)}`, at: new Date() }),
    );

  it('adds up known money movements by hand: deposits, withdrawals, bets, wins, GGR and NGR for today, 7 and 30 days', async () => {
    const p1 = await createPlayer(app);
    const p2 = await createPlayer(app, { balance: 500 });
    await move({ system: 'cash' }, { user: p1.id }, 1000, 'deposit');
    for (let i = 0; i < 3; i++) await move({ user: p1.id }, { system: 'house' }, 100, 'bet');
    await move({ system: 'house' }, { user: p1.id }, 250, 'win');
    await move({ user: p2.id }, { system: 'house' }, 50, 'bet');
    await move({ system: 'promotions' }, { user: p1.id }, 20, 'referral_reward');
    await move({ system: 'promotions' }, { user: p2.id }, 10, 'spin_prize');
    await move({ user: p1.id }, { user: p1.id, kind: 'withdrawal_hold' }, 200, 'withdrawal_hold');
    await move({ user: p1.id, kind: 'withdrawal_hold' }, { system: 'cash' }, 200, 'withdrawal');
    // Ten days ago: in the 30 days, not in the 7.
    await move({ user: p2.id }, { system: 'house' }, 40, 'bet');
    await app.db.execute(`UPDATE ledger_transfers SET created_at = now() - interval '10 days' WHERE idempotency_key = 'report-test-${n}'`);

    const res = await app.inject({ url: '/api/v1/admin/overview', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const { periods, daily, pending, ledger } = res.json().data;
    const today = { deposits: 1000, withdrawals: 200, bets: 350, wins: 250, ggr: 100, bonuses: 30, ngr: 70, players: 2 };
    expect(periods.today).toEqual(today);
    expect(periods['7d']).toEqual(today);
    expect(periods['30d']).toEqual({ ...today, bets: 390, ggr: 140, ngr: 110 });
    expect(daily).toHaveLength(30);
    expect(daily.at(-1)).toMatchObject({ ...today });
    expect(daily.filter((d: { bets: number }) => d.bets > 0)).toHaveLength(2);
    expect(pending).toEqual({ deposits: 0, withdrawals: 0 });
    expect(ledger).toMatchObject({ ok: true, violations: 0 });
    expect(Date.now() - Date.parse(ledger.checkedAt)).toBeLessThan(60_000);

    const csv = await app.inject({ url: '/api/v1/admin/reports/daily.csv?days=7', headers: admin.headers });
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('day,deposits,withdrawals,bets,wins,ggr,bonuses,ngr,players');
    expect(lines).toHaveLength(8);
    expect(lines.at(-1)).toMatch(/^\d{4}-\d{2}-\d{2},1000,200,350,250,100,30,70,2$/);
    expect((await app.inject({ url: '/api/v1/admin/reports/daily.csv?days=0', headers: admin.headers })).statusCode).toBe(400);
  });
});
