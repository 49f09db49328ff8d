import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/helpers/app.js';
import { createAdmin, createPlayer, type TestUser } from '../../../tests/helpers/factories.js';
import { auditLog, walletCoinRates, walletQrCodes } from '../../db/schema/index.js';
import { manualClock } from '../../lib/clock.js';
import type { App } from '../../types.js';
import { ERC20_ADDRESS, multipart, nextPayNumber, PNG_BYTES, postDeposit, TRC20_ADDRESS } from './wallet.fixtures.js';

const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

describe('crypto deposits name their coin and network', () => {
  let app: App;
  let admin: TestUser;
  let player: TestUser;
  const clock = manualClock(new Date('2026-11-26T11:30:00.000Z'));
  useTestApp(
    async (a) => {
      app = a;
      admin = await createAdmin(a);
      player = await createPlayer(a);
    },
    { paymentTargets: false, clock },
  );

  /** Adds a crypto code as the back office does: an image, its coin, its network and its address. */
  const addCode = async (fields: Record<string, string>, who: TestUser = admin) => {
    const form = await multipart({ title: 'Pay here', ...fields }, { field: 'qrCodeCrypto', name: 'qr.png', type: 'image/png', bytes: PNG_BYTES });
    return app.inject({ method: 'POST', url: '/api/v1/qrcodecrypto/qr', headers: { ...who.headers, ...form.headers }, payload: form.payload });
  };
  const setRate = (coin: string, rate: unknown, who: TestUser | null = admin) =>
    app.inject({ method: 'PUT', url: `/api/v1/admin/crypto-rates/${coin}`, headers: who?.headers ?? {}, payload: { rate } });
  const cryptoCodes = async () => (await app.inject({ url: '/api/v1/qrcodecrypto/qr-codes' })).json().data as Record<string, unknown>[];
  const cryptoDeposit = (details: Record<string, unknown>, amount?: unknown) =>
    postDeposit(app, player, { ...(amount === undefined ? {} : { amount }), method: 'Crypto', details: { payNumber: nextPayNumber(), ...details } });
  const depositOnRecord = async (id: string) =>
    ((await app.inject({ url: '/api/v1/wallet/history/deposit?method=crypto', headers: admin.headers })).json().data.deposit as { _id: string }[]).find(
      (d) => d._id === id,
    );

  beforeEach(async () => {
    await app.db.delete(walletQrCodes);
    await app.db.delete(walletCoinRates);
  });

  it('keeps a USDT code on TRC20 and one on ERC20 side by side: adding one does not replace the other', async () => {
    const trc20 = await addCode({ coin: 'usdt', network: 'trc20', payTo: TRC20_ADDRESS });
    expect(trc20.statusCode, trc20.body).toBe(201);
    expect(trc20.json().data).toMatchObject({ coin: 'usdt', network: 'trc20', payTo: TRC20_ADDRESS, rate: null });
    const erc20 = await addCode({ coin: 'USDT', network: 'ERC20', payTo: ERC20_ADDRESS });
    expect(erc20.statusCode, erc20.body).toBe(201);
    expect((await cryptoCodes()).map((c) => [c.coin, c.network, c.payTo])).toEqual([
      ['usdt', 'trc20', TRC20_ADDRESS],
      ['usdt', 'erc20', ERC20_ADDRESS],
    ]);
    // One code per pair: a second one for the same pair is refused until the first is deleted.
    const again = await addCode({ coin: 'usdt', network: 'trc20', payTo: TRC20_ADDRESS });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('There is already a code for USDT on TRC20. Use Replace on it to change its image.');
    expect(await cryptoCodes()).toHaveLength(2);
    // The UPI code is still one.
    const upi = async () => {
      const form = await multipart({ title: 'UPI' }, { field: 'qrCode', name: 'qr.png', type: 'image/png', bytes: PNG_BYTES });
      return app.inject({ method: 'POST', url: '/api/v1/qrcode/qr', headers: { ...admin.headers, ...form.headers }, payload: form.payload });
    };
    expect((await upi()).statusCode).toBe(201);
    expect((await upi()).json().message).toBe('There is already a QR code: use Replace on it to change its image.');
    await app.db.delete(walletQrCodes);
  });

  it('takes only real pairs, each with an address of its network', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ coin: 'usdt', payTo: TRC20_ADDRESS }, 'Choose both the coin and the network this code receives.'],
      [{ coin: 'btc', network: 'trc20', payTo: TRC20_ADDRESS }, 'BTC on TRC20 is not a coin and network a code can receive: choose BTC on Bitcoin.'],
      [{ coin: 'usdt', network: 'trc20' }, 'Enter the TRC20 address this code pays to'],
      [{ coin: 'usdt', network: 'trc20', payTo: ERC20_ADDRESS }, 'A TRC20 address starts with T and has 34 letters and digits'],
      [{ coin: 'usdt', network: 'erc20', payTo: TRC20_ADDRESS }, 'An ERC20 address is 0x followed by 40 hex digits'],
      [{ coin: 'doge', network: 'trc20', payTo: TRC20_ADDRESS }, 'Crypto type must be usdt or btc'],
    ];
    for (const [fields, message] of cases) {
      const res = await addCode(fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await cryptoCodes()).toEqual([]);
    expect((await addCode({ coin: 'btc', network: 'bitcoin', payTo: BTC_ADDRESS })).statusCode).toBe(201);
  });

  it('refuses, 400 with a clear message, a deposit for a coin and network that has no code', async () => {
    await addCode({ coin: 'usdt', network: 'trc20', payTo: TRC20_ADDRESS });
    expect((await setRate('usdt', '85')).statusCode).toBe(200);
    // The original client's default: USDT on ERC20, where nobody receives here.
    const erc20 = await cryptoDeposit({ cryptoType: 'usdt', network: 'erc20' }, 500);
    expect(erc20.statusCode).toBe(400);
    expect(erc20.json()).toMatchObject({
      success: false,
      code: 'CRYPTO_PAIR_NOT_OFFERED',
      message: 'USDT on ERC20 is not taken here: there is no address for it, and coins sent on it would be lost. Deposit USDT on TRC20 instead.',
    });
    // A coin the operator never set up, and a pair that is no pair at all.
    expect((await cryptoDeposit({ cryptoType: 'btc', network: 'bitcoin' }, 500)).json().code).toBe('CRYPTO_PAIR_NOT_OFFERED');
    expect((await cryptoDeposit({ cryptoType: 'btc', network: 'erc20' }, 500)).json().code).toBe('CRYPTO_PAIR_NOT_OFFERED');
    expect((await cryptoDeposit({ cryptoType: 'usdt', network: 'trc20' }, 500)).statusCode).toBe(201);
  });

  it('offers nothing through a code that names no coin or network, as the original back office uploads it', async () => {
    const legacy = await addCode({});
    expect(legacy.statusCode).toBe(201);
    expect(legacy.json().data).toMatchObject({ title: 'Pay here', coin: null, network: null, payTo: null });
    expect((await addCode({})).json().message).toMatch(/already a crypto code that names no coin or network/);
    await setRate('usdt', '85');
    const res = await cryptoDeposit({ cryptoType: 'usdt', network: 'erc20' }, 500);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'NOT_AVAILABLE', message: expect.stringContaining('Crypto deposits are not open right now') });
  });

  it('refuses a crypto deposit while its coin has no rate', async () => {
    await addCode({ coin: 'btc', network: 'bitcoin', payTo: BTC_ADDRESS });
    const res = await cryptoDeposit({ cryptoType: 'btc', network: 'bitcoin' }, 500);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'NO_RATE', message: 'BTC deposits are not open right now: no rate has been set. Please try again later.' });
    expect((await cryptoCodes())[0]).toMatchObject({ coin: 'btc', rate: null });
  });

  it('records the coin, network, rate and its date, the coin amount offered and the address', async () => {
    await addCode({ coin: 'usdt', network: 'trc20', payTo: TRC20_ADDRESS });
    await addCode({ coin: 'btc', network: 'bitcoin', payTo: BTC_ADDRESS });
    await setRate('usdt', '85.50');
    const rateSetAt = clock.now().toISOString();
    clock.advance(60_000);
    await setRate('btc', 8_000_000);
    expect((await cryptoCodes()).map((c) => c.rate)).toEqual([
      { rate: 85.5, setAt: rateSetAt },
      { rate: 8_000_000, setAt: clock.now().toISOString() },
    ]);

    // From rupees: the coin to send is rounded up to USDT's six decimals (1000 / 85.5 = 11.6959064…).
    const fromRupees = await cryptoDeposit({ cryptoType: 'usdt', network: 'trc20', rateSetAt }, '1000');
    expect(fromRupees.statusCode, fromRupees.body).toBe(201);
    expect(fromRupees.json().data).toMatchObject({ amount: 1000, method: 'Crypto' });
    expect(await depositOnRecord(fromRupees.json().data._id)).toMatchObject({
      amount: 1000,
      details: { cryptoType: 'usdt', network: 'trc20', coinAmount: '11.695907', rate: 85.5, rateSetAt, address: TRC20_ADDRESS },
    });

    // From coin: the credit is rounded down to the paisa (0.00012345 BTC × ₹80,00,000 = ₹987.60).
    const fromCoin = await cryptoDeposit({ cryptoType: 'btc', network: 'bitcoin', coinAmount: '0.00012345' });
    expect(fromCoin.statusCode, fromCoin.body).toBe(201);
    expect(await depositOnRecord(fromCoin.json().data._id)).toMatchObject({
      amount: 987.6,
      details: { cryptoType: 'btc', network: 'bitcoin', coinAmount: '0.00012345', rate: 8_000_000, address: BTC_ADDRESS },
    });

    // Both given: they must agree at the rate on record.
    expect((await cryptoDeposit({ cryptoType: 'usdt', network: 'trc20', coinAmount: '10' }, 855)).statusCode).toBe(201);
    const mismatch = await cryptoDeposit({ cryptoType: 'usdt', network: 'trc20', coinAmount: '10' }, 900);
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({ code: 'AMOUNT_MISMATCH', message: expect.stringContaining('10 USDT is ₹855 at the rate on record, not ₹900') });
    const decimals = await cryptoDeposit({ cryptoType: 'usdt', network: 'trc20', coinAmount: '1.1234567' });
    expect(decimals.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: 'USDT amounts have at most 6 decimals' });
    // The credit is held to the deposit limits like any other.
    expect((await cryptoDeposit({ cryptoType: 'usdt', network: 'trc20', coinAmount: '1' })).json().code).toBe('AMOUNT_OUT_OF_RANGE');

    // A screen that showed an older rate is told so, not charged the new one.
    clock.advance(60_000);
    await setRate('usdt', '86');
    const stale = await cryptoDeposit({ cryptoType: 'usdt', network: 'trc20', rateSetAt }, 1000);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'RATE_CHANGED', message: 'The USDT rate has changed. Check the new amount and submit again.' });
  });

  it('lets only an admin with the QR code page set a rate, and records each change', async () => {
    await app.db.delete(auditLog).where(eq(auditLog.entity, 'coin_rate'));
    const noPage = await createAdmin(app, { accessPages: ['transaction'] });
    expect((await setRate('usdt', '85', null)).statusCode).toBe(401);
    expect((await setRate('usdt', '85', player)).statusCode).toBe(403);
    expect((await setRate('usdt', '85', noPage)).statusCode).toBe(403);
    for (const bad of ['0', '-1', 'abc', '85.555', 2_000_000_000]) {
      const res = await setRate('usdt', bad);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().message).toBe('rate: Enter the rate in rupees for one coin, for example 85.50');
    }
    expect((await setRate('doge', '85')).statusCode).toBe(400);

    const first = await setRate('USDT', '85.25');
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ coin: 'usdt', rate: { rate: 85.25, setAt: clock.now().toISOString() } });
    clock.advance(5_000);
    await setRate('usdt', 86);
    const list = await app.inject({ url: '/api/v1/admin/crypto-rates', headers: admin.headers });
    expect(list.json().data).toEqual([
      { coin: 'usdt', rate: { rate: 86, setAt: clock.now().toISOString() } },
      { coin: 'btc', rate: null },
    ]);
    expect((await app.inject({ url: '/api/v1/admin/crypto-rates', headers: noPage.headers })).statusCode).toBe(403);

    const entries = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'coin_rate'), eq(auditLog.entityId, 'usdt')))
      .orderBy(auditLog.createdAt);
    expect(entries.map((e) => [e.actorId, e.action, e.before, e.after])).toEqual([
      [admin.id, 'update', null, { rate: 85.25, setAt: new Date(clock.now().getTime() - 5_000).toISOString() }],
      [admin.id, 'update', { rate: 85.25, setAt: new Date(clock.now().getTime() - 5_000).toISOString() }, { rate: 86, setAt: clock.now().toISOString() }],
    ]);
  });
});
