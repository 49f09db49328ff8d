import { AxeBuilder } from '@axe-core/playwright';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { call, freshPhone, registerVerified } from './api';
import { DESKTOP, launch, newPage, openSection, shot, signInBrowser } from './browser';
import { E2E_ADMIN } from './global-setup';

/** Serious and critical axe violations on the page as it is now. */
async function violations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** A picture with the toasts gone, at the top of the page. */
async function picture(page: Page, name: string) {
  for (const button of await page.locator('.Toastify__close-button').all()) await button.click().catch(() => undefined);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(300);
  await shot(page, name);
}

describe('back office: sub-admins, users, blocking and the audit log', () => {
  let browser: Browser;
  let root: Page;
  let rootPhone: Page;
  let sub: Page;
  let player: Page;
  const subAdmin = { name: 'Qr Keeper', email: `qr.${Date.now().toString(36)}@e2e.test`, password: 'QrKeeper#2024' };
  const p = { name: 'Blocked Bhavna', email: `bhavna.${Date.now().toString(36)}@e2e.test`, password: 'Bhavna#2024', id: '' };

  beforeAll(async () => {
    p.id = await registerVerified(p.name, p.email, freshPhone('+9193'), p.password);
    browser = await launch();
    root = await newPage(browser, DESKTOP);
    await signInBrowser(root, E2E_ADMIN.email, E2E_ADMIN.password);
    rootPhone = await newPage(browser);
    await signInBrowser(rootPhone, E2E_ADMIN.email, E2E_ADMIN.password);
    player = await newPage(browser);
    await signInBrowser(player, p.email, p.password);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('opens on the overview: figures, pending requests and the ledger check', async () => {
    await root.goto('/admin');
    await root.getByRole('heading', { name: 'Overview' }).waitFor();
    await root.getByText('✓ Ledger balanced', { exact: false }).waitFor();
    await root.getByRole('img', { name: /^GGR per day/ }).waitFor();
    await picture(root, 'backoffice-overview');
    const csv = await root.request.get('/api/v1/admin/reports/daily.csv?days=30');
    expect((await csv.text()).split('\r\n')[0]).toBe('day,deposits,withdrawals,bets,wins,ggr,bonuses,ngr,players');
  });

  it('creates a sub-admin holding only qr-code', async () => {
    await root.goto('/admin');
    await openSection(root, 'Admin Controller');
    await root.getByRole('table').getByText(E2E_ADMIN.email).waitFor();
    await picture(root, 'backoffice-admins');
    await root.getByRole('button', { name: 'Add New Admin' }).click();
    const dialog = root.getByRole('dialog', { name: 'Add New Admin' });
    await dialog.getByLabel('Name').fill(subAdmin.name);
    await dialog.getByLabel('Email').fill(subAdmin.email);
    await dialog.getByLabel('Phone (10 digits)').fill(freshPhone('+9192').slice(3));
    await dialog.getByLabel('Password').fill(subAdmin.password);
    // Each access page is named in words, with the sections it opens.
    const qrPage = dialog.getByRole('checkbox', { name: 'Payment QR codes' });
    expect(await qrPage.getAttribute('aria-describedby')).toBeTruthy();
    await dialog.getByText('Opens QRCode, QRCode Crypto').waitFor();
    await qrPage.check();
    await shot(root, 'backoffice-add-admin');
    await dialog.getByRole('button', { name: 'Add Admin' }).click();
    await root.getByText('Admin created').first().waitFor();
    await root.getByRole('cell', { name: subAdmin.email }).waitFor();
  });

  it('shows the sub-admin only the two QR sections, and the server refuses them the rest', async () => {
    sub = await newPage(browser, DESKTOP);
    await signInBrowser(sub, subAdmin.email, subAdmin.password);
    await sub.goto('/admin');
    await sub.locator('.admin').waitFor();
    expect(await sub.getByRole('tab').allTextContents()).toEqual(['QRCode', 'QRCode Crypto']);
    const withdrawals = await sub.request.get('/api/v1/wallet/history/withdrawals');
    expect(withdrawals.status()).toBe(403);
    const users = await sub.request.get('/api/v1/users/');
    expect(users.status()).toBe(403);
    await picture(sub, 'backoffice-sub-admin');
  });

  it('lets the sub-admin replace the UPI code in one step: players find a code throughout', async () => {
    await sub.goto('/admin');
    await openSection(sub, 'QRCode');
    const image = sub.getByRole('img', { name: /^QR code:/ });
    const before = await image.getAttribute('src');
    await sub.getByRole('button', { name: 'Replace' }).click();
    const dialog = sub.getByRole('dialog', { name: 'Replace QR Code' });
    await dialog.getByLabel(/New image/).setInputFiles(join(process.cwd(), 'web/public/icon-192.png'));
    await dialog.getByRole('img', { name: 'Preview of the new QR code' }).waitFor();
    // Until the new image is saved, players are still shown the current code.
    expect((await call<{ data: { imageUrl: string }[] }>('GET', '/api/v1/qrcode/qr-codes')).data.map((q) => q.imageUrl)).toEqual([before]);
    await shot(sub, 'backoffice-qr-replace');
    await dialog.getByRole('button', { name: 'Save new image' }).click();
    await sub.getByText('QR Code replaced successfully').first().waitFor();
    await expect.poll(() => image.getAttribute('src')).not.toBe(before);
    const after = await image.getAttribute('src');
    expect((await call<{ data: { imageUrl: string }[] }>('GET', '/api/v1/qrcode/qr-codes')).data.map((q) => q.imageUrl)).toEqual([after]);
    expect((await sub.request.get(before!)).status()).toBe(404);
  });

  it('blocks a player from All Users, who is signed out at the next call', async () => {
    await player.goto('/transactions');
    await player.getByText('Transaction History').waitFor();

    await root.goto('/admin');
    await openSection(root, 'All Users');
    await root.getByRole('searchbox', { name: /Search/ }).fill(p.email);
    await root.getByRole('button', { name: 'Search' }).click();
    await root.getByRole('cell', { name: p.email }).waitFor();
    await picture(root, 'backoffice-users');
    await root.getByRole('button', { name: `View the history of ${p.name}` }).click();
    const history = root.getByRole('dialog', { name: `History of ${p.name}` });
    await history.getByText('Balance (ledger):').waitFor();
    await history.getByText('₹0.00').waitFor();
    await shot(root, 'backoffice-user-history');
    await history.getByRole('button', { name: 'Close', exact: true }).click();

    await root.getByRole('button', { name: `Block ${p.name}` }).click();
    await root.getByRole('dialog', { name: 'Block user' }).getByRole('button', { name: 'Block' }).click();
    await root.getByText('User blocked').first().waitFor();

    // The player's next call is refused, the session ends, and the sign-in screen says why on a new attempt.
    await player.goto('/transactions');
    await player.waitForURL((url) => url.pathname === '/login');
    expect(await player.evaluate(() => localStorage.getItem('user'))).toBeNull();
    await player.getByLabel('Email or Phone', { exact: true }).fill(p.email);
    await player.getByLabel('Password', { exact: true }).fill(p.password);
    await player.getByRole('button', { name: 'Login' }).click();
    await player.getByText('This account is blocked. Please contact support.').first().waitFor();
    await shot(player, 'backoffice-blocked-login');
  });

  it('shows both actions in the audit log, with who did them', async () => {
    await root.goto('/admin');
    await openSection(root, 'Audit Log');
    const created = root.locator('.admin-audit', { hasText: 'admin.create' }).filter({ hasText: subAdmin.email });
    await created.waitFor();
    expect(await created.textContent()).toContain('by Administrator');
    await root.locator('.admin-audit', { hasText: 'user.block' }).first().waitFor();
    await picture(root, 'backoffice-audit');
    await root.getByRole('combobox', { name: 'Action' }).selectOption('user.block');
    await expect.poll(() => root.locator('.admin-audit').count()).toBe(1);
    const csv = await root.request.get(`/api/v1/admin/audit.csv?action=user.block`);
    expect(csv.status()).toBe(200);
    expect(await csv.text()).toContain(',user.block,user,');
  });

  it('flags a withdrawal asked for right after a deposit, by a new account that did not play', async () => {
    const email = `quick.${Date.now().toString(36)}@e2e.test`;
    const password = 'Quick#Cash2024';
    await registerVerified('Quick Cash', email, freshPhone('+9191'), password);
    const token = ((await call('POST', '/api/v1/users/login', { email, password })).data as { accessToken: string }).accessToken;
    const adminToken = ((await call('POST', '/api/v1/users/login', { email: E2E_ADMIN.email, password: E2E_ADMIN.password })).data as { accessToken: string })
      .accessToken;
    const deposit = (await call('POST', '/api/v1/wallet/deposit', { amount: 2000, method: 'UPI', details: { payNumber: `UTR${Date.now()}` } }, token)).data as {
      _id: string;
    };
    await call('PUT', '/api/v1/wallet/update-deposite-transaction-status', { id: deposit._id, status: 'approved' }, adminToken);
    await call(
      'POST',
      '/api/v1/wallet/withraw',
      {
        amount: 1900,
        method: 'UPI',
        details: { email, phone: '+919876543210', firstName: 'Quick', lastName: 'Cash', accountNumber: '998877665544', ifsc: 'HDFC0001234' },
      },
      token,
    );
    await root.goto('/admin');
    await openSection(root, 'Withdrawals');
    const item = root.locator('.admin-card', { hasText: email });
    await item.getByText('Check before paying:').waitFor();
    await item.getByText('New account: made less than a day before this request.').waitFor();
    await item.getByText(/^Little play: deposited ₹2,000/).waitFor();
    await item.scrollIntoViewIfNeeded();
    await shot(root, 'backoffice-flagged-withdrawal');
  });

  it('fits the phone too', async () => {
    for (const [label, ready, name] of [
      ['Overview', '.admin-chart', 'backoffice-overview'],
      ['All Users', 'table', 'backoffice-users'],
      ['Admin Controller', 'table', 'backoffice-admins'],
      ['Audit Log', '.admin-audit', 'backoffice-audit'],
      ['Withdrawals', '.admin-card__warning', 'backoffice-flagged-withdrawal'],
    ] as const) {
      await rootPhone.goto('/admin');
      await openSection(rootPhone, label);
      await rootPhone.locator(ready).first().waitFor();
      await picture(rootPhone, name);
      expect(await violations(rootPhone), label).toEqual([]);
    }
    // A user's history, on the phone.
    await openSection(rootPhone, 'All Users');
    await rootPhone.getByRole('button', { name: `View the history of ${p.name}` }).click();
    await rootPhone
      .getByRole('dialog', { name: `History of ${p.name}` })
      .getByText('Balance (ledger):')
      .waitFor();
    await rootPhone.waitForTimeout(300);
    await shot(rootPhone, 'backoffice-user-history');
    expect(await violations(rootPhone)).toEqual([]);
  });

  it('raised no page errors', () => {
    for (const page of [root, rootPhone, sub, player]) expect((page as Page & { problems?: string[] }).problems ?? []).toEqual([]);
  });
});
