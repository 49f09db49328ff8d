import { describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import type { z } from 'zod';
import * as wallet from '../../../contracts/wallet.answers.js';
import { ACCESS_PAGES, type AccessPage } from '../../../contracts/roles.js';
import { useTestApp } from '../../../tests/helpers/app.js';
import { createAdmin, createPlayer, type TestUser } from '../../../tests/helpers/factories.js';
import type { App } from '../../types.js';
import { balanceOf, heldOf } from '../ledger/ledger.service.js';
import { multipart, PNG_BYTES, pendingDeposit, postWithdrawal, upiWithdrawal } from './wallet.fixtures.js';

interface Route {
  name: string;
  page: AccessPage;
  /** Builds the request; called once per caller so each gets a fresh target where one is needed. */
  request: () => Promise<InjectOptions>;
  /** Status the admin holding the page gets. */
  ok: number;
  /** The answer that admin gets, from contracts/. */
  answer: z.ZodType;
}

describe('back-office wallet routes: 401 anonymous, 403 player, 403 admin without the page, works with it', () => {
  let app: App;
  let owner: TestUser;
  let player: TestUser;
  useTestApp(
    async (a) => {
      app = a;
      owner = await createAdmin(a);
      player = await createPlayer(a, { balance: 100_000 });
    },
    { checkLedgerAfterEach: true },
  );

  const deposit = async () => pendingDeposit(app, player, 500);
  const withdrawal = async () => (await postWithdrawal(app, player, upiWithdrawal(100))).json().data._id as string;
  const amount = async (path: string) => {
    const existing = (await app.inject({ url: path, headers: owner.headers })).json() as { _id: string }[];
    if (existing.length) return existing[0]._id;
    return (await app.inject({ method: 'POST', url: path, headers: owner.headers, payload: { amount: 10 } })).json().data._id as string;
  };
  const qr = async (prefix: string, field: string) => {
    const listed = (await app.inject({ url: `/api/v1/${prefix}/qr-codes` })).json().data as { _id: string }[];
    if (listed.length) return listed[0]._id;
    const form = await multipart({ title: 'QR' }, { field, name: 'qr.png', type: 'image/png', bytes: PNG_BYTES });
    return (await app.inject({ method: 'POST', url: `/api/v1/${prefix}/qr`, headers: { ...owner.headers, ...form.headers }, payload: form.payload })).json()
      .data._id as string;
  };
  const clearQr = async (prefix: string) => {
    for (const q of (await app.inject({ url: `/api/v1/${prefix}/qr-codes` })).json().data as { _id: string }[]) {
      await app.inject({ method: 'DELETE', url: `/api/v1/${prefix}/delete-qr/${q._id}`, headers: owner.headers });
    }
  };
  const clearAmount = async (path: string) => {
    for (const a of (await app.inject({ url: path, headers: owner.headers })).json() as { _id: string }[]) {
      await app.inject({ method: 'DELETE', url: `${path}/${a._id}`, headers: owner.headers });
    }
  };
  const upload = (prefix: string, field: string) => async (): Promise<InjectOptions> => {
    await clearQr(prefix);
    const form = await multipart({ title: 'QR' }, { field, name: 'qr.png', type: 'image/png', bytes: PNG_BYTES });
    return { method: 'POST', url: `/api/v1/${prefix}/qr`, headers: form.headers, payload: form.payload };
  };
  const setAmount = (path: string) => async (): Promise<InjectOptions> => {
    await clearAmount(path);
    return { method: 'POST', url: path, payload: { amount: 42 } };
  };

  const routes: Route[] = [
    {
      name: 'list withdrawals',
      answer: wallet.withdrawalListAnswerSchema,
      page: 'withdraw-requests',
      ok: 200,
      request: async () => ({ url: '/api/v1/wallet/history/withdrawals' }),
    },
    {
      name: 'decide a withdrawal',
      answer: wallet.decisionAnswerSchema,
      page: 'withdraw-requests',
      ok: 200,
      request: async () => ({ method: 'PUT', url: '/api/v1/wallet/transaction/status', payload: { id: await withdrawal(), status: 'rejected' } }),
    },
    {
      name: 'list deposits',
      answer: wallet.depositListAnswerSchema,
      page: 'transaction',
      ok: 200,
      request: async () => ({ url: '/api/v1/wallet/history/deposit' }),
    },
    {
      name: 'decide a deposit',
      answer: wallet.decisionAnswerSchema,
      page: 'transaction',
      ok: 200,
      request: async () => ({ method: 'PUT', url: '/api/v1/wallet/update-deposite-transaction-status', payload: { id: await deposit(), status: 'approved' } }),
    },
    {
      name: "every player's history",
      answer: wallet.historyAnswerSchema,
      page: 'transaction',
      ok: 200,
      request: async () => ({ url: '/api/v1/wallet/history/users?page=1' }),
    },
    {
      name: 'ledger check',
      answer: wallet.ledgerCheckAnswerSchema,
      page: 'transaction',
      ok: 200,
      request: async () => ({ url: '/api/v1/admin/ledger/check' }),
    },
    { name: 'upload the UPI QR', answer: wallet.qrCodeAnswerSchema, page: 'qr-code', ok: 201, request: upload('qrcode', 'qrCode') },
    {
      name: 'delete the UPI QR',
      answer: wallet.qrCodeAnswerSchema,
      page: 'qr-code',
      ok: 200,
      request: async () => ({ method: 'DELETE', url: `/api/v1/qrcode/delete-qr/${await qr('qrcode', 'qrCode')}` }),
    },
    { name: 'upload the crypto QR', answer: wallet.qrCodeAnswerSchema, page: 'qr-code', ok: 201, request: upload('qrcodecrypto', 'qrCodeCrypto') },
    {
      name: 'delete the crypto QR',
      answer: wallet.qrCodeAnswerSchema,
      page: 'qr-code',
      ok: 200,
      request: async () => ({ method: 'DELETE', url: `/api/v1/qrcodecrypto/delete-qr/${await qr('qrcodecrypto', 'qrCodeCrypto')}` }),
    },
    { name: 'list the refer amount', answer: wallet.fixedAmountListSchema, page: 'games', ok: 200, request: async () => ({ url: '/api/v1/refer-amount' }) },
    { name: 'set the refer amount', answer: wallet.fixedAmountAnswerSchema, page: 'games', ok: 201, request: setAmount('/api/v1/refer-amount') },
    {
      name: 'delete the refer amount',
      answer: wallet.fixedAmountAnswerSchema,
      page: 'games',
      ok: 200,
      request: async () => ({ method: 'DELETE', url: `/api/v1/refer-amount/${await amount('/api/v1/refer-amount')}` }),
    },
    { name: 'set the Telegram amount', answer: wallet.fixedAmountAnswerSchema, page: 'telegram', ok: 201, request: setAmount('/api/v1/telegram-amount') },
    {
      name: 'delete the Telegram amount',
      answer: wallet.fixedAmountAnswerSchema,
      page: 'telegram',
      ok: 200,
      request: async () => ({ method: 'DELETE', url: `/api/v1/telegram-amount/${await amount('/api/v1/telegram-amount')}` }),
    },
  ];

  it.each(routes.map((r) => [r.name, r] as const))('%s', async (_name, route) => {
    const withPage = await createAdmin(app, { accessPages: [route.page] });
    const withoutPage = await createAdmin(app, { accessPages: ACCESS_PAGES.filter((p) => p !== route.page) });
    const call = async (headers: Record<string, string>) => {
      const req = await route.request();
      return app.inject({ ...req, headers: { ...(req.headers as Record<string, string> | undefined), ...headers } });
    };
    const balance = await balanceOf(app.db, player.id);
    const held = await heldOf(app.db, player.id);

    const anonymous = await call({});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    const asPlayer = await call(player.headers);
    expect(asPlayer.statusCode).toBe(403);
    expect(asPlayer.json().success).toBe(false);
    const asOtherAdmin = await call(withoutPage.headers);
    expect(asOtherAdmin.statusCode).toBe(403);
    expect(asOtherAdmin.json().message).toContain(route.page);
    // Refused callers moved nothing (a fresh withdrawal request above is the only change).
    expect((await balanceOf(app.db, player.id)) + (await heldOf(app.db, player.id))).toBe(balance + held);

    const allowed = await call(withPage.headers);
    expect(allowed.statusCode, allowed.body).toBe(route.ok);
    const answer = route.answer.safeParse(allowed.json());
    expect(answer.success, `${allowed.body}\n${answer.error?.message}`).toBe(true);
  });
});
