import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified } from './api';
import { closeToasts, DESKTOP, launch, newPage, openSection, PHONE, shot, signInBrowser } from './browser';
import { E2E_ADMIN } from './global-setup';

/** A 232×232 black-and-white PNG that looks like a QR code. */
const QR_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAOgAAADoCAAAAADAwvekAAAB6ElEQVR42u3byZHDIBAAQOWftB3BFnMZpFXzdFnWNB/mwNfnJesCBQUFBQUFBQUFBQUFvTX0Kq7s8399fzoeUFBQUFDQE9DwQRyErmCrz6vxgIKCgoKCnoRGA68GsAxwKB5QUFBQUNAnQbsFNygoKCgo6Buh2UL5sQkDKCgoKCjohgZ2dbD7uE49KCgoKCjoZ+4C0yqQbOF9u5tjoKCgoKCgG/7gU4WMxwEKCgoKCroBmr0gVR0MV8Hli1mgoKCgoKAboNHAwi9INqqrF7CWGwAKCgoKCroROhVw98CfKshBQUFBQUF3QKsJQjexiG5oeQANCgoKCgp6EBr9PNuozhbe2YY3KCgoKCjoTmj3YK8OdrPvSz8PCgoKCgq6ERotsKcThGyjPBwHKCgoKCjoBmj3oI8GkB0IVwfToKCgoKCgJ6DlRnEzEajGAwoKCgoKegdod2Uh1YZ1OsEABQUFBQXdAJ0+8KsbU/39docBFBQUFBR0AFr94ewAt5tojHUYQEFBQUFBfwDtBj69AaCgoKCgoG+ATg10owV5uYENCgoKCgp6Y2g34NX3whsNCgoKCgp6AFpNBKIFdHYAHN0YUFBQUFDQk9BuATx9MSv7PlBQUFBQ0BPQ/7pAQUFBQUFBQUFBQUFBb7W+CroH8lQgbqAAAAAASUVORK5CYII=',
  'base64',
);
const QR_WIDTH = 232;

type SessionPage = Page & { problems?: string[] };

/** Signs in as the login screen does: the session cookies in the browser, the user in local storage. */
async function signIn(page: Page, email: string, password: string) {
  await page.goto('/ranking');
  await signInBrowser(page, email, password);
}

/** A still picture: toasts closed, scrolled to the top. */
async function picture(page: Page, name: string) {
  await closeToasts(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(250);
  await shot(page, name);
}

async function balanceShown(page: Page): Promise<string> {
  await page.goto('/withdraw');
  const value = page.getByTestId('available-balance');
  await expect.poll(() => value.textContent()).toMatch(/₹/);
  return (await value.textContent()) ?? '';
}

describe('wallet: deposit, approval, withdrawal and rejection in the browser', () => {
  let browser: Browser;
  let player: SessionPage;
  let admin: SessionPage;
  let adminDesktop: SessionPage;
  const stamp = Date.now().toString(36);
  const email = `meera.${stamp}@e2e.test`;
  const phone = `+9197${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const password = 'Wallet#2024';
  const utr = `UTR${stamp.toUpperCase()}`;
  let reference = '';

  beforeAll(async () => {
    browser = await launch();
    await registerVerified('Meera Nair', email, phone, password);
    player = await newPage(browser, PHONE);
    admin = await newPage(browser, PHONE);
    adminDesktop = await newPage(browser, DESKTOP);
    await signIn(player, email, password);
    await signIn(admin, E2E_ADMIN.email, E2E_ADMIN.password);
    await signIn(adminDesktop, E2E_ADMIN.email, E2E_ADMIN.password);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('keeps players out of the back office: they see only their Game History', async () => {
    await player.goto('/admin');
    await player.getByRole('heading', { name: 'Game History', level: 1 }).waitFor();
    expect(await player.getByRole('tablist', { name: 'Admin sections' }).count()).toBe(0);
  });

  it('lets the admin upload the UPI QR code', async () => {
    await admin.goto('/admin');
    await admin.getByRole('tab', { name: 'Overview', includeHidden: true }).and(admin.locator('[aria-selected="true"]')).waitFor({ state: 'attached' });
    await openSection(admin, 'QRCode');
    const form = admin.getByRole('button', { name: 'Save QR Code' });
    const remove = admin.getByRole('button', { name: 'Delete' });
    await form.or(remove).first().waitFor();
    if (await remove.isVisible()) {
      // Another file of this run left a QR code: replace it.
      await remove.click();
      await admin.getByRole('dialog', { name: 'Delete QR Code' }).getByRole('button', { name: 'Delete' }).click();
      await admin.getByText('Deleted successfully').first().waitFor();
    }
    await form.click();
    await admin.getByText('Please select a QR Code image').waitFor();
    await admin.locator('input[type="file"]').setInputFiles({ name: 'upi.png', mimeType: 'image/png', buffer: QR_PNG });
    await admin.getByRole('img', { name: 'Preview of the chosen QR code' }).waitFor();
    await admin.getByLabel('Title', { exact: true }).fill('Rupee Arcade UPI');
    await admin.getByLabel('UPI ID (optional)').fill('rupeearcade@okaxis');
    await picture(admin, 'wallet-admin-qr-upload');
    await form.click();
    await admin.getByText('QR Code uploaded successfully').first().waitFor();
    const image = admin.getByRole('img', { name: 'QR code: Rupee Arcade UPI' });
    await image.waitFor();
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(QR_WIDTH);
    await picture(admin, 'wallet-admin-qrcode');
  });

  it('takes a UPI deposit from the player', async () => {
    expect(await balanceShown(player)).toBe('₹0.00');
    await player.goto('/deposite');
    // The UPI ID to pay to from this phone, with its copy button, and the steps.
    await player.getByRole('button', { name: 'Copy UPI ID rupeearcade@okaxis' }).waitFor();
    await player.getByRole('list', { name: 'How to deposit' }).waitFor();
    await player.getByRole('button', { name: '₹500' }).click();
    expect(await player.getByRole('button', { name: 'Submit Deposit' }).count()).toBe(0);
    await player.getByRole('button', { name: 'Get payment QR' }).click();
    // A request for the exact amount: a QR code drawn from its upi://pay link, the payee and a reference.
    const qr = player.getByRole('img', { name: 'UPI payment QR code: ₹500.00 to Rupee Arcade' });
    await qr.waitFor();
    expect(await qr.evaluate((svg) => svg.tagName.toLowerCase())).toBe('svg');
    expect(await qr.locator('path, rect').count()).toBeGreaterThan(1);
    expect(await player.locator('.wallet-upi__amount').textContent()).toBe('₹500.00');
    reference = ((await player.locator('.wallet-upi__reference-value').textContent()) ?? '').trim();
    expect(reference).toMatch(/^RA[0-9A-HJKMNP-TV-Z]{8}$/);
    await player.getByRole('button', { name: `Copy Reference ${reference}` }).waitFor();
    await player.getByRole('button', { name: 'Copy UPI ID rupeearcade@okaxis' }).waitFor();
    expect(await player.getByRole('button', { name: 'Submit Deposit' }).count()).toBe(0);
    await player.getByLabel('Transaction ID').fill(utr);
    await picture(player, 'wallet-deposit');
    const sent = player.waitForResponse((res) => /\/api\/v1\/wallet\/deposit\/[^/]+\/utr$/.test(res.url()) && res.request().method() === 'POST');
    await player.getByRole('button', { name: 'Submit Deposit' }).click();
    expect((await sent).status()).toBe(200);
    const dialog = player.getByRole('dialog', { name: 'Deposit Submitted' });
    await dialog.getByText('Your deposit request has been submitted successfully!').waitFor();
    await shot(player, 'wallet-deposit-submitted');
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    // Back to a fresh request: no amount chosen, no request shown.
    await player.getByRole('button', { name: 'Get payment QR' }).waitFor();
    expect(await player.getByLabel('Amount (₹)').inputValue()).toBe('');
    expect(await player.getByLabel('Transaction ID').count()).toBe(0);
    // Pending deposits are not money yet.
    expect(await balanceShown(player)).toBe('₹0.00');
  });

  it('credits the deposit once the admin approves it', async () => {
    await openSection(admin, 'Deposite');
    const item = admin.locator('.admin-card', { hasText: email }).filter({ hasText: '₹500.00' });
    await item.waitFor();
    await item.getByText('Details').click();
    await item.getByText(utr).waitFor();
    // The request's reference, which the payment's remark carries.
    await item.getByText(reference).waitFor();
    await picture(admin, 'wallet-admin-deposite');
    await item.getByRole('button', { name: 'Approve' }).click();
    const confirm = admin.getByRole('dialog', { name: 'Approve request' });
    await confirm.getByText("Credit ₹500.00 to the player's wallet?", { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Approve' }).click();
    await admin.getByText('Status updated successfully').first().waitFor();
    await item.getByText('approved').waitFor();
    expect(await item.getByRole('button', { name: 'Approve' }).count()).toBe(0);

    expect(await balanceShown(player)).toBe('₹500.00');
  });

  it('holds an INR withdrawal and gives it back when the admin rejects it', async () => {
    await player.goto('/withdraw');
    await player.getByTestId('available-balance').getByText('₹500.00').waitFor();
    await player.getByLabel('Amount (₹)').fill('200');
    await player.getByLabel('First Name').fill('Meera');
    await player.getByLabel('Last Name').fill('Nair');
    await player.getByLabel('Account Number').fill('50100234567890');
    await player.getByLabel('IFSC').fill('HDFC0001234');
    await picture(player, 'wallet-withdraw');
    await player.getByRole('button', { name: 'Withdraw' }).click();
    await player.getByText('Withdrawal request submitted successfully!').first().waitFor();
    // INR: the original app returns to the home page after 2 s.
    await player.waitForURL((url) => url.pathname === '/', { timeout: 5000 });
    expect(await balanceShown(player)).toBe('₹300.00');

    await openSection(admin, 'Withdrawals');
    const item = admin.locator('.admin-card', { hasText: email }).filter({ hasText: '₹200.00' });
    await item.waitFor();
    await picture(admin, 'wallet-admin-withdrawals');
    await item.getByRole('button', { name: 'Reject' }).click();
    await admin.getByRole('dialog', { name: 'Reject request' }).getByRole('button', { name: 'Reject' }).click();
    await admin.getByText('Status updated successfully').first().waitFor();
    await item.getByText('rejected').waitFor();

    expect(await balanceShown(player)).toBe('₹500.00');
  });

  it('lists the history for the player and for the admin', async () => {
    await player.goto('/transactions');
    const table = player.getByRole('table');
    await table.waitFor();
    const rows = table.locator('tbody tr');
    expect(await rows.filter({ hasText: 'Withdrawal' }).filter({ hasText: '₹200.00' }).locator('.wallet-amount--neutral').count()).toBe(1);
    expect(await rows.filter({ hasText: 'Deposit' }).locator('.wallet-amount--approved').textContent()).toBe('₹500.00');
    await player.getByText('Page 1 of 1').waitFor();
    await picture(player, 'wallet-transactions');

    await openSection(admin, 'Transaction');
    await admin.locator('.admin-card', { hasText: '₹500.00' }).first().waitFor();
    await picture(admin, 'wallet-admin-transaction');
  });

  it('takes a Telegram subscription at the price the admin set', async () => {
    await openSection(admin, 'Telegram Deposite');
    const save = admin.getByRole('button', { name: 'Save' });
    const remove = admin.getByRole('button', { name: 'Delete' });
    await save.or(remove).first().waitFor();
    if (await remove.isVisible()) {
      await remove.click();
      await admin.getByText('Deleted successfully').first().waitFor();
    }
    await admin.getByLabel('Amount (₹)').fill('499');
    await save.click();
    // The price's own list: pending subscriptions of other players may show ₹499.00 above it.
    await admin.locator('.admin-amounts').getByText('₹499.00').waitFor();

    await player.goto('/telegram-subscription/chicken');
    await player.getByRole('img', { name: 'QR code: Rupee Arcade UPI' }).waitFor();
    await player.getByText('₹499.00').waitFor();
    expect(await player.getByRole('button', { name: 'Submit Deposit' }).count()).toBe(0);
    await player.getByLabel('Transaction ID').fill(`TG${utr}`);
    await player.getByLabel('Phone').fill(phone);
    await player.getByLabel('Telegram ID').fill('@meera');
    await picture(player, 'wallet-telegram-subscription');
    await player.getByRole('button', { name: 'Submit Deposit' }).click();
    const dialog = player.getByRole('dialog', { name: 'Deposit Submitted' });
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await player.waitForURL((url) => url.pathname === '/');

    await openSection(admin, 'Deposite');
    const item = admin.locator('.admin-card', { hasText: email }).filter({ hasText: '₹499.00' });
    await item.getByText('Telegram', { exact: true }).waitFor();
    await item.getByText('Details').click();
    await item.getByText('chicken', { exact: true }).waitFor();
    await item.getByText('@meera').waitFor();
  });

  it('shows the other player screens', async () => {
    await player.goto('/payment');
    await player.getByRole('link', { name: 'Deposit', exact: true }).first().waitFor();
    expect(new URL(player.url()).pathname).toBe('/payment');
    expect(await player.getByRole('link', { name: 'Deposit', exact: true }).first().getAttribute('href')).toBe('/deposite');
    await picture(player, 'wallet-payment');
    await player.goto('/paymentsuccess?reference=PAY-0042');
    // The reference from the address is shown as the payment's reference.
    await player.getByText('PAY-0042').waitFor();
    expect(await player.getByText('PAY-0042').count()).toBe(1);
    await picture(player, 'wallet-paymentsuccess');
    await player.goto('/deposite');
    // Crypto has no QR code (only the UPI one was uploaded above): with nowhere to pay, it is not offered.
    await player.getByRole('button', { name: 'UPI', exact: true }).waitFor();
    expect(await player.getByRole('button', { name: 'Crypto', exact: true }).count()).toBe(0);
    await picture(player, 'wallet-deposit-upi-only');

    await admin.goto('/admin');
    await admin.getByRole('button', { name: 'Sections' }).click();
    // The phone menu lists every section the admin holds.
    await admin.getByRole('tab', { name: 'QRCode Crypto' }).waitFor();
    const tabs = await admin.getByRole('tab').allTextContents();
    expect(tabs).toEqual(
      expect.arrayContaining(['Transaction', 'Deposite', 'Withdrawals', 'QRCode', 'QRCode Crypto', 'Refer Amount', 'Telegram Deposite', 'Games']),
    );
    await admin.waitForTimeout(300);
    await admin.screenshot({ path: 'screenshots/e2e/wallet-admin-menu-390x844.png' });
  });

  it('shows the back office on a desktop', async () => {
    await adminDesktop.goto('/admin');
    for (const [label, name, ready] of [
      ['Transaction', 'transaction', '.admin-card'],
      ['Deposite', 'deposite', '.admin-card'],
      ['Withdrawals', 'withdrawals', '.admin-card'],
      ['QRCode', 'qrcode', '.admin-qr__image'],
      ['QRCode Crypto', 'qrcode-crypto', '.admin-drop'],
      ['Refer Amount', 'refer-amount', '.admin-panel form, .admin-amounts'],
      ['Telegram Deposite', 'telegram-deposite', '.admin-panel form, .admin-amounts'],
      ['Games', 'games', '.admin-table'],
      ['Spinner Prices', 'spinner-prices', '.admin-prizes, .admin-amount-form'],
      ['Notification', 'notification', '.admin-notice'],
    ] as const) {
      await openSection(adminDesktop, label);
      await adminDesktop.locator(ready).first().waitFor();
      await picture(adminDesktop, `wallet-admin-${name}`);
    }
    // The phone tab list is hidden on a desktop: the tabs run down the side.
    expect(await adminDesktop.getByRole('button', { name: 'Sections' }).isVisible()).toBe(false);
  });

  it('raised no page errors', () => {
    expect([...(player.problems ?? []), ...(admin.problems ?? []), ...(adminDesktop.problems ?? [])]).toEqual([]);
  });
});
