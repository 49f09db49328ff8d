import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { DEPOSIT_REFERENCE_PATTERN } from '../../../contracts/upi.js';
import { seedPaymentTargets, useTestApp, useTestAppWithAdmin } from '../../../tests/helpers/app.js';
import { createPlayer, type TestUser } from '../../../tests/helpers/factories.js';
import { walletDeposits, walletQrCodes } from '../../db/schema/index.js';
import type { App } from '../../types.js';
import { balanceOf } from '../ledger/ledger.service.js';
import { decideDeposit, nextPayNumber, postDeposit, upiDeposit } from './wallet.fixtures.js';

const UPI_ID = 'rupeearcade@okaxis';
const UTR = () => String(100_000_000_000 + Math.floor(Math.random() * 899_999_999_999));

const upiRequest = (app: App, who: TestUser, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/v1/wallet/deposit/upi-request', headers: { ...who.headers, ...headers }, payload: body });
const giveUtr = (app: App, who: TestUser, id: string, payNumber: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: `/api/v1/wallet/deposit/${id}/utr`, headers: { ...who.headers, ...headers }, payload: { payNumber } });

/** The link's fields, whatever their order. */
const linkFields = (link: string) => Object.fromEntries(new URLSearchParams(new URL(link).search));

async function setUpiId(app: App, payTo: string | null) {
  await app.db.update(walletQrCodes).set({ payTo }).where(eq(walletQrCodes.kind, 'upi'));
}

describe('a UPI request for the exact amount', () => {
  let app: App;
  let admin: TestUser;
  useTestAppWithAdmin((a, ad) => ((app = a), (admin = ad)), { checkLedgerAfterEach: true, env: { UPI_PAYEE_NAME: 'Rupee Arcade & Co' } });
  beforeAll(async () => setUpiId(app, UPI_ID));
  afterAll(async () => setUpiId(app, null));

  const adminList = async () =>
    (await app.inject({ url: '/api/v1/wallet/history/deposit?method=upi&limit=500', headers: admin.headers })).json().data.deposit as Record<string, unknown>[];

  it('records a pending UPI deposit with its reference and answers the link that pays it', async () => {
    const p = await createPlayer(app);
    const res = await upiRequest(app, p, { userId: p.id, amount: '500' });
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    expect(res.json()).toMatchObject({ success: true, message: expect.any(String) });
    expect(data).toMatchObject({
      deposit: { status: 'pending', amount: 500, method: 'UPI', createdAt: expect.any(String) },
      payTo: UPI_ID,
      payeeName: 'Rupee Arcade & Co',
    });
    expect(data.reference).toMatch(DEPOSIT_REFERENCE_PATTERN);
    expect(data.link.startsWith('upi://pay?')).toBe(true);
    expect(linkFields(data.link)).toEqual({ pa: UPI_ID, pn: 'Rupee Arcade & Co', tr: data.reference, tn: data.reference, am: '500.00', cu: 'INR' });

    const [row] = await app.db.select().from(walletDeposits).where(eq(walletDeposits.id, data.deposit._id));
    expect(row).toMatchObject({
      userId: p.id,
      amount: 50_000,
      method: 'UPI',
      status: 'pending',
      payNumber: null,
      reference: data.reference,
      details: { reference: data.reference, payTo: UPI_ID },
      remarks: 'Payment request for INR',
    });
    expect(await balanceOf(app.db, p.id)).toBe(0);

    // The back office sees the reference, and no transaction id yet.
    const item = (await adminList()).find((d) => d._id === data.deposit._id);
    expect(item).toMatchObject({
      reference: data.reference,
      status: 'pending',
      amount: 500,
      earlierClaims: 0,
      details: { reference: data.reference, gameName: null },
    });
    expect((item!.details as Record<string, unknown>).payNumber).toBeUndefined();
    // Other deposits carry no reference.
    const plain = await postDeposit(app, p, upiDeposit(200, nextPayNumber()));
    expect((await adminList()).find((d) => d._id === plain.json().data._id)).toMatchObject({ reference: null });
  });

  it('gives each amount a request of its own, shows the open one again for the same amount, and keeps paise in the link', async () => {
    const p = await createPlayer(app);
    const a = (await upiRequest(app, p, { amount: 123.45 })).json().data;
    const again = (await upiRequest(app, p, { amount: '123.45' })).json().data;
    const other = (await upiRequest(app, p, { amount: 200 })).json().data;
    expect(again).toMatchObject({ reference: a.reference, deposit: { _id: a.deposit._id } });
    expect(other.reference).not.toBe(a.reference);
    expect(linkFields(a.link).am).toBe('123.45');
    // Once it has its UTR it is a claim, and the same amount asked again makes a new request.
    await app.inject({
      method: 'POST',
      url: `/api/v1/wallet/deposit/${a.deposit._id}/utr`,
      headers: p.headers,
      payload: { payNumber: `41${String(Date.now()).slice(-10)}` },
    });
    expect((await upiRequest(app, p, { amount: 123.45 })).json().data.reference).not.toBe(a.reference);
  });

  it('refuses amounts out of range, as a deposit', async () => {
    const p = await createPlayer(app);
    for (const amount of [99.99, 5000.01]) {
      const res = await upiRequest(app, p, { amount });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'AMOUNT_OUT_OF_RANGE', message: 'Deposit amount must be between ₹100 and ₹5,000.' });
    }
    for (const amount of [-1, 'abc', '100.123', null]) expect((await upiRequest(app, p, { amount })).statusCode, String(amount)).toBe(400);
    expect((await upiRequest(app, p, { amount: 100 })).statusCode).toBe(201);
    expect((await upiRequest(app, p, { amount: 5000 })).statusCode).toBe(201);
  });

  it('refuses another player’s userId and a caller who is not signed in', async () => {
    const p = await createPlayer(app);
    const other = await createPlayer(app);
    expect((await upiRequest(app, p, { userId: other.id, amount: 500 })).statusCode).toBe(403);
    expect((await app.inject({ method: 'POST', url: '/api/v1/wallet/deposit/upi-request', payload: { amount: 500 } })).statusCode).toBe(401);
  });

  it('is refused without a UPI code, and without a UPI ID on it', async () => {
    const p = await createPlayer(app);
    await setUpiId(app, null);
    try {
      const res = await upiRequest(app, p, { amount: 500 });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'NO_UPI_ID', message: expect.stringContaining('no UPI ID') });
      await app.db.delete(walletQrCodes).where(eq(walletQrCodes.kind, 'upi'));
      expect((await upiRequest(app, p, { amount: 500 })).json()).toMatchObject({ code: 'NOT_AVAILABLE' });
    } finally {
      await seedPaymentTargets(app);
      await setUpiId(app, UPI_ID);
    }
    expect((await upiRequest(app, p, { amount: 500 })).statusCode).toBe(201);
  });

  it('keeps to the player’s deposit limit and is refused during a break', async () => {
    const p = await createPlayer(app);
    const limits = await app.inject({
      method: 'PUT',
      url: '/api/v1/responsible/limits',
      headers: p.headers,
      payload: { limits: [{ kind: 'deposit', period: 'day', amount: 600 }] },
    });
    expect(limits.statusCode).toBe(200);
    expect((await upiRequest(app, p, { amount: 400 })).statusCode).toBe(201);
    // The request counts at once, before it is paid.
    const over = await upiRequest(app, p, { amount: 300 });
    expect(over.statusCode).toBe(403);
    expect(over.json().code).toBe('LIMIT_REACHED');

    const q = await createPlayer(app);
    const rest = await app.inject({ method: 'POST', url: '/api/v1/responsible/exclusion', headers: q.headers, payload: { kind: 'timeout', days: 1 } });
    expect(rest.statusCode).toBe(200);
    const refused = await upiRequest(app, q, { amount: 500 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('SELF_EXCLUDED');
  });

  it('answers the same request again for the same Idempotency-Key, and records one deposit', async () => {
    const p = await createPlayer(app);
    const key = { 'idempotency-key': `upi-${Date.now()}` };
    const first = await upiRequest(app, p, { amount: 700 }, key);
    const again = await upiRequest(app, p, { amount: 700 }, key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json().data).toEqual(first.json().data);
    const rows = await app.db.select().from(walletDeposits).where(eq(walletDeposits.userId, p.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].requestKey).toBe(key['idempotency-key']);
  });

  it('answers the same request again after an unknown commit (its stored answer lost, its key released)', async () => {
    const p = await createPlayer(app);
    const key = { 'idempotency-key': `upi-lost-${Date.now()}` };
    const release = () => app.db.execute(sql`DELETE FROM idempotency_keys WHERE user_id = ${p.id} AND key = ${key['idempotency-key']}`);
    const first = await upiRequest(app, p, { amount: 900 }, key);
    await release();
    const again = await upiRequest(app, p, { amount: 900 }, key);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await app.db.select().from(walletDeposits).where(eq(walletDeposits.userId, p.id))).toHaveLength(1);

    const utrKey = { 'idempotency-key': `utr-lost-${Date.now()}` };
    const utr = UTR();
    const given = await giveUtr(app, p, first.json().data.deposit._id, utr, utrKey);
    await app.db.execute(sql`DELETE FROM idempotency_keys WHERE user_id = ${p.id} AND key = ${utrKey['idempotency-key']}`);
    const givenAgain = await giveUtr(app, p, first.json().data.deposit._id, utr, utrKey);
    expect(givenAgain.headers['idempotent-replayed']).toBeUndefined();
    expect(givenAgain.statusCode).toBe(200);
    expect(givenAgain.json()).toEqual(given.json());
  });

  it('takes the UTR of the player’s own pending request once, and refuses every other', async () => {
    const p = await createPlayer(app);
    const stranger = await createPlayer(app);
    const request = (await upiRequest(app, p, { amount: 500 })).json().data;
    const id = request.deposit._id as string;
    const utr = UTR();

    // Someone else's request is not found, as an id that does not exist.
    expect((await giveUtr(app, stranger, id, utr)).statusCode).toBe(404);
    expect((await giveUtr(app, p, '00000000-0000-4000-8000-000000000000', utr)).statusCode).toBe(404);
    expect((await giveUtr(app, p, 'not-an-id', utr)).statusCode).toBe(404);
    // An ordinary deposit already has its id: it is not a UPI request.
    const plain = await postDeposit(app, p, upiDeposit(300, nextPayNumber()));
    expect((await giveUtr(app, p, plain.json().data._id, utr)).statusCode).toBe(404);
    // A transaction id another live claim holds.
    const taken = nextPayNumber();
    expect((await postDeposit(app, stranger, upiDeposit(200, taken))).statusCode).toBe(201);
    const dup = await giveUtr(app, p, id, taken.toLowerCase());
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'DUPLICATE_TRANSACTION_ID', message: 'This transaction id has already been submitted. Check it and try again.' });
    expect((await giveUtr(app, p, id, 'has spaces')).statusCode).toBe(400);

    const res = await giveUtr(app, p, id, utr);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Your deposit request has been submitted successfully!',
      data: { _id: id, status: 'pending', amount: 500 },
    });
    // Given again (a retry whose answer was lost): the same answer; another id: refused.
    expect((await giveUtr(app, p, id, utr)).statusCode).toBe(200);
    const second = await giveUtr(app, p, id, UTR());
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('UTR_ALREADY_GIVEN');

    const item = (await adminList()).find((d) => d._id === id);
    expect(item).toMatchObject({ reference: request.reference, details: { payNumber: utr, reference: request.reference, payTo: UPI_ID } });
    // The id is now claimed: nobody else can submit it.
    expect((await postDeposit(app, stranger, upiDeposit(200, utr))).statusCode).toBe(409);
  });

  it('replays the UTR call for its Idempotency-Key', async () => {
    const p = await createPlayer(app);
    const id = (await upiRequest(app, p, { amount: 500 })).json().data.deposit._id as string;
    const key = { 'idempotency-key': `utr-${Date.now()}` };
    const utr = UTR();
    const first = await giveUtr(app, p, id, utr, key);
    const again = await giveUtr(app, p, id, utr, key);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
  });

  it('refuses a UTR for a decided request', async () => {
    const p = await createPlayer(app);
    const id = (await upiRequest(app, p, { amount: 500 })).json().data.deposit._id as string;
    expect((await decideDeposit(app, admin, id, 'rejected')).statusCode).toBe(200);
    const res = await giveUtr(app, p, id, UTR());
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('NOT_PENDING');
  });

  it('is approved by the deposit approval and credits the wallet once, with or without its UTR', async () => {
    const p = await createPlayer(app);
    const paid = (await upiRequest(app, p, { amount: 800 })).json().data.deposit._id as string;
    expect((await giveUtr(app, p, paid, UTR())).statusCode).toBe(200);
    expect((await decideDeposit(app, admin, paid, 'approved')).json()).toMatchObject({ data: { _id: paid, status: 'approved' } });
    expect(await balanceOf(app.db, p.id)).toBe(80_000);
    expect((await decideDeposit(app, admin, paid, 'approved')).statusCode).toBe(409);
    expect(await balanceOf(app.db, p.id)).toBe(80_000);
    // Matched by its reference alone: approved without a UTR.
    const matched = (await upiRequest(app, p, { amount: 200 })).json().data.deposit._id as string;
    expect((await decideDeposit(app, admin, matched, 'approved')).statusCode).toBe(200);
    expect(await balanceOf(app.db, p.id)).toBe(100_000);
    // A decided request takes no UTR.
    expect((await giveUtr(app, p, matched, UTR())).json().code).toBe('NOT_PENDING');
  });
});

describe('a UPI request on a play-money site', () => {
  let app: App;
  useTestApp((a) => (app = a), { env: { PLAY_MONEY: '1', PLAY_MONEY_START_BALANCE: '2500' } });

  it('is refused, as every deposit', async () => {
    await setUpiId(app, UPI_ID);
    try {
      const p = await createPlayer(app);
      const res = await upiRequest(app, p, { amount: 500 });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'PLAY_MONEY_ONLY', message: 'This site uses play money only: there are no deposits.' });
      expect((await giveUtr(app, p, '00000000-0000-4000-8000-000000000000', UTR())).json().code).toBe('PLAY_MONEY_ONLY');
    } finally {
      await setUpiId(app, null);
    }
  });
});
