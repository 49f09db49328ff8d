import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { fundedPlayer, type Player } from './api';
import { launch, newPage, shot, signInBrowser } from './browser';

describe('the colour game in the browser', () => {
  let browser: Browser;
  let page: Page & { problems?: string[] };
  let player: Player;

  beforeAll(async () => {
    player = await fundedPlayer('colour', 'Kiran Das');
    browser = await launch();
    page = await newPage(browser);
    await page.goto('/');
    await signInBrowser(page, player.email, player.password);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('bets on a colour, sees the period end over the socket, and verifies the result in the browser', async () => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Colour Prediction' }).click();
    await page.getByRole('region', { name: 'Current period' }).getByText('Live', { exact: true }).waitFor();
    // Wait for a period with time to bet in it (bets close 5 s before the end of each 10 s period).
    await expect
      .poll(
        async () =>
          (await page.getByRole('button', { name: 'Green' }).isEnabled()) &&
          Number((await page.getByRole('timer').getAttribute('aria-label'))?.split(' ')[0]) >= 7,
        { timeout: 15_000 },
      )
      .toBe(true);
    const period = await page.getByTestId('period').textContent();
    await page.getByRole('button', { name: 'Green' }).click();
    const sheet = page.getByRole('dialog', { name: 'Bet on Green' });
    await sheet.getByRole('button', { name: '₹50', exact: true }).click();
    await shot(page, 'colour-bet');
    await sheet.getByRole('button', { name: 'Bet ₹50.00' }).click();
    await page.getByText(`Bet placed: ₹50.00 on Green, period ${period}.`).waitFor();
    await shot(page, 'colour-betting');
    // The period ends: its result arrives and the history lists it.
    // (A new server's first period starts one to two periods after it: up to 30 s here.)
    await page.getByRole('cell', { name: period!, exact: true }).waitFor({ timeout: 45_000 });
    await page.getByRole('button', { name: `Verify period ${period}` }).click();
    await page.getByText('Verified ✓').waitFor({ timeout: 20_000 });
    await shot(page, 'colour-result');
    await page.getByRole('tab', { name: 'Trend' }).click();
    await page.getByRole('table', { name: 'Numbers of the last periods' }).waitFor();
    await shot(page, 'colour-trend');
    await page.getByRole('tab', { name: 'My bets' }).click();
    await expect
      .poll(
        () =>
          page
            .getByText(/^(Won ₹98\.00|Won ₹73\.50|Lost)/)
            .first()
            .isVisible(),
        { timeout: 10_000 },
      )
      .toBe(true);
    await shot(page, 'colour-my-bets');
    expect(page.problems).toEqual([]);
  });
});
