import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { call, fundedPlayer, type Player } from './api';
import { baseURL, launch, newPage, shot, signInBrowser } from './browser';
import { E2E_ADMIN } from './global-setup';

/**
 * Screens that do what they say, in English and in Hindi at 390×844: a closed board says why and
 * until when, a closed subscription says so, a result says what was paid and won in the words of
 * All Bets, the header hides what scrolls under it, and each game has one name.
 */

/** The page again in Hindi, as the language switch leaves it (the choice is kept in local storage). */
async function inHindi(page: Page): Promise<void> {
  await page.evaluate(() => localStorage.setItem('lang', 'hi'));
  await page.reload();
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('hi');
}

async function inEnglish(page: Page): Promise<void> {
  await page.evaluate(() => localStorage.setItem('lang', 'en'));
  await page.reload();
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
}

const adminToken = async () =>
  ((await call('POST', '/api/v1/users/login', { email: E2E_ADMIN.email, password: E2E_ADMIN.password })).data as { accessToken: string }).accessToken;

describe('screens that do what they say', () => {
  let browser: Browser;
  let page: Page & { problems?: string[] };
  let player: Player;

  beforeAll(async () => {
    player = await fundedPlayer('screens', 'Lata Menon');
    browser = await launch();
    page = await newPage(browser);
    await signInBrowser(page, player.email, player.password);
    await page.evaluate(() => localStorage.setItem('chickenRoadMuted', '1'));
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('names each game once, Chicken Road and Colour Prediction, and the money button says Deposit', async () => {
    await page.goto('/');
    await page.getByRole('heading', { name: 'Chicken Road' }).waitFor();
    await page.getByRole('heading', { name: 'Colour Prediction' }).waitFor();
    await page.getByRole('link', { name: 'Deposit', exact: true }).waitFor();
    expect(await page.getByText(/Deposite|Chicken Escape|Colou?r Game|Wingo/i).count()).toBe(0);
    await page.getByRole('button', { name: /^Open menu/ }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.getByRole('link', { name: 'Chicken Road' }).waitFor();
    await menu.getByRole('link', { name: 'Colour Prediction' }).waitFor();
    expect(await menu.getByText(/Chicken Escape|Colou?r Game/i).count()).toBe(0);
    await page.keyboard.press('Escape');
    await shot(page, 'screens-home-names');
    await inHindi(page);
    await page.getByRole('heading', { name: 'Chicken Road' }).waitFor();
    await page.getByRole('heading', { name: 'Colour Prediction' }).waitFor();
    await shot(page, 'screens-home-names-hi');
    await inEnglish(page);
  });

  it('keeps the header opaque over content scrolled under it', async () => {
    await page.goto('/');
    await page.getByRole('heading', { name: 'Chicken Road' }).waitFor();
    await page.evaluate(() => window.scrollTo(0, 300));
    const header = page.locator('header.layout-header');
    const look = await header.evaluate((el) => {
      const style = getComputedStyle(el);
      return { background: style.backgroundColor, filter: style.backdropFilter };
    });
    // rgb(…) is opaque; rgba(…, a < 1) would let the cards show through.
    expect(look.background).toMatch(/^rgb\(/);
    expect(look.filter).toBe('none');
    // The header is drawn over what scrolled under it: the element at its middle is the header's own.
    const onTop = await page.evaluate(() => {
      const box = document.querySelector('header.layout-header')!.getBoundingClientRect();
      const el = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return Boolean(el?.closest('header.layout-header'));
    });
    expect(onTop).toBe(true);
    await page.screenshot({ path: 'screenshots/e2e/screens-header-scrolled-390x844.png' });
    await inHindi(page);
    await page.evaluate(() => window.scrollTo(0, 300));
    await page.waitForTimeout(200);
    await page.screenshot({ path: 'screenshots/e2e/screens-header-scrolled-hi-390x844.png' });
    await inEnglish(page);
  });

  it('says a Chicken Road win as All Bets does: Paid ₹x (+₹y)', async () => {
    await page.goto('/chicken-road');
    await page.getByRole('button', { name: 'Difficulty Easy' }).click();
    await page.getByLabel('Auto Cashout').fill('');
    await page.getByLabel('Bet Amount').fill('20');
    let won = false;
    for (let round = 0; round < 12 && !won; round++) {
      await page.getByRole('button', { name: /^Start Game/ }).click();
      await page.getByRole('button', { name: /^Go/ }).click();
      await expect
        .poll(async () => (await page.getByRole('dialog').isVisible()) || (await page.getByRole('button', { name: /^Cash Out/, disabled: false }).count()) > 0)
        .toBe(true);
      if (!(await page.getByRole('dialog').isVisible())) {
        await page.getByRole('button', { name: /^Cash Out/ }).click();
        won = true;
      }
      await page.getByRole('dialog').waitFor();
      if (!won) {
        await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).click();
        await page.getByRole('button', { name: /^Start Game/ }).waitFor();
      }
    }
    expect(won).toBe(true);
    const dialog = page.getByRole('dialog', { name: 'Congratulations!' });
    const said = (await dialog.getByTestId('result-amount').textContent()) ?? '';
    const [, paid, net] = /^Paid (₹[\d,]+\.\d\d) \((\+₹[\d,]+\.\d\d)\)$/.exec(said) ?? [];
    expect(paid, said).toBeDefined();
    await page.waitForTimeout(600);
    await shot(page, 'screens-chicken-win');
    // The same two amounts in the same words on All Bets.
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await page.goto('/bets');
    const row = page.getByRole('row').nth(1);
    await row.getByText(net, { exact: true }).waitFor();
    await row.getByText(`Paid ${paid}`, { exact: true }).waitFor();
  });

  it('says the Chicken Road win in Hindi with the same amounts', async () => {
    await page.goto('/chicken-road');
    await inHindi(page);
    await page.getByRole('button', { name: 'कठिनाई: आसान' }).click();
    await page.getByLabel('ऑटो कैश आउट').fill('');
    let won = false;
    for (let round = 0; round < 12 && !won; round++) {
      await page.getByRole('button', { name: /के दांव से गेम शुरू करें$/ }).click();
      await page.getByRole('button', { name: /^आगे/ }).click();
      await expect
        .poll(
          async () =>
            (await page.getByRole('dialog').isVisible()) || (await page.getByRole('button', { name: /कैश आउट करें \(C\)$/, disabled: false }).count()) > 0,
        )
        .toBe(true);
      if (!(await page.getByRole('dialog').isVisible())) {
        await page.getByRole('button', { name: /कैश आउट करें \(C\)$/ }).click();
        won = true;
      }
      await page.getByRole('dialog').waitFor();
      if (!won) {
        await page.getByRole('dialog').getByRole('button', { name: 'बंद करें', exact: true }).click();
        await page.getByRole('button', { name: /के दांव से गेम शुरू करें$/ }).waitFor();
      }
    }
    expect(won).toBe(true);
    expect(await page.getByRole('dialog').getByTestId('result-amount').textContent()).toMatch(/^₹[\d,]+\.\d\d मिले \(\+₹[\d,]+\.\d\d\)$/);
    await page.waitForTimeout(600);
    await shot(page, 'screens-chicken-win-hi');
    await page.getByRole('dialog').getByRole('button', { name: 'बंद करें', exact: true }).click();
    await inEnglish(page);
  });

  it('without a subscription price says the Telegram subscription is closed, with no form and no QR code', async () => {
    const root = await adminToken();
    const prices = await call<{ _id: string; amount: number }[]>('GET', '/api/v1/telegram-amount');
    for (const p of prices) await call('DELETE', `/api/v1/telegram-amount/${p._id}`, undefined, root);
    try {
      await page.goto('/telegram-subscription/chicken');
      await page.getByText('Subscriptions are closed for now').waitFor();
      await page.getByText('No subscription price has been set yet, so there is nothing to pay. Please check back later.').waitFor();
      expect(await page.getByLabel('Transaction ID').count()).toBe(0);
      expect(await page.getByRole('img').count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Submit Deposit' }).count()).toBe(0);
      await shot(page, 'screens-telegram-closed');
      await inHindi(page);
      await page.getByText('सदस्यता अभी बंद है').waitFor();
      expect(await page.getByRole('img').count()).toBe(0);
      await shot(page, 'screens-telegram-closed-hi');
      await inEnglish(page);
    } finally {
      for (const p of prices.slice(0, 1)) await call('POST', '/api/v1/telegram-amount', { amount: p.amount }, root);
    }
  });

  it('during a time-out closes the colour board and sheet with the reason and until when, and keeps the results', async () => {
    const who = await fundedPlayer('colourbreak', 'Anil Kapoor');
    const res = await fetch(`${baseURL()}/api/v1/responsible/exclusion`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${who.token}`, 'Idempotency-Key': randomUUID() },
      body: JSON.stringify({ kind: 'timeout', days: 1 }),
    });
    expect(res.status).toBeLessThan(300);
    const onBreak = await newPage(browser);
    await signInBrowser(onBreak, who.email, who.password);
    await onBreak.goto('/color');
    const board = onBreak.getByRole('region', { name: 'Place a bet' });
    await board.waitFor({ timeout: 45_000 });
    await board.getByText(/^You are on a time-out until \d{4}-\d\d-\d\d \d\d:\d\d [AP]M: no bet can be placed until then\.$/).waitFor();
    for (const name of ['Green', 'Violet', 'Red', 'Number 0', 'Number 9']) expect(await board.getByRole('button', { name }).isDisabled(), name).toBe(true);
    expect(await board.getByRole('button', { name: /^Big/ }).isDisabled()).toBe(true);
    expect(await onBreak.getByRole('dialog').count()).toBe(0);
    // The results stay: history, trend and the player's own bets.
    await onBreak.getByRole('tab', { name: 'History' }).waitFor();
    await onBreak.getByRole('tab', { name: 'Trend' }).click();
    await onBreak.getByRole('tab', { name: 'Trend', selected: true }).waitFor();
    await onBreak.getByRole('tab', { name: 'History' }).click();
    await shot(onBreak, 'screens-colour-timeout');
    await inHindi(onBreak);
    await onBreak.getByText(/तक आप ब्रेक पर हैं: तब तक कोई दांव नहीं लगाया जा सकता।/).waitFor({ timeout: 45_000 });
    await shot(onBreak, 'screens-colour-timeout-hi');
    expect((onBreak as Page & { problems?: string[] }).problems).toEqual([]);
    await onBreak.context().close();
    expect(page.problems).toEqual([]);
  });
});
