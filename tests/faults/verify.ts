/*
 * After the run: the database against every call answered with success (each is there with the
 * effect it answered) and against the invariants (the ledger balances, nothing half-settled, the
 * colour game has every period from the first to the last, none open).
 */
import pg from 'pg';
import { openDatabase } from '../../server/db/client.js';
import { checkLedger } from '../../server/modules/ledger/index.js';
import type { Answered } from './load.js';

const paise = (rupees: number) => Math.round(rupees * 100);

/** Checks the database against every answered call and the invariants; prints what it finds. */
export async function verify(url: string, answered: Answered[], log: (line: string) => void): Promise<boolean> {
  const database = await openDatabase({ url, poolSize: 2 });
  const problems: string[] = [];
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const rows = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) => (await client.query(text, params)).rows as T[];
  try {
    for (const v of await checkLedger(database.db)) problems.push(`ledger: ${v.rule}: ${v.detail}`);

    const transfer = new Map<string, number>();
    for (const t of await rows<{ idempotency_key: string; amount: string }>('SELECT idempotency_key, amount FROM ledger_transfers'))
      transfer.set(t.idempotency_key, Number(t.amount));
    const byId = async (table: string) => new Map((await rows<{ id: string }>(`SELECT * FROM ${table}`)).map((r) => [r.id, r as Record<string, unknown>]));
    const users = await byId('users');
    const deposits = await byId('wallet_deposits');
    const withdrawals = await byId('wallet_withdrawals');
    const rounds = await byId('chicken_rounds');
    const bets = await byId('color_bets');
    const spins = await byId('spins');

    for (const a of answered) {
      const miss = (what: string) => problems.push(`answered ${a.kind} ${JSON.stringify(a)}: ${what}`);
      switch (a.kind) {
        case 'register':
          if (!users.has(a.userId)) miss('no such user');
          break;
        case 'deposit': {
          const d = deposits.get(a.id);
          if (!d || d.user_id !== a.userId || Number(d.amount) !== paise(a.amount)) miss('no such deposit');
          break;
        }
        case 'approve':
          if (deposits.get(a.id)?.status !== 'approved' || transfer.get(`deposit:${a.id}`) !== Number(deposits.get(a.id)?.amount))
            miss('not approved and credited');
          break;
        case 'withdraw': {
          const w = withdrawals.get(a.id);
          if (!w || Number(w.amount) !== paise(a.amount) || transfer.get(`withdrawal-hold:${a.id}`) !== paise(a.amount)) miss('no withdrawal with its hold');
          break;
        }
        case 'decide-withdrawal': {
          const w = withdrawals.get(a.id);
          const key = a.status === 'approved' ? `withdrawal:${a.id}` : `withdrawal-release:${a.id}`;
          if (w?.status !== a.status || transfer.get(key) !== Number(w?.amount)) miss(`not ${a.status} with its transfer`);
          break;
        }
        case 'chicken-start':
          if (!rounds.has(a.roundId) || transfer.get(`bet:${a.roundId}`) !== paise(a.bet)) miss('no round with its bet');
          break;
        case 'chicken-end': {
          const r = rounds.get(a.roundId);
          if (r?.state !== a.state || Number(r?.payout) !== paise(a.payout)) miss(`round is ${r?.state} paying ${r?.payout}`);
          break;
        }
        case 'color-bet':
          if (!bets.has(a.id) || transfer.get(`color-bet:${a.id}`) !== paise(a.amount)) miss('no bet with its stake');
          break;
        case 'spin':
          if (!spins.has(a.id) || (a.amount > 0 && transfer.get(`spin:${a.id}`) !== paise(a.amount))) miss('no spin with its prize');
          break;
      }
    }

    // Nothing half-settled, whether its call was answered or not.
    for (const [id, r] of rounds) {
      if (transfer.get(`bet:${id}`) !== Number(r.bet)) problems.push(`round ${id}: no bet transfer`);
      const payout = Number(r.payout ?? 0);
      if (r.state === 'won' && transfer.get(`payout:${id}`) !== payout) problems.push(`round ${id}: won ${payout} but paid ${transfer.get(`payout:${id}`)}`);
      if (r.state !== 'won' && transfer.has(`payout:${id}`)) problems.push(`round ${id}: ${r.state} but paid`);
    }
    const periods = await rows<{ seq: number }>('SELECT seq FROM color_periods ORDER BY seq');
    const settled = new Set(periods.map((p) => p.seq));
    for (const [id, b] of bets) {
      if (transfer.get(`color-bet:${id}`) !== Number(b.amount)) problems.push(`colour bet ${id}: no stake transfer`);
      if (settled.has(b.seq as number) && b.status === 'open') problems.push(`colour bet ${id}: its period ${b.period} is settled but the bet is open`);
      if (!settled.has(b.seq as number) && b.status !== 'open') problems.push(`colour bet ${id}: settled before its period`);
      if (b.status === 'won' && transfer.get(`color-payout:${id}`) !== Number(b.payout)) problems.push(`colour bet ${id}: won but not paid`);
      if (b.status !== 'won' && transfer.has(`color-payout:${id}`)) problems.push(`colour bet ${id}: paid but ${b.status}`);
    }
    const open = [...bets.values()].filter((b) => b.status === 'open').length;
    if (open) problems.push(`${open} colour bets still open after every period of the run ended`);
    for (let i = 1; i < periods.length; i++)
      if (periods[i].seq !== periods[i - 1].seq + 1) problems.push(`colour periods skip from ${periods[i - 1].seq} to ${periods[i].seq}`);
    for (const [id, s] of spins) if (Number(s.amount) > 0 && transfer.get(`spin:${id}`) !== Number(s.amount)) problems.push(`spin ${id}: prize not paid`);
    for (const [id, w] of withdrawals) {
      if (transfer.get(`withdrawal-hold:${id}`) !== Number(w.amount)) problems.push(`withdrawal ${id}: no hold`);
      if (w.status === 'approved' && !transfer.has(`withdrawal:${id}`)) problems.push(`withdrawal ${id}: approved but not paid out`);
      if (w.status === 'rejected' && !transfer.has(`withdrawal-release:${id}`)) problems.push(`withdrawal ${id}: rejected but not released`);
    }
    for (const [id, d] of deposits)
      if (d.status === 'approved' && transfer.get(`deposit:${id}`) !== Number(d.amount)) problems.push(`deposit ${id}: approved but not credited`);

    log(
      `database: ${users.size} users, ${deposits.size} deposits, ${withdrawals.size} withdrawals, ${rounds.size} rounds, ${bets.size} colour bets over ${periods.length} periods, ${spins.size} spins, ${transfer.size} transfers`,
    );
  } finally {
    await client.end();
    await database.close();
  }
  for (const p of problems.slice(0, 30)) log(`PROBLEM ${p}`);
  if (problems.length > 30) log(`… and ${problems.length - 30} more`);
  return problems.length === 0;
}
