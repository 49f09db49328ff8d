import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AccessPage } from '../../contracts/roles.js';
import { users } from '../../server/db/schema/index.js';
import { login, outboxOf, rows } from '../../server/modules/accounts/accounts.test-support.js';
import { balanceOf, heldOf } from '../../server/modules/ledger/index.js';
import { decideDeposit, decideWithdrawal, pendingDeposit, postWithdrawal, upiWithdrawal } from '../../server/modules/wallet/wallet.fixtures.js';
import type { App } from '../../server/types.js';
import { createTestApp, seedPaymentTargets, useTestApp } from '../helpers/app.js';
import { createAdmin, createPlayer, type TestUser } from '../helpers/factories.js';

// No admin moves money alone: each finding of the review of insiders that let one admin take
// money, tried again as it was found (docs/decisions/0027-makers-and-checkers.md).

const FINANCE = ['transaction', 'withdraw-requests'] as const;

const setPassword = (app: App, admin: TestUser, userId: string, password: string) =>
  app.inject({ method: 'POST', url: `/api/v1/admin/users/${userId}/password`, headers: admin.headers, payload: { password } });
const release = (app: App, admin: TestUser, userId: string) =>
  app.inject({ method: 'POST', url: `/api/v1/admin/users/${userId}/release-withdrawals`, headers: admin.headers });
let made = 0;
const addAdmin = (app: App, admin: TestUser, accessPages: string[]) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/admin/add-admin',
    headers: admin.headers,
    payload: {
      name: 'Puppet Admin',
      email: `puppet.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`,
      phone: `+9197${String(Date.now() + (made += 1)).slice(-8)}`,
      password: 'Puppet#Admin123',
      accessPages,
    },
  });
const editAdmin = (app: App, who: TestUser, target: { id: string }, change: Record<string, unknown>) =>
  app.inject({ method: 'GET', url: '/api/v1/admin/get-admin', headers: who.headers }).then((list) => {
    const row = list.json().data.find((a: { _id: string }) => a._id === target.id);
    return app.inject({
      method: 'PUT',
      url: '/api/v1/admin/update-admin',
      headers: who.headers,
      payload: { _id: row._id, fullName: row.fullName, email: row.email, phoneNumber: row.phoneNumber, accessPages: row.accessPages, ...change },
    });
  });
const setLimit = (app: App, id: string, rupees: number | null) =>
  app.db
    .update(users)
    .set({ dailyApprovalLimit: rupees === null ? null : rupees * 100 })
    .where(eq(users.id, id));
const limitOf = async (app: App, id: string) => (await app.db.select().from(users).where(eq(users.id, id)))[0].dailyApprovalLimit;
const asPlayer = async (app: App, email: string, password: string): Promise<TestUser> => {
  const res = await login(app, { email, password });
  expect(res.statusCode).toBe(200);
  const token = res.json().data.accessToken as string;
  return { id: res.json().data.user._id, email, phoneNumber: '', fullName: '', password, token, headers: { authorization: token } };
};
const withdraw = async (app: App, who: TestUser, amount: number) => postWithdrawal(app, who, upiWithdrawal(amount));

describe('no admin moves money alone', () => {
  let app: App;
  useTestApp((a) => (app = a), { checkLedgerAfterEach: true });

  it("1. the drain: a finance admin who sets a player's password cannot withdraw as them and approve it; the player is told", async () => {
    const finance = await createAdmin(app, { accessPages: [...FINANCE] });
    const other = await createAdmin(app, { accessPages: [...FINANCE] });
    const player = await createPlayer(app, { balance: 40000 });
    // A withdrawal the player asked for before the change also waits.
    const before = await withdraw(app, player, 1000);
    expect(before.statusCode).toBe(201);

    expect((await setPassword(app, finance, player.id, 'Taken#Over123')).statusCode).toBe(200);
    const mallory = await asPlayer(app, player.email, 'Taken#Over123');
    const payout = await withdraw(app, mallory, 39000);
    expect(payout.statusCode).toBe(403);
    expect(payout.json().code).toBe('WITHDRAWALS_HELD');
    const approve = await decideWithdrawal(app, finance, before.json().data._id, 'approved');
    expect(approve.statusCode).toBe(409);
    expect(approve.json().code).toBe('WITHDRAWALS_HELD');
    expect(await balanceOf(app.db, player.id)).toBe(39000_00);

    // The player is told at their e-mail and phone.
    const [mail] = await outboxOf(app, player.email, 1);
    expect(mail.text).toContain('changed the password');
    expect(mail.text).toContain('withdrawals are paused until');
    expect((await outboxOf(app, player.phoneNumber, 1))[0].text).toContain('changed your password');

    // The admin who made the change cannot release the hold; another admin can.
    expect((await release(app, finance, player.id)).json().code).toBe('OWN_CHANGE');
    const released = await release(app, other, player.id);
    expect(released.statusCode).toBe(200);
    expect(released.json().data.withdrawalsHeldUntil).toBeNull();
    expect((await decideWithdrawal(app, finance, before.json().data._id, 'approved')).statusCode).toBe(200);
  });

  it('1. a new e-mail or phone set by an admin holds withdrawals too, and the old address is told', async () => {
    const finance = await createAdmin(app, { accessPages: [...FINANCE] });
    const player = await createPlayer(app, { balance: 1000 });
    const inbox = `mallory.${Date.now()}@example.com`;
    const edit = await app.inject({
      method: 'PUT',
      url: `/api/v1/users/${player.id}`,
      headers: finance.headers,
      payload: { fullName: player.fullName, email: inbox, phoneNumber: player.phoneNumber },
    });
    expect(edit.statusCode).toBe(200);
    expect(Date.parse(edit.json().data.withdrawalsHeldUntil) - Date.now()).toBeGreaterThan(47 * 3600_000);
    expect((await outboxOf(app, player.email, 1))[0].text).toContain('changed the e-mail');
    expect((await withdraw(app, player, 500)).json().code).toBe('WITHDRAWALS_HELD');
    // A change of the name alone holds nothing.
    const other = await createPlayer(app, { balance: 1000 });
    const rename = await app.inject({
      method: 'PUT',
      url: `/api/v1/users/${other.id}`,
      headers: finance.headers,
      payload: { fullName: 'New Name', email: other.email, phoneNumber: other.phoneNumber },
    });
    expect(rename.json().data.withdrawalsHeldUntil).toBeNull();
    expect((await withdraw(app, other, 500)).statusCode).toBe(201);
  });

  it('2. the mint: one admin approving made-up deposits credits ₹10,000 at most, and cannot pay them out alone', async () => {
    const finance = await createAdmin(app, { accessPages: [...FINANCE] });
    const checker = await createAdmin(app, { accessPages: [...FINANCE] });
    const accomplice = await createPlayer(app);
    const answers: string[] = [];
    for (let i = 0; i < 10; i += 1) {
      const res = await decideDeposit(app, finance, await pendingDeposit(app, accomplice, 5000), 'approved');
      expect(res.statusCode).toBe(200);
      answers.push(res.json().data.awaitingSecondApproval ? 'first' : res.json().data.status);
    }
    // DEPOSIT_SECOND_APPROVAL_ABOVE is ₹10,000: two deposits credit, the other eight wait.
    expect(answers).toEqual(['approved', 'approved', ...Array(8).fill('first')]);
    expect(await balanceOf(app.db, accomplice.id)).toBe(10000_00);

    // Its withdrawal, funded by deposits this admin approved, needs another admin.
    const out = await withdraw(app, accomplice, 9000);
    const first = await decideWithdrawal(app, finance, out.json().data._id, 'approved');
    expect(first.json().data.awaitingSecondApproval).toBe(true);
    expect((await decideWithdrawal(app, finance, out.json().data._id, 'approved')).json().code).toBe('SECOND_APPROVAL_REQUIRED');
    expect(await heldOf(app.db, accomplice.id)).toBe(9000_00);
    expect((await decideWithdrawal(app, checker, out.json().data._id, 'approved')).json().data.status).toBe('approved');
    // The back office shows the waiting deposits as waiting for a second admin, by whom.
    const list = await app.inject({ url: '/api/v1/wallet/history/deposit?status=pending', headers: checker.headers });
    const waiting = list.json().data.deposit.filter((d: { userId: string }) => d.userId === accomplice.id);
    expect(waiting).toHaveLength(8);
    expect(
      waiting.every((d: { needsSecondApproval: boolean; firstApprovedBy: { _id: string } }) => d.needsSecondApproval && d.firstApprovedBy._id === finance.id),
    ).toBe(true);
  });

  it("2. ten approvals at once of one player's deposits credit ₹10,000 at most (decided one by one under the player's lock)", async () => {
    const finance = await createAdmin(app, { accessPages: [...FINANCE] });
    const player = await createPlayer(app);
    const ids = await Promise.all(Array.from({ length: 10 }, () => pendingDeposit(app, player, 5000)));
    const answers = await Promise.all(ids.map((id) => decideDeposit(app, finance, id, 'approved')));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(answers.filter((a) => a.json().data.status === 'approved')).toHaveLength(2);
    expect(await balanceOf(app.db, player.id)).toBe(10000_00);
  });

  it("2. deposits count against the admin's daily limit, with withdrawals", async () => {
    const finance = await createAdmin(app, { accessPages: [...FINANCE] });
    await setLimit(app, finance.id, 6000);
    const player = await createPlayer(app, { balance: 1000 });
    expect((await decideDeposit(app, finance, await pendingDeposit(app, player, 5000), 'approved')).statusCode).toBe(200);
    const over = await decideDeposit(app, finance, await pendingDeposit(app, player, 2000), 'approved');
    expect(over.json().code).toBe('DAILY_APPROVAL_LIMIT');
    const other = await createPlayer(app, { balance: 3000 });
    const out = await withdraw(app, other, 2000);
    expect((await decideWithdrawal(app, finance, out.json().data._id, 'approved')).json().code).toBe('DAILY_APPROVAL_LIMIT');
  });

  it('3. puppets: an admin limited to ₹1,000 makes admins with ₹1,000, cannot raise them, and they are not two approvers', async () => {
    const master = await createAdmin(app, { accessPages: ['admin-management', 'withdraw-requests'] });
    await setLimit(app, master.id, 1000);
    const made = await Promise.all([addAdmin(app, master, ['withdraw-requests']), addAdmin(app, master, ['withdraw-requests'])]);
    expect(made.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(made.map((r) => r.json().data.dailyApprovalLimit)).toEqual([1000, 1000]);
    const [one, two] = made.map((r) => r.json().data._id as string);
    const raise = await editAdmin(app, master, { id: one }, { dailyApprovalLimit: 100_000_000 });
    expect(raise.statusCode).toBe(403);
    expect(raise.json().code).toBe('LIMIT_ABOVE_OWN');
    expect(await limitOf(app, one)).toBe(1000_00);

    // Even with large limits (given by someone else), one admin's two new admins do not make two approvals.
    await setLimit(app, one, 100_000_000);
    await setLimit(app, two, 100_000_000);
    const puppet = async (id: string) => asPlayer(app, (await app.db.select().from(users).where(eq(users.id, id)))[0].email, 'Puppet#Admin123');
    const [p1, p2] = [await puppet(one), await puppet(two)];
    const player = await createPlayer(app, { balance: 90000 });
    const out = await withdraw(app, player, 90000);
    expect((await decideWithdrawal(app, p1, out.json().data._id, 'approved')).json().data.awaitingSecondApproval).toBe(true);
    const second = await decideWithdrawal(app, p2, out.json().data._id, 'approved');
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('NOT_INDEPENDENT');
    // Nor the admin who made them.
    await setLimit(app, master.id, 100_000_000);
    expect((await decideWithdrawal(app, master, out.json().data._id, 'approved')).json().code).toBe('NOT_INDEPENDENT');
    expect(await heldOf(app.db, player.id)).toBe(90000_00);
    // An independent admin can.
    const independent = await createAdmin(app, { accessPages: ['withdraw-requests'] });
    expect((await decideWithdrawal(app, independent, out.json().data._id, 'approved')).json().data.status).toBe('approved');
  });

  it("2. a peer's limit is raised only by two admins; lowering it, or an admin holding a page it lacks, needs one", async () => {
    const pages: AccessPage[] = ['admin-management', 'withdraw-requests'];
    const [a, b, c] = [
      await createAdmin(app, { accessPages: pages }),
      await createAdmin(app, { accessPages: pages }),
      await createAdmin(app, { accessPages: pages }),
    ];
    const peer = await createAdmin(app, { accessPages: pages });
    await setLimit(app, peer.id, 1000);
    expect((await editAdmin(app, a, peer, { dailyApprovalLimit: 500 })).statusCode).toBe(200);
    expect(await limitOf(app, peer.id)).toBe(500_00);

    const proposed = await editAdmin(app, a, peer, { dailyApprovalLimit: 20000 });
    expect(proposed.statusCode).toBe(200);
    expect(proposed.json().message).toContain('waits for a second admin');
    expect(proposed.json().data.proposedChange).toMatchObject({ dailyApprovalLimit: 20000, by: { _id: a.id } });
    expect(await limitOf(app, peer.id)).toBe(500_00);
    // The same admin again changes nothing; a different value is a new proposal.
    await editAdmin(app, a, peer, { dailyApprovalLimit: 20000 });
    expect(await limitOf(app, peer.id)).toBe(500_00);
    await editAdmin(app, b, peer, { dailyApprovalLimit: 30000 });
    expect(await limitOf(app, peer.id)).toBe(500_00);
    // A second admin making the same change makes it.
    const confirmed = await editAdmin(app, c, peer, { dailyApprovalLimit: 30000 });
    expect(confirmed.json().message).toBe('Admin updated successfully');
    expect(confirmed.json().data.proposedChange).toBeNull();
    expect(await limitOf(app, peer.id)).toBe(30000_00);

    // An admin holding a page the target lacks raises it alone (up to their own limit).
    const junior = await createAdmin(app, { accessPages: ['withdraw-requests'] });
    await setLimit(app, junior.id, 100);
    expect((await editAdmin(app, a, junior, { dailyApprovalLimit: 2000 })).json().message).toBe('Admin updated successfully');
    expect(await limitOf(app, junior.id)).toBe(2000_00);
  });
});

describe('with ADMIN_2FA, an enrolled admin’s contact is changed by two admins', () => {
  it("keeps another admin's change of an enrolled admin's e-mail as a proposal until a second admin makes it", async () => {
    const app = await createTestApp({}, { ADMIN_2FA: '1' });
    try {
      await seedPaymentTargets(app);
      const boss = await createAdmin(app);
      const other = await createAdmin(app);
      const enrolled = await createAdmin(app, { accessPages: ['games'] });
      await app.db.execute(sql`UPDATE users SET totp_enabled_at = now() WHERE id = ${enrolled.id}`);
      const inbox = `new.${Date.now()}@example.com`;
      const first = await editAdmin(app, boss, enrolled, { email: inbox });
      expect(first.json().message).toContain('The new e-mail waits for a second admin');
      const [row] = await rows<{ email: string }>(app, sql`SELECT email FROM users WHERE id = ${enrolled.id}`);
      expect(row.email).toBe(enrolled.email);
      expect((await editAdmin(app, other, enrolled, { email: inbox })).json().message).toBe('Admin updated successfully');
      const [after] = await rows<{ email: string }>(app, sql`SELECT email FROM users WHERE id = ${enrolled.id}`);
      expect(after.email).toBe(inbox);
    } finally {
      await app.close();
    }
  });
});
