import { AxeBuilder } from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { call, ensureUpiQr, freshPhone, registerVerified } from './api';
import { launch, newPage, shot, signInBrowser } from './browser';
import { E2E_ADMIN } from './global-setup';

/** The serious and critical axe violations on the page as it is now, one line each. */
async function violations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Opens a screen, waits for its content, then checks it and keeps a picture of it. */
async function check(page: Page, path: string, ready: (page: Page) => Promise<unknown>, name: string) {
  await page.goto(path);
  await ready(page);
  // Entrance animations settle first, so colours are measured as the player sees them.
  await page.waitForTimeout(400);
  await shot(page, `a11y-${name}`);
  expect(await violations(page), `${path}`).toEqual([]);
}

describe('every player screen passes axe (no serious or critical violation)', () => {
  let browser: Browser;
  let visitor: Page;
  let player: Page;

  beforeAll(async () => {
    // A player with money, a won, a lost and a returned round, and a spin, so lists are not empty;
    // and somewhere to pay, so the deposit screen shows its form.
    await ensureUpiQr();
    const email = `axe.${Date.now().toString(36)}@e2e.test`;
    const password = 'Access#2024';
    const userId = await registerVerified('Meera Nair', email, freshPhone('+9195'), password);
    const token = ((await call('POST', '/api/v1/users/login', { email, password })).data as { accessToken: string }).accessToken;
    const admin = ((await call('POST', '/api/v1/users/login', { email: E2E_ADMIN.email, password: E2E_ADMIN.password })).data as { accessToken: string })
      .accessToken;
    const deposit = (await call('POST', '/api/v1/wallet/deposit', { userId, amount: 1000, method: 'UPI', details: { payNumber: `UTR${Date.now()}` } }, token))
      .data as { _id: string };
    await call('PUT', '/api/v1/wallet/update-deposite-transaction-status', { id: deposit._id, status: 'approved' }, admin);
    // A Telegram subscription price, so its screen shows its form (another file may have set one).
    if (!(await call<unknown[]>('GET', '/api/v1/telegram-amount')).length) await call('POST', '/api/v1/telegram-amount', { amount: 499 }, admin);
    for (const difficulty of ['Easy', 'Hardest']) {
      await call('POST', '/api/v1/chicken-road/start', { betAmount: 10, difficulty }, token);
      await call('POST', '/api/v1/chicken-road/go', {}, token)
        .then(() => call('POST', '/api/v1/chicken-road/stop', {}, token))
        .catch(() => undefined);
    }
    await call('POST', '/api/v1/chicken-road/start', { betAmount: 10, difficulty: 'Easy' }, token);
    await call('POST', '/api/v1/chicken-road/stop', {}, token);
    await call('POST', '/api/v1/spinner/spin', undefined, token);

    browser = await launch();
    visitor = await newPage(browser);
    player = await newPage(browser);
    await player.goto('/ranking');
    await signInBrowser(player, email, password);
  });
  afterAll(async () => {
    await browser?.close();
  });

  const heading = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { name, level: 1 }).waitFor();

  it('signed out: home, login, register, ranking, profile and an unknown path', async () => {
    await check(visitor, '/', (p) => p.getByRole('link', { name: /Chicken Road/ }).waitFor(), 'home-visitor');
    await check(visitor, '/login', (p) => p.getByRole('button', { name: 'Login' }).waitFor(), 'login');
    await check(visitor, '/signup', (p) => p.getByRole('button', { name: 'Create Account' }).waitFor(), 'signup');
    await check(visitor, '/ranking', (p) => p.getByText('Leaderboard').waitFor(), 'ranking-visitor');
    await check(visitor, '/profile', (p) => p.getByRole('link', { name: 'Register' }).first().waitFor(), 'profile-visitor');
    await check(visitor, '/no-such-page', (p) => p.getByText('404 - Not Found').waitFor(), 'not-found');
    await check(visitor, '/safer-play', heading('Safer play'), 'safer-play');
    await check(
      visitor,
      '/color/fairness',
      (p) =>
        p
          .getByRole('heading', { name: /^Chain \d+/ })
          .first()
          .waitFor(),
      'colour-fairness',
    );
    await check(visitor, '/chicken-road/demo', (p) => p.getByText('Play money: nothing you win or lose', { exact: false }).waitFor(), 'demo');
  });

  it('signed in: every screen of the player', async () => {
    await check(player, '/', (p) => p.getByRole('link', { name: /Chicken Road/ }).waitFor(), 'home');
    await check(player, '/chicken-road', (p) => p.getByRole('button', { name: 'Start Game' }).waitFor(), 'chicken-road');
    await check(player, '/deposite', (p) => p.getByRole('button', { name: 'Get payment QR' }).waitFor(), 'deposit');
    // The request for an exact amount: its drawn QR code, the reference, and the Transaction ID field.
    await check(
      player,
      '/deposite',
      async (p) => {
        await p.getByRole('button', { name: '₹500' }).click();
        await p.getByRole('button', { name: 'Get payment QR' }).click();
        await p.getByRole('img', { name: /^UPI payment QR code: ₹500\.00 to / }).waitFor();
        await p.getByLabel('Transaction ID').waitFor();
      },
      'deposit-request',
    );
    await check(player, '/withdraw', (p) => p.getByRole('tab', { name: 'INR' }).waitFor(), 'withdraw');
    await check(player, '/transactions', (p) => p.getByRole('table').waitFor(), 'transactions');
    await check(player, '/spinner', (p) => p.getByText(/You can spin again in/).waitFor(), 'spinner');
    await check(player, '/bets', (p) => p.getByText('Returned', { exact: false }).first().waitFor(), 'bets');
    await check(player, '/ranking', (p) => p.getByText('M****r').first().waitFor(), 'ranking');
    await check(player, '/profile', (p) => p.getByText('Available(₹)').waitFor(), 'profile');
    await check(player, '/change-password', heading('Change Password'), 'change-password');
    await check(player, '/refer-earn', (p) => p.getByRole('dialog', { name: 'Refer & Earn' }).getByRole('button', { name: 'Copy' }).waitFor(), 'refer-earn');
    await check(player, '/telegram-subscription/chicken', (p) => p.getByLabel('Telegram ID').waitFor(), 'telegram');
    await check(player, '/fairness', heading(/fair/i), 'fairness');
    await check(player, '/paymentsuccess?reference=UTR1', (p) => p.getByText('Reference No.', { exact: false }).waitFor(), 'payment-success');
    await check(player, '/admin', heading('Game History'), 'game-history');
    await check(player, '/color', (p) => p.getByRole('button', { name: 'Number 7' }).waitFor(), 'color');
    await check(player, '/responsible', (p) => p.getByRole('region', { name: 'Statements' }).waitFor(), 'responsible');
  });

  it('signed in: the side menu and Help & Support', async () => {
    await player.goto('/');
    await player.getByRole('button', { name: /Open menu/ }).click();
    const menu = player.getByRole('dialog');
    await menu.getByRole('link', { name: 'Transactions' }).waitFor();
    await player.waitForTimeout(400);
    await shot(player, 'a11y-side-menu');
    expect(await violations(player)).toEqual([]);
    await menu.getByRole('button', { name: 'Help & Support' }).click();
    const help = player.getByRole('dialog', { name: 'Help & Support' });
    // The contacts the operator configured (SUPPORT_WHATSAPP, SUPPORT_TELEGRAM).
    expect(await help.getByRole('link', { name: /Chat on WhatsApp/ }).getAttribute('href')).toBe('https://wa.me/919000000099');
    expect(await help.getByRole('link', { name: /Chat on Telegram/ }).getAttribute('href')).toBe('https://t.me/rupeearcade_help');
    await player.waitForTimeout(400);
    await shot(player, 'a11y-help');
    expect(await violations(player)).toEqual([]);
  });

  it('Refer & Earn: the copy toast shows inside the dialog, above its backdrop, once', async () => {
    await player.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await player.goto('/refer-earn');
    const dialog = player.getByRole('dialog', { name: 'Refer & Earn' });
    await expect.poll(() => dialog.getByLabel('Your referral link').inputValue()).toContain('/signup?ref=');
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await dialog.getByRole('button', { name: 'Copy' }).click();
    const toast = dialog.getByText('Copied to clipboard!');
    await toast.waitFor();
    expect(await player.getByText('Copied to clipboard!').count()).toBe(1);
    // Once it has slid in, what is at the toast's centre is the toast itself, not the backdrop.
    const onTop = () =>
      toast.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        return Boolean(hit && (el.contains(hit) || hit.closest('.Toastify__toast')));
      });
    await expect.poll(onTop, { timeout: 3000 }).toBe(true);
    await player.waitForTimeout(800);
    await shot(player, 'refer-earn-copied');
  });

  it('signing out from a protected screen lands on home, not on the login screen', async () => {
    await player.goto('/deposite');
    await player.getByRole('button', { name: 'Get payment QR' }).waitFor();
    await player.getByRole('button', { name: /Open menu/ }).click();
    await player.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Sign out' }).click();
    await player.getByRole('link', { name: 'Register' }).first().waitFor();
    expect(new URL(player.url()).pathname).toBe('/');
    await player.getByRole('link', { name: 'Chicken Road' }).waitFor();
  });

  it('raised no page errors', () => {
    for (const page of [visitor, player]) expect((page as Page & { problems?: string[] }).problems ?? []).toEqual([]);
  });
});
