import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { fundedPlayer, type Player } from './api';
import { launch, newPage, shot, signInBrowser } from './browser';

describe('responsible play in the browser', () => {
  let browser: Browser;
  let page: Page & { problems?: string[] };
  let player: Player;
  const goButton = () => page.getByRole('button', { name: /^Go/ });
  const startButton = () => page.getByRole('button', { name: /^Start Game/ });

  beforeAll(async () => {
    player = await fundedPlayer('limits', 'Meera Shah');
    browser = await launch();
    page = await newPage(browser);
    await page.goto('/');
    await signInBrowser(page, player.email, player.password);
    await page.evaluate(() => localStorage.setItem('chickenRoadMuted', '1'));
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('sets a daily loss limit, loses up to it, and the next bet is refused with the limit named', async () => {
    await page.goto('/profile');
    await page.getByRole('link', { name: 'Responsible play' }).click();
    const loss = page.getByRole('region', { name: 'Loss limit' });
    await loss.getByLabel('Per day (₹)').fill('10');
    await loss.getByRole('button', { name: 'Save loss limit' }).click();
    await page.getByText(/^Limits saved/).waitFor();
    await expect.poll(() => loss.getByText(/^Used ₹0.00 of ₹10.00; resets/).isVisible()).toBe(true);
    await shot(page, 'responsible-play');

    await page.goto('/chicken-road');
    await page.getByRole('button', { name: 'Difficulty Hardest' }).click();
    await page.getByLabel('Auto Cashout').fill('');
    await page.getByLabel('Bet Amount').fill('10');
    // Walk each ₹10 round on Hardest until a trap: then ₹10 is lost, the whole daily limit.
    let refused = false;
    for (let round = 0; round < 20 && !refused; round++) {
      await startButton().click();
      const outcome = await Promise.race([
        goButton()
          .waitFor()
          .then(() => 'playing' as const),
        page
          .getByText(/would go over your daily loss limit/)
          .waitFor()
          .then(() => 'refused' as const),
      ]);
      if (outcome === 'refused') {
        refused = true;
        break;
      }
      while (await goButton().isVisible()) {
        await goButton().click();
        // The step has ended when Cash Out can be pressed again (Go stays enabled while the step is
        // asked for) or the result shows. Counted, never waited for: the trap takes the buttons away.
        await expect
          .poll(
            async () => (await page.getByRole('dialog').isVisible()) || (await page.getByRole('button', { name: /^Cash Out/, disabled: false }).count()) > 0,
          )
          .toBe(true);
      }
      await page.getByRole('dialog').waitFor();
      await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).click();
      await startButton().waitFor();
    }
    expect(refused).toBe(true);
    expect(
      await page
        .getByText(/^This bet would go over your daily loss limit of ₹10: ₹0 left until it resets on \d{4}-\d\d-\d\d 12:00 AM \(India time\)\.$/)
        .isVisible(),
    ).toBe(true);
    await page.waitForTimeout(600);
    await shot(page, 'loss-limit-refused');
    expect(page.problems).toEqual([]);
  });

  it('shows the reality check once the chosen time has passed, with Continue and Stop', async () => {
    await page.evaluate((id) => sessionStorage.setItem(`playSession:${id}`, String(Date.now() - 61 * 60_000)), player.userId);
    await page.goto('/');
    const dialog = page.getByRole('dialog', { name: 'Reality check' });
    await dialog.waitFor();
    await dialog.getByText('You have been playing for 1 h 1 min.').waitFor();
    await dialog.getByText('Net result').waitFor();
    await shot(page, 'reality-check');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('shows the Safer play page with the 18+ notice and the help organisations', async () => {
    await page.goto('/');
    await page.locator('footer').getByRole('link', { name: 'Safer play' }).click();
    await page.getByRole('heading', { name: 'Safer play' }).waitFor();
    // The page's own text follows its heading once the site knows there is no operator text.
    await page.getByText(/^You must be 18 or older to play\./).waitFor();
    expect(await page.getByRole('link', { name: 'Gambling Therapy' }).getAttribute('href')).toMatch(/^https:\/\//);
    await shot(page, 'safer-play');
  });
});

describe('the demo game in the browser', () => {
  let browser: Browser;
  let page: Page & { problems?: string[] };

  beforeAll(async () => {
    browser = await launch();
    page = await newPage(browser);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('plays a demo round signed out, on play money', async () => {
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('chickenRoadMuted', '1'));
    await page.getByRole('link', { name: 'Play the demo' }).click();
    await page.getByRole('heading', { name: 'Chicken Road Demo' }).waitFor();
    await expect.poll(() => page.getByTestId('balance').textContent()).toBe('Play₹10,000');
    await page.getByRole('button', { name: /^Start Game/ }).click();
    await page.getByRole('button', { name: /^Go/ }).waitFor();
    await expect.poll(() => page.getByTestId('balance').textContent()).toBe('Play₹9,990');
    await page.getByRole('button', { name: /^Go/ }).click();
    await shot(page, 'demo-playing');
    // One step, then cash out if still on the road: either way the round ends and the result shows.
    const cashOut = page.getByRole('button', { name: /^Cash Out/ });
    await expect
      .poll(async () => (await page.getByRole('dialog').isVisible()) || (await page.getByRole('button', { name: /^Cash Out/, disabled: false }).count()) > 0)
      .toBe(true);
    if (!(await page.getByRole('dialog').isVisible())) await cashOut.click();
    await page.getByRole('dialog').waitFor();
    await shot(page, 'demo-result');
    await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).click();
    expect(await page.getByRole('link', { name: 'Register to play' }).isVisible()).toBe(true);
    expect(page.problems).toEqual([]);
  });
});
