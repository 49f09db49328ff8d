import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { call, ensureUpiQr, freshPhone, fundedPlayer, registerVerified, type Player } from './api';
import { baseURL, DESKTOP, launch, newPage, openSection, shot, signInBrowser } from './browser';
import { E2E_ADMIN } from './global-setup';

/**
 * What a new player and an admin see on a phone and a desktop: every point of "nothing on the
 * screen that breaks a player's trust", each a named test, and a sweep of every screen that fails
 * on a page error, a failed request, something wider than the screen or a toast over the header.
 */

/** Watches a page for what a person would notice: script errors and requests that failed. */
function watch(page: Page): string[] {
  const problems: string[] = [];
  const origin = new URL(baseURL()).origin;
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => {
    // A request the browser dropped because the page moved on is not a failure anyone sees.
    if (r.failure()?.errorText !== 'net::ERR_ABORTED') problems.push(`failed: ${r.url()} ${r.failure()?.errorText}`);
  });
  page.on('response', (r) => {
    if (r.url().startsWith(origin) && r.status() >= 400) problems.push(`${r.status()}: ${r.request().method()} ${r.url()}`);
  });
  return problems;
}

/** Elements wider than the viewport (what makes a phone screen scroll sideways). */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return document.documentElement.scrollWidth > width ? [`page is ${document.documentElement.scrollWidth}px wide in ${width}px`] : [];
  });

async function violations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe("trust: nothing on the screen breaks a player's trust", () => {
  let browser: Browser;
  let player: Page;
  let broke: Page;
  let admin: Page;
  let funded: Player;
  let adminToken: string;
  const brokeUser = { email: `broke.${Date.now().toString(36)}@e2e.test`, password: 'Broke#2024x' };
  const problems: string[][] = [];

  beforeAll(async () => {
    await ensureUpiQr();
    adminToken = ((await call('POST', '/api/v1/users/login', { email: E2E_ADMIN.email, password: E2E_ADMIN.password })).data as { accessToken: string })
      .accessToken;
    funded = await fundedPlayer('trust', 'Ravi Shankar');
    await registerVerified('Neha Joshi', brokeUser.email, freshPhone('+9193'), brokeUser.password);
    browser = await launch();
    player = await newPage(browser);
    problems.push(watch(player));
    await signInBrowser(player, funded.email, funded.password);
    broke = await newPage(browser);
    await signInBrowser(broke, brokeUser.email, brokeUser.password);
    admin = await newPage(browser, DESKTOP);
    problems.push(watch(admin));
    await signInBrowser(admin, E2E_ADMIN.email, E2E_ADMIN.password);
  });
  afterAll(async () => {
    await call('POST', '/api/v1/admin/game-visibility', { gameType: 'color', isVisible: true }, adminToken).catch(() => undefined);
    await ensureUpiQr();
    await browser?.close();
  });

  it('(1, 9) shows a Chicken Road result in rupees, and the round in /bets as the stake and the net result', async () => {
    await player.goto('/chicken-road');
    await player.getByRole('button', { name: 'Hardest' }).click();
    await player.getByRole('button', { name: /^Start Game/ }).click();
    // One lane: lost on a trap (its dialog opens a moment later), or crossed and cashed out.
    const dialog = player.getByRole('dialog');
    await player.getByRole('button', { name: /^Go/ }).click();
    await dialog.waitFor({ timeout: 2500 }).catch(() => undefined);
    if (!(await dialog.isVisible())) await player.getByRole('button', { name: /^Cash Out/ }).click();
    await dialog.waitFor();
    const text = await dialog.textContent();
    expect(text).toContain('₹10.00');
    expect(text).not.toContain('$');
    await player.waitForTimeout(1200);
    await shot(player, 'trust-result-dialog');
    await player.goto('/bets');
    const row = player.locator('tr, li').filter({ hasText: 'Hardest' }).first();
    await row.waitFor();
    expect(await row.textContent()).toMatch(/₹10\.00/);
    expect(await row.textContent()).toMatch(/[+−]₹\d/);
    await shot(player, 'trust-bets');
  });

  it('(3) the ranking promises no money: no jackpot and no bonus column', async () => {
    await player.goto('/ranking');
    await player.getByRole('heading', { name: 'Leaderboard' }).waitFor();
    expect(await player.getByText(/jackpot/i).count()).toBe(0);
    expect(await player.getByRole('columnheader', { name: /bonus/i }).count()).toBe(0);
    await shot(player, 'trust-ranking');
  });

  it('(4) offers no deposit method without somewhere to pay, and a success dialog with no stale error toast above it', async () => {
    const { data: upi } = await call<{ data: { _id: string }[] }>('GET', '/api/v1/qrcode/qr-codes');
    for (const qr of upi) await call('DELETE', `/api/v1/qrcode/delete-qr/${qr._id}`, undefined, adminToken);
    try {
      await player.goto('/deposite');
      await player.getByText('Deposits are not open right now').waitFor();
      expect(await player.getByLabel('Transaction ID').count()).toBe(0);
      await shot(player, 'trust-deposit-no-target');
    } finally {
      await ensureUpiQr();
    }
    await player.goto('/deposite');
    await player.getByRole('button', { name: 'Get payment QR' }).waitFor();
    // Crypto has no QR code in this run: it is not offered.
    expect(await player.getByRole('button', { name: 'Crypto', exact: true }).count()).toBe(0);
    // First refused tries (a request over the maximum, then a transaction id already claimed), then one that works.
    await player.getByLabel('Amount (₹)').fill('999999');
    await player.getByRole('button', { name: 'Get payment QR' }).click();
    await player.locator('.Toastify__toast--error').waitFor();
    await player.getByLabel('Amount (₹)').fill('500');
    await player.getByRole('button', { name: 'Get payment QR' }).click();
    await player.getByRole('img', { name: /^UPI payment QR code: ₹500\.00 to / }).waitFor();
    const claimed = `TRDUP${Date.now()}`;
    await call('POST', '/api/v1/wallet/deposit', { amount: 100, method: 'UPI', details: { payNumber: claimed }, userId: funded.userId }, funded.token);
    await player.getByLabel('Transaction ID').fill(claimed);
    await player.getByRole('button', { name: 'Submit Deposit' }).click();
    await player.locator('.Toastify__toast--error').getByText('This transaction id has already been submitted', { exact: false }).waitFor();
    await player.getByLabel('Transaction ID').fill(`TR${Date.now()}`);
    await player.getByRole('button', { name: 'Submit Deposit' }).click();
    await player.getByRole('dialog', { name: 'Deposit Submitted' }).waitFor();
    await expect.poll(() => player.locator('.Toastify__toast--error').count()).toBe(0);
    await shot(player, 'trust-deposit-with-target');
    await player.getByRole('dialog', { name: 'Deposit Submitted' }).getByRole('button', { name: 'Close', exact: true }).click();
  });

  it('(5) Terms and Privacy are real pages, linked from registration and the footer', async () => {
    const visitor = await newPage(browser);
    await visitor.goto('/signup');
    expect(await visitor.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/terms');
    expect(await visitor.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
    await visitor.goto('/terms');
    await visitor.getByRole('heading', { name: 'Terms of Service', level: 1 }).waitFor();
    await visitor.getByRole('link', { name: 'Privacy', exact: true }).click();
    await visitor.getByRole('heading', { name: 'Privacy Policy', level: 1 }).waitFor();
    await visitor.context().close();
  });

  it('(5) Help & Support offers the contacts an admin sets in the back office, and a contact left empty not at all', async () => {
    await admin.goto('/admin');
    await openSection(admin, 'Support');
    await admin.getByLabel('Telegram username').fill('');
    await admin.getByLabel('WhatsApp number').fill('+91 90000 00123');
    await admin.getByRole('button', { name: 'Save Contacts' }).click();
    await admin.getByText('Support contacts saved').first().waitFor();
    await player.goto('/');
    await player.getByRole('button', { name: /Open menu/ }).click();
    await player.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Help & Support' }).click();
    const help = player.getByRole('dialog', { name: 'Help & Support' });
    await help.getByRole('link').first().waitFor();
    expect(await help.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(['https://wa.me/919000000123']);
    await shot(player, 'trust-help-support');
    await player.keyboard.press('Escape');
    await call('PUT', '/api/v1/admin/support-contacts', { whatsapp: '+919000000099', telegram: 'rupeearcade_help' }, adminToken);
  });

  it('(7, 11) a player with ₹0: the toast rises from the bottom, alone, and the screen shows the way to deposit', async () => {
    await broke.goto('/chicken-road');
    await broke.getByRole('button', { name: /^Start Game/ }).click();
    const toast = broke.locator('.Toastify__toast').filter({ hasText: 'Insufficient balance!' });
    await toast.waitFor();
    const header = await broke.locator('header').first().boundingBox();
    const box = await toast.boundingBox();
    expect(box!.y).toBeGreaterThan(header!.y + header!.height);
    await broke.getByRole('button', { name: /^Start Game/ }).click();
    await broke.waitForTimeout(500);
    expect(await broke.locator('.Toastify__toast').count()).toBe(1);
    const way = broke.getByTestId('short-balance');
    expect(await way.getByRole('link', { name: 'Deposit' }).getAttribute('href')).toBe('/deposite');
    expect(await way.getByRole('link', { name: 'try the demo' }).getAttribute('href')).toBe('/chicken-road/demo');
    await shot(broke, 'trust-toast-bottom');
  });

  it('(8) the colour board shows the open bet, then says won or lost when its period ends', async () => {
    await player.goto('/color');
    const mine = player.getByRole('region', { name: 'Your bets' });
    await mine.waitFor();
    // A bet while the period still takes them (the last seconds are closed).
    await player.getByRole('button', { name: 'Red', exact: true }).and(player.locator(':not([disabled])')).waitFor({ timeout: 15_000 });
    await player.getByRole('button', { name: 'Red', exact: true }).click();
    const sheet = player.getByRole('dialog', { name: 'Bet on Red' });
    await sheet.getByRole('button', { name: /^Bet ₹/ }).click();
    await mine.getByRole('listitem').filter({ hasText: 'Red' }).waitFor();
    await shot(player, 'trust-colour-open-bet');
    const result = mine.getByTestId('period-result');
    await result.waitFor({ timeout: 30_000 });
    expect(await result.textContent()).toMatch(/: (Paid ₹[\d,.]+ \([+−]₹[\d,.]+\)|you lost ₹\d)/);
    expect(await result.locator('..').getAttribute('aria-live')).toBe('polite');
    await shot(player, 'trust-colour-result');
  });

  it('(10) the home shortcuts are labelled and never cover a Play button', async () => {
    await player.goto('/');
    const spin = player.getByRole('link', { name: 'Spin', exact: true });
    await spin.waitFor();
    expect(await player.getByRole('link', { name: 'Telegram', exact: true }).isVisible()).toBe(true);
    const plays = player.getByRole('link', { name: /^Play/ });
    for (let i = 0; i < (await plays.count()); i++) {
      await plays.nth(i).scrollIntoViewIfNeeded();
      const play = (await plays.nth(i).boundingBox())!;
      for (const fab of await player.locator('.home-fab__btn').all()) {
        const b = (await fab.boundingBox())!;
        const apart = play.x + play.width <= b.x || b.x + b.width <= play.x || play.y + play.height <= b.y || b.y + b.height <= play.y;
        expect(apart).toBe(true);
      }
    }
    // Nor the footer's links, at the very bottom of the page.
    const footerLinks = player.locator('footer a');
    await footerLinks.last().scrollIntoViewIfNeeded();
    await player.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    for (const link of await footerLinks.all()) {
      const l = (await link.boundingBox())!;
      for (const fab of await player.locator('.home-fab__btn').all()) {
        const b = (await fab.boundingBox())!;
        expect(l.x + l.width <= b.x || b.x + b.width <= l.x || l.y + l.height <= b.y || b.y + b.height <= l.y).toBe(true);
      }
    }
    // The explanation stands beside a price; with none set the page says it is closed instead.
    // Files share one server and run in any order, so this one sets its own price.
    await call('POST', '/api/v1/telegram-amount', { amount: 299 }, adminToken);
    await player.goto('/telegram-subscription/chicken');
    await player.getByText(/A subscription gives you the invite link/).waitFor();
  });

  it('(12) the demo: its balance is marked play money, and its notice is read above the road', async () => {
    await player.goto('/chicken-road/demo');
    const chip = player.getByTestId('balance');
    await chip.waitFor();
    expect(await chip.textContent()).toMatch(/^Play₹/);
    const note = await player.getByRole('note').filter({ hasText: 'Play money' }).boundingBox();
    const tabbar = await player.getByRole('navigation', { name: 'Main' }).boundingBox();
    expect(note!.y + note!.height).toBeLessThan(tabbar!.y);
    await shot(player, 'trust-demo');
  });

  it('(13) a hidden game shows as closed, not as a live board', async () => {
    await call('POST', '/api/v1/admin/game-visibility', { gameType: 'color', isVisible: false }, adminToken);
    try {
      await player.goto('/color');
      await player.getByText('Colour Prediction is not open right now.', { exact: false }).waitFor();
      expect(await player.getByText('Live', { exact: true }).count()).toBe(0);
    } finally {
      await call('POST', '/api/v1/admin/game-visibility', { gameType: 'color', isVisible: true }, adminToken);
    }
  });

  it('(13) during a time-out Start Game and the deposit form are closed before they are used', async () => {
    const who = { email: `break.${Date.now().toString(36)}@e2e.test`, password: 'Break#2024x' };
    await registerVerified('Sunil Rao', who.email, freshPhone('+9192'), who.password);
    const token = ((await call('POST', '/api/v1/users/login', who)).data as { accessToken: string }).accessToken;
    const res = await fetch(`${baseURL()}/api/v1/responsible/exclusion`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'Idempotency-Key': randomUUID() },
      body: JSON.stringify({ kind: 'timeout', days: 1 }),
    });
    expect(res.status).toBeLessThan(300);
    const page = await newPage(browser);
    await signInBrowser(page, who.email, who.password);
    await page.goto('/chicken-road');
    await page.getByText(/You are on a time-out until .*: no game can be started/).waitFor();
    expect(await page.getByRole('button', { name: /^Start Game/ }).isDisabled()).toBe(true);
    await page.goto('/deposite');
    await page.getByText('Deposits are paused during your break').waitFor();
    expect(await page.getByLabel('Transaction ID').count()).toBe(0);
    await page.context().close();
  });

  it('(6) the back office: its own shell, every section an h1, fitting 1280×800 with every action on screen, and axe finds nothing serious', async () => {
    await admin.goto('/admin');
    await admin.locator('.admin').waitFor();
    expect(await admin.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    expect(await admin.getByRole('link', { name: /^Balance/ }).count()).toBe(0);
    const found: string[] = [];
    for (const label of await admin.getByRole('tab').allTextContents()) {
      await openSection(admin, label);
      await admin.getByRole('heading', { level: 1 }).first().waitFor();
      await admin.waitForTimeout(300);
      found.push(...(await overflow(admin)).map((p) => `${label}: ${p}`));
      found.push(...(await violations(admin)).map((v) => `${label}: ${v}`));
      if (label === 'Overview') await shot(admin, 'trust-admin-overview');
    }
    expect(found).toEqual([]);

    await openSection(admin, 'Telegram Deposite');
    await admin.getByRole('heading', { name: 'Telegram Deposite', level: 1 }).waitFor();
    await admin.getByRole('heading', { name: 'Telegram Amount', level: 2 }).waitFor();
    // A subscription payment to show: the price first (when none is set), then the player's payment.
    if (await admin.getByLabel('Amount (₹)').isVisible()) {
      await admin.getByLabel('Amount (₹)').fill('499');
      await admin.getByRole('button', { name: 'Save', exact: true }).click();
      await admin.getByText('₹499.00').waitFor();
    }
    await call(
      'POST',
      '/api/v1/wallet/deposit',
      { userId: funded.userId, method: 'Telegram', details: { payNumber: `TG${Date.now()}`, telegramID: '@ravi', phoneNumber: '', gameName: 'chicken' } },
      funded.token,
    );
    await openSection(admin, 'Deposite');
    await openSection(admin, 'Telegram Deposite');
    await admin.locator('.admin-card', { hasText: funded.email }).first().waitFor();
    await shot(admin, 'trust-admin-telegram-deposit');

    await openSection(admin, 'All Users');
    const actions = admin.getByRole('columnheader', { name: 'Actions' });
    await actions.waitFor();
    const box = (await actions.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(DESKTOP.width);
    await admin
      .getByRole('button', { name: `Edit ${'Ravi Shankar'}` })
      .first()
      .click();
    const editor = admin.getByRole('dialog', { name: 'Edit Ravi Shankar' });
    await editor.getByRole('button', { name: 'Save' }).waitFor();
    const save = (await editor.getByRole('button', { name: 'Save' }).boundingBox())!;
    expect(save.y + save.height).toBeLessThanOrEqual(DESKTOP.height);
    await shot(admin, 'trust-admin-users-edit');
    await editor.getByRole('button', { name: 'Cancel' }).click();

    await openSection(admin, 'Admin Controller');
    await admin.getByRole('button', { name: 'Add New Admin' }).click();
    const add = admin.getByRole('dialog', { name: 'Add New Admin' });
    await add.getByLabel('Name', { exact: true }).fill('No Pages');
    await add.getByLabel('Email', { exact: true }).fill(`nopages.${Date.now()}@e2e.test`);
    await add.getByLabel('Phone (10 digits)').fill('9876512345');
    await add.getByLabel('Password', { exact: true }).fill('NoPages#2024');
    await add.getByRole('button', { name: 'Add Admin' }).click();
    await add.getByText('Choose at least one access page', { exact: false }).waitFor();
    await admin.keyboard.press('Escape');
  });

  it('(6) the back office on a phone: every section fits 390×844, nothing wider than the screen', async () => {
    const phone = await newPage(browser);
    await signInBrowser(phone, E2E_ADMIN.email, E2E_ADMIN.password);
    await phone.goto('/admin');
    await phone.locator('.admin').waitFor();
    await phone.getByRole('button', { name: 'Sections' }).click();
    const labels = await phone.getByRole('tab').allTextContents();
    await phone.keyboard.press('Escape');
    const found: string[] = [];
    for (const label of labels) {
      await openSection(phone, label);
      await phone.getByRole('heading', { level: 1 }).first().waitFor();
      await phone.waitForTimeout(200);
      found.push(...(await overflow(phone)).map((p) => `${label}: ${p}`));
    }
    await openSection(phone, 'All Users');
    await phone
      .getByRole('button', { name: /^Edit / })
      .first()
      .waitFor();
    // The sections menu slides away first.
    await phone.waitForTimeout(600);
    await shot(phone, 'trust-admin-users');
    expect(found).toEqual([]);
    await phone.context().close();
  });

  it('sweeps every player screen at 390×844: no page error, no failed request, nothing wider than the phone', async () => {
    const screens = [
      '/',
      '/chicken-road',
      '/chicken-road/demo',
      '/color',
      '/color/fairness',
      '/deposite',
      '/withdraw',
      '/transactions',
      '/bets',
      '/ranking',
      '/profile',
      '/spinner',
      '/refer-earn',
      '/responsible',
      '/safer-play',
      '/terms',
      '/privacy',
      '/fairness',
      '/telegram-subscription/chicken',
      '/change-password',
    ];
    const found: string[] = [];
    // A fresh browser each time, as on a first visit, so the screen's own page and preloads are used.
    for (const path of screens) {
      const page = await newPage(browser);
      await signInBrowser(page, funded.email, funded.password);
      const seen = watch(page);
      await page.goto(path, { waitUntil: 'networkidle' });
      await page.waitForTimeout(300);
      found.push(...seen.map((p) => `${path}: ${p}`), ...(await overflow(page)).map((p) => `${path}: ${p}`));
      await shot(page, `trust-sweep${path.replace(/\W+/g, '-').replace(/-$/, '') || '-home'}`);
      await page.context().close();
    }
    found.push(...problems.flat().filter((p) => !p.includes('/api/v1/wallet/deposit') && !p.includes('/chicken-road/start')));
    expect(found).toEqual([]);
  });
});
