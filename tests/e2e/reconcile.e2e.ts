import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureUpiQr, freshPhone, registerVerified } from './api';
import { baseURL, closeToasts, DESKTOP, launch, newPage, openSection, PHONE, shot, signInBrowser } from './browser';
import { E2E_ADMIN } from './global-setup';

type WatchedPage = Page & { problems: string[] };

/** A phone: touch screen and mobile viewport, so the UPI apps can be opened from the page. */
async function newPhone(browser: Browser): Promise<WatchedPage> {
  const context = await browser.newContext({ viewport: PHONE, baseURL: baseURL(), hasTouch: true, isMobile: true });
  const page = (await context.newPage()) as WatchedPage;
  page.problems = [];
  page.on('pageerror', (e) => page.problems.push(e.message));
  return page;
}

/** The balance the withdraw screen shows. */
async function balanceShown(page: Page): Promise<string> {
  await page.goto('/withdraw');
  const value = page.getByTestId('available-balance');
  await expect.poll(() => value.textContent()).toMatch(/₹/);
  return (await value.textContent()) ?? '';
}

/** Today in India as an HDFC statement writes a date: dd/mm/yy. */
const todayInIndia = () => new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata', day: '2-digit', month: '2-digit', year: '2-digit' }).format(new Date());

/** Twelve digits, as a UPI transaction's reference number (UTR). */
const twelveDigits = () => `${Math.floor(1 + Math.random() * 9)}${String(Math.floor(Math.random() * 1e11)).padStart(11, '0')}`;

/** A statement as HDFC's net banking exports it to CSV: a preamble, the header, the credit lines, the summary. */
function hdfcStatement(lines: { narration: string; reference: string; credit: string; balance: string }[]): Buffer {
  const date = todayInIndia();
  const quote = (v: string) => (v.includes(',') ? `"${v}"` : v);
  return Buffer.from(
    [
      'HDFC BANK Ltd.,,,,,,',
      'Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance',
      '********,********,********,********,********,********,********',
      ...lines.map((l) => [date, l.narration, l.reference, date, '', quote(l.credit), quote(l.balance)].join(',')),
      ',,,,,,',
      'STATEMENT SUMMARY  :-,,,,,,',
      '',
    ].join('\n'),
  );
}

describe('reconcile: a UPI request paid, found in the bank statement by its reference, and approved', () => {
  let browser: Browser;
  let player: WatchedPage;
  let admin: WatchedPage;
  const stamp = Date.now().toString(36);
  const fullName = 'Asha Rao';
  const email = `asha.${stamp}@e2e.test`;
  const password = 'Reconcile#2024';
  const utr = twelveDigits();
  const otherUtr = twelveDigits();
  let reference = '';

  beforeAll(async () => {
    await ensureUpiQr();
    await registerVerified(fullName, email, freshPhone('+9196'), password);
    browser = await launch();
    player = await newPhone(browser);
    await signInBrowser(player, email, password);
    admin = (await newPage(browser, DESKTOP)) as WatchedPage;
    await signInBrowser(admin, E2E_ADMIN.email, E2E_ADMIN.password);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('(a) the player asks to pay ₹500 by UPI, gets the QR code and the app link with the reference, and leaves without a UTR', async () => {
    expect(await balanceShown(player)).toBe('₹0.00');
    await player.goto('/deposite');
    await player.getByRole('button', { name: '₹500' }).click();
    await player.getByRole('button', { name: 'Get payment QR' }).click();

    const qr = player.getByRole('img', { name: 'UPI payment QR code: ₹500.00 to Rupee Arcade' });
    await qr.waitFor();
    expect(await qr.evaluate((el) => el.tagName.toLowerCase())).toBe('svg');
    // Drawn, not an image: the modules are paths (or rects), the dark ones many moves of one path.
    const shapes = qr.locator('path, rect');
    expect(await shapes.count()).toBeGreaterThanOrEqual(2);
    const moves = await shapes.evaluateAll((els) => Math.max(...els.map((el) => (el.getAttribute('d') ?? '').split('M').length - 1 || 1)));
    expect(moves).toBeGreaterThan(100);

    expect(await player.locator('.wallet-upi__amount').textContent()).toBe('₹500.00');
    reference = ((await player.locator('.wallet-upi__reference-value').textContent()) ?? '').trim();
    expect(reference).toMatch(/^RA[0-9A-HJKMNP-TV-Z]{8}$/);
    await player.getByRole('button', { name: `Copy Reference ${reference}` }).waitFor();

    const href = await player.getByRole('link', { name: 'Pay with a UPI app' }).getAttribute('href');
    const link = new URL(href ?? '');
    expect(`${link.protocol}//${link.host}`).toBe('upi://pay');
    const params = link.searchParams;
    expect(params.get('pa')).toBe('rupeearcade@okaxis');
    expect(params.get('pn')).toBe('Rupee Arcade');
    expect(params.get('am')).toBe('500.00');
    expect(params.get('cu')).toBe('INR');
    expect(params.get('tr')).toBe(reference);
    expect(params.get('tn')).toBe(reference);

    await player.evaluate(() => window.scrollTo(0, 0));
    await shot(player, 'reconcile-player-request');
    // Paid in the UPI app; no UTR typed: the statement's narration carries the reference.
    await player.goto('/');
  });

  it('(b) the admin imports the HDFC statement, sees the credit matched to that deposit, and approves it', async () => {
    await admin.goto('/admin');
    await openSection(admin, 'Bank statements');
    await admin.getByRole('heading', { name: 'Bank statements', level: 1 }).waitFor();
    const name = admin.getByLabel('Bank account name').or(admin.getByLabel('Add another bank account'));
    await name.fill(`HDFC current ${stamp}`);
    await admin.getByRole('button', { name: 'Add account' }).click();
    await admin.getByText('Bank account added').first().waitFor();
    await expect.poll(() => admin.getByLabel('Bank account', { exact: true }).locator('option:checked').textContent()).toBe(`HDFC current ${stamp}`);

    const statement = hdfcStatement([
      { narration: `UPI-ASHA RAO-asha@okaxis-HDFC0001234-${utr}-${reference}`, reference: `0000${utr}`, credit: '500.00', balance: '1,00,500.00' },
      {
        narration: `UPI-VIKRAM SETH-vikram.seth@ybl-ICIC0004321-${otherUtr}-Payment`,
        reference: `0000${otherUtr}`,
        credit: '1,250.00',
        balance: '1,01,750.00',
      },
    ]);
    await admin.getByLabel('Statement file (CSV or XLSX)').setInputFiles({ name: `hdfc-${stamp}.csv`, mimeType: 'text/csv', buffer: statement });
    await admin.getByRole('button', { name: 'Import statement' }).click();
    await admin.getByText('Statement imported: 2 credit lines').first().waitFor();

    const table = admin.getByRole('table', { name: 'Statement credits and the deposits that claim them' });
    await table.waitFor();
    const row = table.locator('tbody tr').filter({ hasText: reference });
    await row.locator('.reconcile-badge').getByText('Matched', { exact: true }).waitFor();
    await row.getByText('Matched: the reference and amount agree').waitFor();
    expect(await row.locator('.reconcile-table__num').textContent()).toBe('₹500.00');
    const claim = row.locator('.reconcile-claim');
    expect(await claim.count()).toBe(1);
    await claim.getByText(fullName).waitFor();
    await claim.getByText('No UTR given').waitFor();
    expect(await claim.locator('code').textContent()).toBe(reference);
    await claim.getByText('Pending', { exact: true }).waitFor();
    // The credit nobody claims is shown, and cannot be approved.
    const other = table.locator('tbody tr').filter({ hasText: otherUtr });
    await other.locator('.reconcile-badge').getByText('Unclaimed', { exact: true }).waitFor();
    await other.getByText('No deposit claims this UTR').waitFor();
    expect(await other.getByRole('checkbox').count()).toBe(0);
    expect(await row.getByRole('checkbox', { name: /^Approve line \d+, ₹500\.00$/ }).isChecked()).toBe(true);
    await closeToasts(admin);
    await admin.evaluate(() => window.scrollTo(0, 0));
    await admin.waitForTimeout(300);
    await shot(admin, 'reconcile-admin-matched');

    await admin.getByRole('button', { name: 'Approve 1 matched' }).click();
    const confirm = admin.getByRole('dialog', { name: 'Approve matched deposits' });
    await confirm.getByText('Approve 1 matched deposit, ₹500.00 in all?', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Approve 1' }).click();
    await admin.getByText('1 approved', { exact: true }).first().waitFor();
    await row.getByRole('status').getByText('Approved', { exact: false }).waitFor();
    // The table as it is now: the line paid that deposit.
    await row.locator('.reconcile-badge').getByText('Approved', { exact: true }).waitFor();
    await claim.getByText('Approved', { exact: true }).waitFor();
    expect(await admin.getByRole('button', { name: /^Approve \d+ matched$/ }).count()).toBe(0);

    await closeToasts(admin);
    await admin.evaluate(() => window.scrollTo(0, 0));
    await admin.waitForTimeout(300);
    await shot(admin, 'reconcile-admin-result');
  });

  it('(c) the player’s balance shows the ₹500 credited', async () => {
    await player.reload();
    expect(await balanceShown(player)).toBe('₹500.00');
  });

  it('raised no page errors', () => {
    expect([...player.problems, ...admin.problems]).toEqual([]);
  });
});
