import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, registerVerified } from './api';
import { baseURL, closeToasts, DESKTOP, launch, newPage, openSection, PHONE, shot, signInBrowser } from './browser';
import { E2E_ADMIN } from './global-setup';

/** A 232×232 black-and-white PNG that looks like a QR code. */
const QR_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAOgAAADoCAAAAADAwvekAAAB6ElEQVR42u3byZHDIBAAQOWftB3BFnMZpFXzdFnWNB/mwNfnJesCBQUFBQUFBQUFBQUFvTX0Kq7s8399fzoeUFBQUFDQE9DwQRyErmCrz6vxgIKCgoKCnoRGA68GsAxwKB5QUFBQUNAnQbsFNygoKCgo6Buh2UL5sQkDKCgoKCjohgZ2dbD7uE49KCgoKCjoZ+4C0yqQbOF9u5tjoKCgoKCgG/7gU4WMxwEKCgoKCroBmr0gVR0MV8Hli1mgoKCgoKAboNHAwi9INqqrF7CWGwAKCgoKCroROhVw98CfKshBQUFBQUF3QKsJQjexiG5oeQANCgoKCgp6EBr9PNuozhbe2YY3KCgoKCjoTmj3YK8OdrPvSz8PCgoKCgq6ERotsKcThGyjPBwHKCgoKCjoBmj3oI8GkB0IVwfToKCgoKCgJ6DlRnEzEajGAwoKCgoKegdod2Uh1YZ1OsEABQUFBQXdAJ0+8KsbU/39docBFBQUFBR0AFr94ewAt5tojHUYQEFBQUFBfwDtBj69AaCgoKCgoG+ATg10owV5uYENCgoKCgp6Y2g34NX3whsNCgoKCgp6AFpNBKIFdHYAHN0YUFBQUFDQk9BuATx9MSv7PlBQUFBQ0BPQ/7pAQUFBQUFBQUFBQUFBb7W+CroH8lQgbqAAAAAASUVORK5CYII=',
  'base64',
);
const TRC20_ADDRESS = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const ERC20_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';

type SessionPage = Page & { problems?: string[] };

/** A still picture: toasts closed, scrolled to the top. */
async function picture(page: Page, name: string) {
  await closeToasts(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(250);
  await shot(page, name);
}

/** The serious and critical axe violations on the page as it is now. */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Anything wider than the phone. */
async function overflow(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('button, a, label, code, strong, .wallet-target, .wallet-offer')]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1 || el.scrollWidth > el.clientWidth + 1)
      .filter((el) => getComputedStyle(el).overflowX !== 'auto' && el.offsetParent !== null)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}: ${el.textContent?.trim().slice(0, 40)}`),
  );
}

async function adminToken(): Promise<string> {
  return ((await call('POST', '/api/v1/users/login', { email: E2E_ADMIN.email, password: E2E_ADMIN.password })).data as { accessToken: string }).accessToken;
}

/** The crypto codes on the server, as players read them. */
async function cryptoCodes(): Promise<{ _id: string; coin: string | null; network: string | null }[]> {
  return (await call<{ data: { _id: string; coin: string | null; network: string | null }[] }>('GET', '/api/v1/qrcodecrypto/qr-codes')).data;
}

describe('crypto deposits name their coin and network: the back office and a phone, in English and in Hindi', () => {
  let browser: Browser;
  let admin: SessionPage;
  let english: SessionPage;
  let hindi: SessionPage;
  const stamp = Date.now().toString(36);
  const players = {
    english: { name: 'Arjun Mehta', email: `arjun.${stamp}@e2e.test`, phone: `+9196${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}` },
    hindi: { name: 'Sunita Devi', email: `sunita.${stamp}@e2e.test`, phone: `+9195${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}` },
  };
  const password = 'Crypto#2024';

  beforeAll(async () => {
    // This file adds its own codes; any left by another file would change what is offered.
    const token = await adminToken();
    for (const c of await cryptoCodes()) await call('DELETE', `/api/v1/qrcodecrypto/delete-qr/${c._id}`, undefined, token);
    await registerVerified(players.english.name, players.english.email, players.english.phone, password);
    await registerVerified(players.hindi.name, players.hindi.email, players.hindi.phone, password);
    browser = await launch();
    admin = await newPage(browser, DESKTOP);
    english = await newPage(browser, PHONE);
    const context = await browser.newContext({ viewport: PHONE, baseURL: baseURL(), locale: 'hi-IN' });
    hindi = await context.newPage();
    hindi.on('pageerror', (e) => ((hindi as SessionPage).problems ??= []).push(e.message));
    for (const [page, email] of [
      [admin, E2E_ADMIN.email],
      [english, players.english.email],
      [hindi, players.hindi.email],
    ] as const) {
      await page.goto('/ranking');
      await signInBrowser(page, email, email === E2E_ADMIN.email ? E2E_ADMIN.password : password);
    }
    // The Hindi player picked Hindi on this phone.
    await hindi.evaluate(() => localStorage.setItem('lang', 'hi'));
  });

  afterAll(async () => {
    // Leave the run as it was: no crypto codes (other files expect crypto not to be offered).
    const token = await adminToken();
    for (const c of await cryptoCodes()) await call('DELETE', `/api/v1/qrcodecrypto/delete-qr/${c._id}`, undefined, token);
    await browser?.close();
  });

  it('lets the admin set the USDT rate and add a USDT code on TRC20 and one on ERC20, side by side (1280×800)', async () => {
    await admin.goto('/admin');
    await openSection(admin, 'QRCode Crypto');
    await admin.getByText('No crypto QR codes yet: players are not offered crypto.').waitFor();

    await admin.getByLabel('New rate (₹ for 1 USDT)').fill('85.50');
    await admin.getByRole('button', { name: 'Save rate' }).first().click();
    await admin.getByText('USDT rate saved').first().waitFor();
    await admin.getByText(/for 1 USDT · set \d{4}-\d{2}-\d{2} \d{2}:\d{2} [AP]M/).waitFor();

    for (const [network, address] of [
      ['TRC20', TRC20_ADDRESS],
      ['ERC20', ERC20_ADDRESS],
    ] as const) {
      await admin.locator('input[type="file"]').setInputFiles({ name: `usdt-${network}.png`, mimeType: 'image/png', buffer: QR_PNG });
      await admin.getByRole('img', { name: 'Preview of the chosen QR code' }).waitFor();
      await admin.getByRole('group', { name: 'Coin', exact: true }).getByRole('button', { name: 'USDT' }).click();
      await admin.getByRole('group', { name: 'Network', exact: true }).getByRole('button', { name: network }).click();
      await admin.getByLabel('Title', { exact: true }).fill(`Rupee Arcade USDT (${network})`);
      await admin.getByLabel(`${network} address`).fill(address);
      await admin.getByRole('button', { name: 'Save QR Code' }).click();
      await admin.getByText('QR Code uploaded successfully').first().waitFor();
      await admin.getByText(`USDT · ${network}`, { exact: true }).waitFor();
      await closeToasts(admin);
    }
    // Adding the second kept the first.
    expect(await admin.getByText('Offered to players').count()).toBe(2);
    expect((await cryptoCodes()).map((c) => `${c.coin}/${c.network}`)).toEqual(['usdt/trc20', 'usdt/erc20']);
    expect(await seriousViolations(admin)).toEqual([]);
    await picture(admin, 'crypto-admin-qrcode-crypto');
  });

  it('takes a USDT deposit on TRC20 on a phone in English, at the stated rate', async () => {
    await english.goto('/deposite');
    await english.getByRole('button', { name: 'Crypto', exact: true }).click();
    const pairs = english.getByRole('group', { name: 'Coin and network' }).getByRole('button');
    expect(await pairs.allTextContents()).toEqual(['USDT · TRC20', 'USDT · ERC20']);
    // Nothing chosen for the player: no address to send to until they pick the network.
    expect(await pairs.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-pressed')))).toEqual(['false', 'false']);
    expect(await english.getByTestId('target-network').count()).toBe(0);
    await picture(english, 'crypto-deposit-choose');

    await english.getByRole('button', { name: 'USDT · TRC20' }).click();
    expect(await english.getByTestId('target-network').textContent()).toBe('TRC20');
    await english.getByText(TRC20_ADDRESS).waitFor();
    await english.getByRole('button', { name: '₹1,000' }).click();
    expect(await english.getByTestId('coin-to-send').textContent()).toBe('11.695907 USDT');
    await english.getByText(/^Rate: ₹85\.50 for 1 USDT, set \d{4}-\d{2}-\d{2} \d{2}:\d{2} [AP]M$/).waitFor();
    // The network is drawn large, beside the address.
    const [networkBox, addressBox] = await Promise.all([
      english.getByTestId('target-network').boundingBox(),
      english.locator('.wallet-target__value').boundingBox(),
    ]);
    expect(networkBox!.x + networkBox!.width).toBeLessThanOrEqual(addressBox!.x);
    expect(await english.getByTestId('target-network').evaluate((el) => parseFloat(getComputedStyle(el).fontSize))).toBeGreaterThanOrEqual(24);
    const hash = `0x${'ab12'.repeat(16)}`;
    await english.getByLabel('Transaction Hash').fill(hash);
    expect(await seriousViolations(english)).toEqual([]);
    expect(await overflow(english)).toEqual([]);
    await picture(english, 'crypto-deposit-en');

    await english.getByRole('button', { name: 'Submit Deposit' }).click();
    const dialog = english.getByRole('dialog', { name: 'Deposit Submitted' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();

    // What was offered is what the request records.
    const list = await call<{ data: { deposit: { amount: number; details: Record<string, unknown> }[] } }>(
      'GET',
      '/api/v1/wallet/history/deposit?method=crypto',
      undefined,
      await adminToken(),
    );
    expect(list.data.deposit.find((d) => d.details.payNumber === hash)).toMatchObject({
      amount: 1000,
      details: { cryptoType: 'usdt', network: 'trc20', coinAmount: '11.695907', rate: 85.5, address: TRC20_ADDRESS },
    });
  });

  it('takes a USDT deposit on ERC20 given in coin, on a phone in Hindi', async () => {
    await hindi.goto('/deposite');
    await hindi.getByRole('button', { name: 'क्रिप्टो', exact: true }).click();
    await hindi.getByRole('group', { name: 'कॉइन और नेटवर्क' }).waitFor();
    expect(await hindi.evaluate(() => document.documentElement.lang)).toBe('hi');
    await hindi.getByRole('button', { name: 'USDT · ERC20' }).click();
    expect(await hindi.getByTestId('target-network').textContent()).toBe('ERC20');
    await hindi.getByRole('group', { name: 'राशि किसमें डालें' }).getByRole('button', { name: 'USDT' }).click();
    await hindi.getByLabel('राशि (USDT)').fill('10');
    expect(await hindi.getByTestId('rupees-credited').textContent()).toBe('₹855.00');
    await hindi.getByText(/^दर: 1 USDT = ₹85\.50, .* को तय$/).waitFor();
    await hindi.getByText('इस पते पर सिर्फ़ ERC20 नेटवर्क पर USDT भेजें। किसी दूसरे नेटवर्क पर भेजे गए कॉइन खो जाते हैं।').waitFor();
    await hindi.getByLabel('ट्रांज़ैक्शन हैश').fill(`0x${'cd34'.repeat(16)}`);
    expect(await seriousViolations(hindi)).toEqual([]);
    expect(await overflow(hindi)).toEqual([]);
    await picture(hindi, 'crypto-deposit-hi');

    await hindi.getByRole('button', { name: 'जमा का अनुरोध भेजें' }).click();
    await hindi.getByRole('dialog', { name: 'जमा का अनुरोध भेजा गया' }).waitFor();
  });

  it('raised no page errors', () => {
    expect([...(admin.problems ?? []), ...(english.problems ?? []), ...((hindi as SessionPage).problems ?? [])]).toEqual([]);
  });
});
