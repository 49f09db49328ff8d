import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { inject } from 'vitest';
import { call, freshPhone, registerVerified } from './api';
import { DESKTOP, launch, newPage, openSection, shot, signInBrowser } from './browser';
import { E2E_ADMIN, E2E_CHANNEL } from './global-setup';

type BotCall = { method: string; params: Record<string, unknown> };
const botCalls = async (): Promise<BotCall[]> => (await fetch(`${inject('botURL')}/__calls`)).json() as Promise<BotCall[]>;

/** India time as a datetime-local box holds it, `minutes` from now. */
const istLocal = (minutes: number) => new Date(Date.now() + minutes * 60_000 + 330 * 60_000).toISOString().slice(0, 16);

describe('Telegram against the Bot API fake', () => {
  let browser: Browser;
  let admin: Page;
  let player: Page;
  let token: string;
  const p = { name: 'Tara Iyer', email: `tara.${Date.now().toString(36)}@e2e.test`, password: 'Tara#20240' };

  beforeAll(async () => {
    const userId = await registerVerified(p.name, p.email, freshPhone('+9192'), p.password);
    token = ((await call('POST', '/api/v1/users/login', { email: p.email, password: p.password })).data as { accessToken: string }).accessToken;
    const root = ((await call('POST', '/api/v1/users/login', { email: E2E_ADMIN.email, password: E2E_ADMIN.password })).data as { accessToken: string })
      .accessToken;
    await call('POST', '/api/v1/telegram-amount', { amount: 299 }, root).catch(() => undefined);
    for (const n of [1, 2]) {
      await call(
        'POST',
        '/api/v1/wallet/deposit',
        {
          userId,
          method: 'Telegram',
          details: { payNumber: `TG${Date.now()}${n}`, telegramID: '@tara', phoneNumber: '+919812300000', gameName: 'chicken' },
          remarks: 'x',
        },
        token,
      );
    }
    browser = await launch();
    admin = await newPage(browser, DESKTOP);
    await signInBrowser(admin, E2E_ADMIN.email, E2E_ADMIN.password);
    player = await newPage(browser);
    await signInBrowser(player, p.email, p.password);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('schedules a round that is posted to its channel when it starts', async () => {
    await admin.goto('/admin');
    await openSection(admin, 'Telegram');
    await admin.getByText('No game rounds found').waitFor();
    await admin.getByRole('button', { name: 'Add Game Round' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Add Game Round' });
    await dialog.getByLabel('Prediction').fill('1.5, 2, 3');
    await dialog.getByLabel('Start Time').fill(istLocal(-1));
    await dialog.getByLabel('End Time').fill(istLocal(30));
    await dialog.getByLabel('Channel').selectOption({ label: E2E_CHANNEL.title });
    await shot(admin, 'telegram-add-round');
    await dialog.getByRole('button', { name: 'Add Round' }).click();
    await admin.getByText('Game round added successfully').waitFor();
    await admin.getByRole('cell', { name: /1\.5x, 2x, 3x/ }).waitFor();
    // The scheduler posts it within its 10-second beat: an announcement, never a result.
    await expect
      .poll(async () => (await botCalls()).filter((c) => c.method === 'sendMessage' && c.params.chat_id === E2E_CHANNEL.id).length, { timeout: 25_000 })
      .toBe(1);
    const post = (await botCalls()).find((c) => c.method === 'sendMessage')!;
    expect(post.params.text).toMatch(/^Chicken Road round is on now, until .* \(India time\)\.\nPrediction: 1\.5x, 2x, 3x\nEvery result can be checked: /);
    await admin.reload();
    await openSection(admin, 'Telegram');
    await admin.getByText('active', { exact: true }).waitFor();
    await shot(admin, 'telegram-rounds');
  });

  it('approves one subscription with an invite link the player sees, and rejects another', async () => {
    await admin.goto('/admin');
    await openSection(admin, 'Telegram');
    await admin.getByRole('tab', { name: 'Subscription payments' }).click();
    const approveButtons = admin.getByRole('button', { name: 'Approve', exact: true });
    await approveButtons.first().waitFor();
    await approveButtons.first().click();
    const dialog = admin.getByRole('dialog', { name: 'Telegram Channels' });
    expect(await dialog.getByRole('button', { name: 'Approve' }).isDisabled()).toBe(true);
    await dialog.getByLabel('Channel').selectOption({ label: E2E_CHANNEL.title });
    await shot(admin, 'telegram-channels-dialog');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await admin.getByText(`Subscription approved: the player's invite link to ${E2E_CHANNEL.title} is ready.`).waitFor();
    await admin.getByRole('button', { name: 'Approve', exact: true }).first().click();
    await dialog.getByLabel('Channel').selectOption({ label: E2E_CHANNEL.title });
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await admin.getByText('Subscription rejected.').waitFor();
    await shot(admin, 'telegram-deposits');

    await player.goto('/telegram-subscription/chicken');
    const mine = player.getByRole('region', { name: 'Your subscriptions' });
    await mine.getByRole('link', { name: 'Join the channel' }).waitFor();
    expect(await mine.getByRole('link', { name: 'Join the channel' }).getAttribute('href')).toMatch(/^https:\/\/t\.me\/\+/);
    await mine.getByText('Rejected: the payment could not be confirmed.', { exact: false }).waitFor();
    await mine.scrollIntoViewIfNeeded();
    await shot(player, 'telegram-player-subscriptions');
    expect((await botCalls()).filter((c) => c.method === 'createChatInviteLink')).toHaveLength(1);
  });
});
