import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, useTestApp, seedPaymentTargets } from '../../../tests/helpers/app.js';
import { createAdmin, createPlayer, type TestUser } from '../../../tests/helpers/factories.js';
import { startFakeBotApi, type FakeBotApi } from '../../../tests/fakes/telegram.js';
import type { App } from '../../types.js';
import { balanceOf } from '../ledger/index.js';
import { nextPayNumber } from '../wallet/wallet.fixtures.js';
import { runScheduler } from './telegram.service.js';

const CHANNEL = { id: -1001234567890, title: 'Rupee Predictions', username: 'rupee_predictions' };

async function subscribe(app: App, p: TestUser) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/wallet/deposit',
    headers: p.headers,
    payload: {
      method: 'Telegram',
      details: { payNumber: nextPayNumber(), telegramID: '@asha', phoneNumber: '+919812345678', gameName: 'chicken' },
      remarks: 'x',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data._id as string;
}

describe('Telegram through its Bot API', () => {
  let app: App;
  let bot: FakeBotApi;
  let admin: TestUser;
  const decide = (body: Record<string, unknown>, who: TestUser = admin) =>
    app.inject({ method: 'PUT', url: '/api/v1/wallet/telegram/update-deposite-transaction-status', headers: who.headers, payload: body });

  beforeAll(async () => {
    bot = await startFakeBotApi();
    app = await createTestApp({}, { TELEGRAM_BOT_TOKEN: bot.token, TELEGRAM_API_URL: bot.url, PUBLIC_URL: 'https://play.example.com' });
    await seedPaymentTargets(app);
    admin = await createAdmin(app);
    await app.inject({ method: 'POST', url: '/api/v1/telegram-amount', headers: admin.headers, payload: { amount: 499 } });
  });
  afterAll(async () => {
    await app?.close();
    await bot?.close();
  });

  it('learns the bot’s channels from its updates, and adds a public one by @name once the bot is its admin', async () => {
    bot.addToChannel(CHANNEL);
    bot.addToChannel({ id: -1009, title: 'Old channel' });
    bot.addToChannel({ id: -1009, title: 'Old channel' }, 'left');
    const res = await app.inject({ url: '/my-channels', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      configured: true,
      channels: [{ id: String(CHANNEL.id), title: CHANNEL.title, username: CHANNEL.username }],
    });
    // The next call asks only for newer updates.
    await app.inject({ url: '/my-channels', headers: admin.headers });
    const offsets = bot.calls.filter((c) => c.method === 'getUpdates').map((c) => c.params.offset);
    expect(offsets.at(-1)).toBe(4);

    bot.knowChannel({ id: -1005, title: 'Colour Tips', username: 'colour_tips' }, false);
    const notAdmin = await app.inject({ method: 'POST', url: '/my-channels', headers: admin.headers, payload: { username: '@colour_tips' } });
    expect(notAdmin.statusCode).toBe(400);
    expect(notAdmin.json().message).toBe('Make the bot an administrator of @colour_tips first, then add it again.');
    bot.knowChannel({ id: -1005, title: 'Colour Tips', username: 'colour_tips' }, true);
    const added = await app.inject({ method: 'POST', url: '/my-channels', headers: admin.headers, payload: { username: '@colour_tips' } });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().channels.map((c: { title: string }) => c.title)).toEqual(['Colour Tips', 'Rupee Predictions']);
    expect((await app.inject({ method: 'POST', url: '/my-channels', headers: admin.headers, payload: { username: '@nobody_here' } })).json().message).toBe(
      'Telegram refused: Bad Request: chat not found',
    );
  });

  it('approves a subscription with a single-use invite link the player sees, moving no money', async () => {
    const p = await createPlayer(app, { balance: 100 });
    const id = await subscribe(app, p);
    expect((await decide({ id, status: 'approved' })).json().message).toMatch(/Please select a channel before continuing/);
    expect((await decide({ id, status: 'approved', channelId: 'abc' })).json().message).toMatch(/Invalid channel ID/);
    expect((await decide({ id, status: 'approved', channelId: -42 })).json()).toMatchObject({ code: 'CHANNEL_NOT_FOUND' });
    const player = await decide({ id, status: 'approved', channelId: CHANNEL.id }, p);
    expect(player.statusCode).toBe(403);

    const approved = await decide({ id, status: 'approved', channelId: String(CHANNEL.id), userId: p.id, amount: 1 });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().message).toBe("Subscription approved: the player's invite link to Rupee Predictions is ready.");
    const link = bot.calls.filter((c) => c.method === 'createChatInviteLink').at(-1)!;
    expect(link.params).toMatchObject({ chat_id: CHANNEL.id, member_limit: 1 });
    const mine = (await app.inject({ url: '/api/v1/wallet/telegram/subscriptions', headers: p.headers })).json().data;
    expect(mine).toMatchObject({
      configured: true,
      subscriptions: [{ _id: id, status: 'approved', amount: 499, gameName: 'chicken', inviteLink: expect.stringMatching(/^https:\/\/t\.me\/\+/) }],
    });
    expect(await balanceOf(app.db, p.id)).toBe(10_000);
    expect((await decide({ id, status: 'approved', channelId: CHANNEL.id })).statusCode).toBe(409);

    const second = await subscribe(app, p);
    expect((await decide({ id: second, status: 'rejected' })).json().message).toBe('Subscription rejected.');
    const after = (await app.inject({ url: '/api/v1/wallet/telegram/subscriptions', headers: p.headers })).json().data.subscriptions;
    expect(after[0]).toMatchObject({ _id: second, status: 'rejected', inviteLink: null });
  });

  it('makes one invite link when ten admins approve one subscription at once', async () => {
    const p = await createPlayer(app, { balance: 100 });
    const id = await subscribe(app, p);
    const before = bot.calls.filter((c) => c.method === 'createChatInviteLink').length;
    const results = await Promise.all(Array.from({ length: 10 }, () => decide({ id, status: 'approved', channelId: CHANNEL.id })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
    expect(bot.calls.filter((c) => c.method === 'createChatInviteLink').length - before).toBe(1);
    const [mine] = (await app.inject({ url: '/api/v1/wallet/telegram/subscriptions', headers: p.headers })).json().data.subscriptions;
    expect(mine).toMatchObject({ _id: id, status: 'approved', inviteLink: expect.stringMatching(/^https:\/\/t\.me\/\+/) });
  });

  it('puts a subscription back to pending when Telegram refuses the link', async () => {
    const p = await createPlayer(app, { balance: 100 });
    const id = await subscribe(app, p);
    // The bot was removed from this channel: Telegram answers "chat not found".
    await app.db.execute(`INSERT INTO telegram_channels (id, title, username) VALUES (-100999, 'Gone', NULL) ON CONFLICT DO NOTHING`);
    const refused = await decide({ id, status: 'approved', channelId: -100999 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Telegram refused: Bad Request: chat not found');
    const [mine] = (await app.inject({ url: '/api/v1/wallet/telegram/subscriptions', headers: p.headers })).json().data.subscriptions;
    expect(mine).toMatchObject({ _id: id, status: 'pending', inviteLink: null });
    expect((await decide({ id, status: 'approved', channelId: CHANNEL.id })).statusCode).toBe(200);
  });

  it('schedules rounds in India time, posts each to its channel when it starts (never a result) and completes it at its end', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/telegram/round',
      headers: admin.headers,
      payload: {
        gameType: 'color',
        multipliers: '1.5, 2, 3',
        startTime: '2026-11-24T10:00',
        endTime: '2026-11-24T10:30',
        channelId: CHANNEL.id,
        period: '202611240601',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const round = created.json().data;
    expect(round).toMatchObject({
      gameType: 'color',
      multipliers: [1.5, 2, 3],
      startTime: '2026-11-24T04:30:00.000Z',
      status: 'scheduled',
      channelId: String(CHANNEL.id),
    });
    const bad = await app.inject({
      method: 'POST',
      url: '/api/v1/telegram/round',
      headers: admin.headers,
      payload: { multipliers: '', startTime: '2026-11-24T10:00', endTime: '2026-11-24T09:00', channelId: CHANNEL.id },
    });
    expect(bad.statusCode).toBe(400);
    const edited = await app.inject({
      method: 'PUT',
      url: `/api/v1/telegram/update-round/${round._id}`,
      headers: admin.headers,
      payload: { ...round, multipliers: [2, 4], startTime: '2026-11-24T10:00', endTime: '2026-11-24T10:30' },
    });
    expect(edited.json().data.multipliers).toEqual([2, 4]);

    const sent = () => bot.calls.filter((c) => c.method === 'sendMessage');
    await runScheduler(app.db, app.config, new Date('2026-11-24T04:29:00Z'), app.log);
    expect(sent()).toHaveLength(0);
    await runScheduler(app.db, app.config, new Date('2026-11-24T04:30:05Z'), app.log);
    await runScheduler(app.db, app.config, new Date('2026-11-24T04:31:00Z'), app.log);
    expect(sent()).toHaveLength(1);
    expect(sent()[0].params.chat_id).toBe(CHANNEL.id);
    expect(sent()[0].params.text).toBe(
      'Colour Prediction round 202611240601 is on now, until 2026-11-24 10:30 AM (India time).\nPrediction: 2x, 4x\nEvery result can be checked: https://play.example.com/color?period=202611240601',
    );
    const listed = () => app.inject({ url: '/api/v1/telegram/game-rounds?gameType=color', headers: admin.headers }).then((r) => r.json().data);
    expect((await listed())[0].status).toBe('active');
    await runScheduler(app.db, app.config, new Date('2026-11-24T05:00:01Z'), app.log);
    expect((await listed())[0].status).toBe('completed');
    expect(sent()).toHaveLength(1);
    expect((await app.inject({ method: 'DELETE', url: `/api/v1/telegram/delete-round/${round._id}`, headers: admin.headers })).statusCode).toBe(200);
    expect((await app.inject({ method: 'DELETE', url: `/api/v1/telegram/delete-round/${round._id}`, headers: admin.headers })).statusCode).toBe(404);
  });
});

describe('Telegram without a bot token', () => {
  let app: App;
  let admin: TestUser;
  useTestApp(async (a) => {
    app = a;
    admin = await createAdmin(a);
    await a.inject({ method: 'POST', url: '/api/v1/telegram-amount', headers: admin.headers, payload: { amount: 499 } });
  });

  it('says it is not set up instead of failing, and subscriptions wait', async () => {
    const res = await app.inject({ url: '/my-channels', headers: admin.headers });
    expect(res.json()).toEqual({ success: true, message: 'Telegram is not set up on this site yet (TELEGRAM_BOT_TOKEN).', configured: false, channels: [] });
    const p = await createPlayer(app);
    const id = await subscribe(app, p);
    const approve = await app.inject({
      method: 'PUT',
      url: '/api/v1/wallet/telegram/update-deposite-transaction-status',
      headers: admin.headers,
      payload: { id, status: 'approved', channelId: 5 },
    });
    expect(approve.statusCode).toBe(409);
    expect(approve.json().message).toBe('Telegram is not set up on this site yet (TELEGRAM_BOT_TOKEN).');
    expect((await app.inject({ url: '/api/v1/wallet/telegram/subscriptions', headers: p.headers })).json().data).toMatchObject({
      configured: false,
      subscriptions: [{ status: 'pending' }],
    });
  });
});
