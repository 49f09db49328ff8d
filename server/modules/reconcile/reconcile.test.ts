import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ReconcileResult, ReconcileRow } from '../../../contracts/reconcile.answers.js';
import { rows, useTestApp, useTestAppWithAdmin } from '../../../tests/helpers/app.js';
import { createAdmin, createPlayer, type TestUser } from '../../../tests/helpers/factories.js';
import { auditLog, statementImports, walletDeposits } from '../../db/schema/index.js';
import type { App } from '../../types.js';
import { balanceOf } from '../ledger/ledger.service.js';
import { multipart, postDeposit, upiDeposit } from '../wallet/wallet.fixtures.js';

// The bank statement matched to deposit claims (decision 0032): import, match, approve once.

let utrCounter = 0;
/** A fresh twelve-digit UPI reference number. */
const nextUtr = () => `4${String(Date.now()).slice(-7)}${String((utrCounter += 1) % 10_000).padStart(4, '0')}`;
/** Today in India as the HDFC export writes it (dd/mm/yy). */
const today = () => {
  const [y, m, d] = new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 10).split('-');
  return `${d}/${m}/${y!.slice(2)}`;
};

const rowOf = (result: ReconcileResult, utr: string): ReconcileRow => result.rows.find((r) => r.line?.utr === utr)!;

interface Credit {
  narration: string;
  ref?: string;
  amount: string;
}
/** A statement in HDFC's CSV layout, with its preamble, holding these credits (and one debit). */
function hdfc(credits: Credit[]): Buffer {
  const d = today();
  const lines = [
    'RUPEE ARCADE PRIVATE LIMITED',
    `Statement From : ${d} To : ${d}`,
    '',
    'Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance',
    `${d},NEFT DR-SUPPLIER PAYMENT,N123456789,${d},250.00,,100000.00`,
    ...credits.map((c) => `${d},${c.narration},${c.ref ?? ''},${d},,${c.amount},100000.00`),
  ];
  return Buffer.from(`${lines.join('\n')}\n`);
}

describe('bank statements matched to deposit claims', () => {
  let app: App;
  let admin: TestUser;
  let checker: TestUser;
  let accountId: string;
  useTestApp(
    async (a) => {
      app = a;
      admin = await createAdmin(a);
      checker = await createAdmin(a);
      const res = await a.inject({ method: 'POST', url: '/api/v1/admin/reconcile/accounts', headers: admin.headers, payload: { name: 'HDFC current 0001' } });
      accountId = res.json().data._id;
    },
    { checkLedgerAfterEach: true },
  );

  const importFile = async (bytes: Buffer, who: TestUser = admin, fields: Record<string, string> = {}, name = 'statement.csv') => {
    const form = await multipart(fields, { field: 'statement', name, type: 'text/csv', bytes });
    return app.inject({
      method: 'POST',
      url: `/api/v1/admin/reconcile/accounts/${accountId}/import`,
      headers: { ...who.headers, ...form.headers },
      payload: form.payload,
    });
  };
  const approve = (importId: string, lineIds: string[], who: TestUser = admin) =>
    app.inject({ method: 'POST', url: `/api/v1/admin/reconcile/imports/${importId}/approve`, headers: who.headers, payload: { lineIds } });
  const claim = async (p: TestUser, amount: number, utr: string) => {
    const res = await postDeposit(app, p, upiDeposit(amount, utr));
    expect(res.statusCode).toBe(201);
    return res.json().data._id as string;
  };

  it('matches by UTR, approves the exact matches in one action, and a re-import approves nothing again', async () => {
    const p = await createPlayer(app);
    const q = await createPlayer(app);
    const [u1, u2, u3] = [nextUtr(), nextUtr(), nextUtr()];
    const d1 = await claim(p, 500, u1);
    const d2 = await claim(q, 1000, u2);
    const file = hdfc([
      { narration: `UPI-ASHA RAO-asha@okaxis-HDFC0001234-${u1}-PAYMENT`, ref: `0000${u1}`, amount: '500.00' },
      { narration: `UPI/${u2}/RAVI K/ravi@ybl/Deposit`, amount: '100.00' },
      { narration: `UPI/${u3}/STRANGER/x@upi/gift`, amount: '300.00' },
    ]);
    const res = await importFile(file);
    expect(res.statusCode).toBe(201);
    const result = res.json().data as ReconcileResult;
    expect(result.import).toMatchObject({ creditLines: 3, newLines: 3, accountName: 'HDFC current 0001' });
    expect(rowOf(result, u1)).toMatchObject({ kind: 'matched', approvable: true, deposits: [{ _id: d1, amount: 500, status: 'pending' }] });
    expect(rowOf(result, u2)).toMatchObject({ kind: 'amount-differs', approvable: false, deposits: [{ _id: d2, amount: 1000 }] });
    expect(rowOf(result, u3)).toMatchObject({ kind: 'unclaimed', approvable: false, deposits: [] });

    const lineIds = result.rows.map((r) => r.line!._id);
    const approved = await approve(result.import._id, lineIds);
    expect(approved.statusCode).toBe(200);
    const outcomes = approved.json().data.results as { lineId: string; outcome: string }[];
    expect(outcomes.find((o) => o.lineId === rowOf(result, u1).line!._id)?.outcome).toBe('approved');
    expect(outcomes.filter((o) => o.outcome === 'approved')).toHaveLength(1);
    expect(await balanceOf(app.db, p.id)).toBe(50_000);
    expect(await balanceOf(app.db, q.id)).toBe(0);

    // The approval's audit entry names the statement line.
    const [entry] = await app.db.select().from(auditLog).where(eq(auditLog.entityId, d1));
    expect(entry).toMatchObject({ action: 'approve', entity: 'deposit', actorId: admin.id });
    expect(entry!.after).toMatchObject({ proof: { statementLine: rowOf(result, u1).line!._id, utr: u1 } });

    // The same file again: no new line, the match shows as approved, and approving again credits nothing.
    const again = (await importFile(file)).json().data as ReconcileResult;
    expect(again.import).toMatchObject({ creditLines: 3, newLines: 0 });
    expect(rowOf(again, u1)).toMatchObject({ kind: 'already-approved', approvable: false });
    const twice = await approve(again.import._id, [rowOf(again, u1).line!._id]);
    expect(twice.json().data.results[0].outcome).toBe('refused');
    expect(await balanceOf(app.db, p.id)).toBe(50_000);
  });

  it('finds a deposit by the reference in the narration when the player gave no UTR', async () => {
    const p = await createPlayer(app);
    const d = await claim(p, 700, nextUtr());
    const reference = `RA${String(Date.now())
      .slice(-8)
      .replace(/[ILOU]/g, '0')}`;
    await app.db.update(walletDeposits).set({ reference }).where(eq(walletDeposits.id, d));
    const utr = nextUtr();
    const result = (await importFile(hdfc([{ narration: `UPI-P KUMAR-pk@oksbi-SBIN0000001-${utr}-${reference.toLowerCase()}`, amount: '700.00' }]))).json()
      .data as ReconcileResult;
    expect(rowOf(result, utr)).toMatchObject({ kind: 'matched', approvable: true, deposits: [{ _id: d, reference }] });
  });

  it('holds an approval to the admin limits and the two-admin rule, and a first approval does not use the line', async () => {
    const p = await createPlayer(app);
    const utr = nextUtr();
    const d = await claim(p, 5000, utr);
    // Above the two-admin threshold once the player's deposits of the day pass ₹10,000.
    await app.db.update(walletDeposits).set({ amount: 1_100_000 }).where(eq(walletDeposits.id, d));
    const result = (await importFile(hdfc([{ narration: `UPI/${utr}/BIG PAYER/big@icici/x`, amount: '11000.00' }]))).json().data as ReconcileResult;
    const line = rowOf(result, utr).line!;
    const first = await approve(result.import._id, [line._id]);
    expect(first.json().data.results[0]).toMatchObject({ outcome: 'awaiting-second' });
    expect(await balanceOf(app.db, p.id)).toBe(0);
    const [stored] = await rows<{ deposit_id: string | null }>(app, sql`SELECT deposit_id FROM statement_lines WHERE id = ${line._id}`);
    expect(stored!.deposit_id).toBeNull();
    // The same admin cannot be the second; another can, and the line is then used.
    expect((await approve(result.import._id, [line._id])).json().data.results[0]).toMatchObject({ outcome: 'refused' });
    expect((await approve(result.import._id, [line._id], checker)).json().data.results[0]).toMatchObject({ outcome: 'approved' });
    expect(await balanceOf(app.db, p.id)).toBe(1_100_000);

    const limited = await createAdmin(app);
    await app.db.execute(sql`UPDATE users SET daily_approval_limit = 0 WHERE id = ${limited.id}`);
    const u2 = nextUtr();
    await claim(p, 200, u2);
    const r2 = (await importFile(hdfc([{ narration: `UPI/${u2}/ASHA/a@ok/x`, amount: '200.00' }]), limited)).json().data as ReconcileResult;
    const refused = (await approve(r2.import._id, [rowOf(r2, u2).line!._id], limited)).json().data.results[0];
    expect(refused).toMatchObject({ outcome: 'refused', message: expect.stringContaining('daily approval limit') });
  });

  it('refuses bad files with a clear message and stores nothing from them', async () => {
    const before = (await app.db.select().from(statementImports)).length;
    const cases: [Buffer, string, number, RegExp][] = [
      [Buffer.from('%PDF-1.7\n1 0 obj\n'), 'statement.pdf', 400, /CSV or Excel/i],
      [hdfc([{ narration: '=HYPERLINK("http://evil")', amount: '100.00' }]), 'statement.csv', 400, /formula/i],
      [hdfc([{ narration: `UPI/${nextUtr()}/A/a@b/x`, amount: 'ten rupees' }]), 'statement.csv', 400, /ten rupees/],
      [Buffer.alloc(10 * 1024 * 1024, 'a'), 'ten-megabytes.csv', 413, /too large. The limit is 5 MB/i],
    ];
    for (const [bytes, name, status, message] of cases) {
      const res = await importFile(bytes, admin, {}, name);
      expect(res.statusCode, name).toBe(status);
      expect(res.json().message).toMatch(message);
    }
    const wrongMapping = await importFile(hdfc([{ narration: 'UPI/1/A', amount: '1.00' }]), admin, {
      mapping: JSON.stringify({ date: 'Date', narration: 'Remarks', reference: null, credit: 'Deposit Amt.' }),
    });
    expect(wrongMapping.statusCode).toBe(400);
    expect(wrongMapping.json().message).toMatch(/Remarks/);
    expect((await app.db.select().from(statementImports)).length).toBe(before);
  });

  it('asks which column is which for a layout it does not know, and keeps the answer for the account', async () => {
    const utr = nextUtr();
    const odd = Buffer.from(`When,What,Money In\n${today()},UPI/${utr}/A/a@b/x,150.00\n`);
    const res = await importFile(odd);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'MAPPING_NEEDED', data: { headers: ['When', 'What', 'Money In'] } });
    const mapping = { date: 'When', narration: 'What', reference: null, credit: 'Money In' };
    const mapped = await importFile(odd, admin, { mapping: JSON.stringify(mapping) });
    expect(mapped.statusCode).toBe(201);
    const accounts = (await app.inject({ url: '/api/v1/admin/reconcile/accounts', headers: admin.headers })).json().data;
    expect(accounts.find((a: { _id: string }) => a._id === accountId).mapping).toMatchObject(mapping);
    // The next file of that layout needs no mapping; the account's other layout is guessed again.
    expect((await importFile(odd)).statusCode).toBe(201);
  });

  it('credits each deposit once when one statement is imported and approved by several admins at once', async () => {
    const players: TestUser[] = [];
    for (let i = 0; i < 4; i++) players.push(await createPlayer(app));
    const utrs = players.map(() => nextUtr());
    await Promise.all(players.map((p, i) => claim(p, 100 + i, utrs[i]!)));
    const file = hdfc(utrs.map((u, i) => ({ narration: `UPI/${u}/P${i}/p${i}@okaxis/x`, amount: `${100 + i}.00` })));
    const admins = [admin, checker, await createAdmin(app), await createAdmin(app)];
    const results = await Promise.all(
      admins.map(async (who) => {
        const imported = (await importFile(file, who)).json().data as ReconcileResult;
        const ids = imported.rows.filter((r) => r.line && utrs.includes(r.line.utr!)).map((r) => r.line!._id);
        return (await approve(imported.import._id, ids, who)).json().data.results as { outcome: string }[];
      }),
    );
    expect(results.flat().filter((r) => r.outcome === 'approved')).toHaveLength(4);
    for (const [i, p] of players.entries()) expect(await balanceOf(app.db, p.id)).toBe((100 + i) * 100);
    const [lines] = await rows<{ n: number }>(app, sql`SELECT count(*)::int AS n FROM statement_lines WHERE utr IN (${sql.join(utrs, sql`, `)})`);
    expect(lines!.n).toBe(4);
  });
});

describe('bank statements with RECONCILE_AUTO_APPROVE', () => {
  let app: App;
  let admin: TestUser;
  useTestAppWithAdmin((a, ad) => ((app = a), (admin = ad)), { checkLedgerAfterEach: true, env: { RECONCILE_AUTO_APPROVE: '1' } });

  it('approves exact UTR-and-amount matches on import, as the importing admin, and leaves the rest for a person', async () => {
    const account = (
      await app.inject({ method: 'POST', url: '/api/v1/admin/reconcile/accounts', headers: admin.headers, payload: { name: 'SBI 0002' } })
    ).json().data;
    const p = await createPlayer(app);
    const [exact, byRef, differs] = [nextUtr(), nextUtr(), nextUtr()];
    const d1 = (await postDeposit(app, p, upiDeposit(400, exact))).json().data._id as string;
    const d2 = (await postDeposit(app, p, upiDeposit(600, nextUtr()))).json().data._id as string;
    const reference = 'RA7K2M9QXP';
    await app.db.update(walletDeposits).set({ reference }).where(eq(walletDeposits.id, d2));
    await postDeposit(app, p, upiDeposit(900, differs));
    const file = hdfc([
      { narration: `UPI/${exact}/P/p@ok/x`, amount: '400.00' },
      { narration: `UPI/${byRef}/P/p@ok/${reference}`, amount: '600.00' },
      { narration: `UPI/${differs}/P/p@ok/x`, amount: '90.00' },
    ]);
    const form = await multipart({}, { field: 'statement', name: 'sbi.csv', type: 'text/csv', bytes: file });
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/reconcile/accounts/${account._id}/import`,
      headers: { ...admin.headers, ...form.headers },
      payload: form.payload,
    });
    const result = res.json().data as ReconcileResult;
    expect(result.autoApproved).toBe(1);
    expect(rowOf(result, exact)).toMatchObject({ kind: 'already-approved', deposits: [{ _id: d1, status: 'approved' }] });
    expect(rowOf(result, byRef)).toMatchObject({ kind: 'matched', by: 'reference', approvable: true });
    expect(rowOf(result, differs)).toMatchObject({ kind: 'amount-differs' });
    expect(await balanceOf(app.db, p.id)).toBe(40_000);
    const [entry] = await app.db.select().from(auditLog).where(eq(auditLog.entityId, d1));
    expect(entry).toMatchObject({ action: 'approve', actorId: admin.id });
  });
});
