import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { call, fundedPlayer, type Player } from './api';
import { launch, newPage, shot, signInBrowser } from './browser';
import { formatBalance } from '../../contracts/amounts';

// The balance chip's own words (paise shown, "≈" when it rounds).
const rupees = (n: number) => formatBalance(Math.round(n * 100) / 100);

describe('Chicken Road in the browser', () => {
  let browser: Browser;
  let page: Page & { problems?: string[] };
  let player: Player;
  const balance = async () => (await call('GET', `/api/v1/users/balance/${player.userId}`, undefined, player.token)).balance as number;
  const shownBalance = () => page.getByTestId('balance').textContent();
  const goButton = () => page.getByRole('button', { name: /^Go/ });
  const startButton = () => page.getByRole('button', { name: /^Start Game/ });
  const dialog = () => page.getByRole('dialog');

  /** Starts a round with the given difficulty and no auto cash-out. */
  async function start(difficulty: 'Easy' | 'Hardest') {
    await page.getByRole('button', { name: `Difficulty ${difficulty}` }).click();
    await page.getByLabel('Auto Cashout').fill('');
    await startButton().click();
    await goButton().waitFor();
  }

  /** One step; answers whether the chicken is still on the road. */
  async function step(): Promise<boolean> {
    const lane = await page.getByTestId('current-multiplier').textContent();
    await page.locator('body').press('Space');
    await expect
      .poll(async () => (await page.getByText('New Game').isVisible()) || (await page.getByTestId('current-multiplier').textContent()) !== lane)
      .toBe(true);
    return goButton().isVisible();
  }

  async function closeResult() {
    await dialog().waitFor();
    await dialog().getByRole('button', { name: 'Close', exact: true }).click();
    await startButton().waitFor();
  }

  beforeAll(async () => {
    player = await fundedPlayer('chicken', 'Ravi Kumar');
    browser = await launch();
    page = await newPage(browser);
    await page.goto('/');
    await signInBrowser(page, player.email, player.password);
    await page.evaluate(() => localStorage.setItem('chickenRoadMuted', '1'));
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows the idle road with the player balance', async () => {
    expect(await balance()).toBe(1000);
    await page.goto('/chicken-road');
    await startButton().waitFor();
    await expect.poll(shownBalance).toBe('₹1,000');
    expect(await page.getByLabel('Bet Amount').inputValue()).toBe('10');
    expect(await page.getByLabel('Auto Cashout').inputValue()).toBe('2');
    expect(await page.getByRole('listitem', { name: /^Lane 1: 1\.02x/ }).isVisible()).toBe(true);
    await page.waitForTimeout(400);
    await shot(page, 'chicken-idle');
  });

  it('plays a round and cashes out with C: the win is paid and shown', async () => {
    // Easy hides one trap in 25 cells: the first lane is safe 24 times in 25, so retry a lost start.
    for (let attempt = 0; ; attempt++) {
      expect(attempt).toBeLessThan(6);
      const before = await balance();
      await start('Easy');
      await expect.poll(shownBalance).toBe(rupees(before - 10));
      expect(await page.getByLabel('Bet Amount').isDisabled()).toBe(true);
      if (await step()) break;
      await closeResult();
    }
    await page.waitForTimeout(400);
    await shot(page, 'chicken-playing');
    const before = await balance();
    expect(await page.getByTestId('current-multiplier').textContent()).toBe('1.02x');
    await page.locator('body').press('c');
    await page.getByText('New Game').waitFor();
    await page.waitForTimeout(300);
    await shot(page, 'chicken-cashout');
    await dialog().waitFor();
    expect(await dialog().getByRole('heading').textContent()).toBe('Congratulations!');
    expect(await dialog().textContent()).toContain('₹10.20');
    expect(await balance()).toBeCloseTo(before + 10.2, 2);
    await expect.poll(shownBalance).toBe(rupees(before + 10.2));
    await page.waitForTimeout(500);
    await shot(page, 'chicken-won');
    await dialog().getByRole('button', { name: 'Play Again' }).click();
    await startButton().waitFor();
  });

  it('loses on Hardest: the trap burns, Game Over shows and the bet is gone', async () => {
    const before = await balance();
    await start('Hardest');
    for (let i = 0; i < 15 && (await step()); i++);
    await page.waitForTimeout(450);
    await shot(page, 'chicken-trap');
    await dialog().waitFor();
    expect(await dialog().getByRole('heading').textContent()).toBe('Game Over!');
    expect(await dialog().textContent()).toContain('You Lost₹10.00');
    expect(await balance()).toBe(before - 10);
    await expect.poll(shownBalance).toBe(rupees(before - 10));
    expect(await page.getByRole('listitem', { name: /, trap$/ }).count()).toBeGreaterThan(0);
    await page.waitForTimeout(500);
    await shot(page, 'chicken-lost');
    await closeResult();
    await page.getByRole('button', { name: 'Difficulty Easy' }).click();
  });

  it('resumes an open round after a reload', async () => {
    for (let attempt = 0; ; attempt++) {
      expect(attempt).toBeLessThan(6);
      await start('Easy');
      if (await step()) break;
      await closeResult();
    }
    const lane = await page.getByTestId('current-multiplier').textContent();
    await page.reload();
    await goButton().waitFor();
    expect(await page.getByTestId('current-multiplier').textContent()).toBe(lane);
    expect(await page.getByLabel('Bet Amount').isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Difficulty Easy' }).getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: /^Cash Out/ }).click();
    await closeResult();
  });

  it('opens the fairness panel and verifies a round after rotating the seed pair', async () => {
    await page.getByRole('button', { name: 'Provably fair' }).click();
    const panel = page.getByRole('dialog');
    await panel.getByTestId('server-seed-hash').waitFor();
    const hash = await panel.getByTestId('server-seed-hash').textContent();
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    await page.waitForTimeout(300);
    await shot(page, 'chicken-fairness');
    await panel.getByRole('button', { name: 'Rotate seed pair' }).click();
    await panel.getByTestId('previous-server-seed').waitFor();
    expect(await panel.getByTestId('server-seed-hash').textContent()).not.toBe(hash);
    await panel.getByRole('button', { name: 'Close', exact: true }).click();

    await page.goto('/bets');
    await page.getByRole('table').waitFor();
    await page
      .getByRole('link', { name: /^Verify/ })
      .first()
      .click();
    await page.getByTestId('hash-check').waitFor();
    expect(await page.getByTestId('hash-check').textContent()).toContain('matches the recorded hash');
    expect(await page.getByTestId('traps-check').textContent()).toContain('are the ones the round used');
    await shot(page, 'chicken-verify');
    expect(page.problems ?? []).toEqual([]);
  });
});
