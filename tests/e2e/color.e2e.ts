import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { fundedPlayer, type Player } from './api';
import { DESKTOP, launch, newPage, openSection, shot, signInBrowser } from './browser';
import { E2E_ADMIN } from './global-setup';

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
    await page.getByRole('button', { name: 'Green' }).click();
    const sheet = page.getByRole('dialog', { name: 'Bet on Green' });
    // The period the bet is for is the one its sheet names (the board may have moved on meanwhile).
    const period = /Period (\d{12})/.exec((await sheet.textContent()) ?? '')?.[1];
    expect(period).toBeDefined();
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
            .getByText(/^(Paid ₹98\.00 \(\+₹48\.00\)|Paid ₹73\.50 \(\+₹23\.50\)|Lost)/)
            .first()
            .isVisible(),
        { timeout: 10_000 },
      )
      .toBe(true);
    await shot(page, 'colour-my-bets');

    // The verified period, step by step, against its own chain's commitment, on the fairness screen.
    await page.getByRole('tab', { name: 'History' }).click();
    await page.getByRole('button', { name: `Verify period ${period}` }).click();
    await page.getByRole('link', { name: `Verified ✓: see the check of period ${period} step by step` }).click();
    await page.getByText(`Period ${period}: Verified ✓`).waitFor({ timeout: 20_000 });
    await page.getByText(/Hashed \d+ times?, it gives the chain’s published hash ✓/).waitFor();
    await shot(page, 'colour-period-check');
    // Without COLOR_SALT_BLOCK the server drew the salt, and the commitment says so plainly.
    const commitments = page.getByRole('region', { name: 'Commitments' });
    await commitments.getByText('Salt drawn by the operator: not independently verifiable.').waitFor();
    await commitments.scrollIntoViewIfNeeded();
    await shot(page, 'colour-commitments');
    expect(page.problems).toEqual([]);
  });

  it('lets an admin of page games publish the next chain, committed to a future block, and asks for its hash', async () => {
    const admin = await newPage(browser, DESKTOP);
    await admin.goto('/ranking');
    await signInBrowser(admin, E2E_ADMIN.email, E2E_ADMIN.password);
    await admin.goto('/admin');
    await openSection(admin, 'Colour Fairness');
    await admin.getByLabel('Block height').fill('999999');
    await admin.getByRole('button', { name: 'Publish Next Chain' }).click();
    await admin.getByText(/^Chain \d+ published, committed to block 999999\.$/).waitFor({ timeout: 20_000 });
    await admin.getByLabel('Hash of block 999999').waitFor();
    await admin.getByLabel('Hash of block 999999').fill('not-a-hash');
    await admin.getByRole('button', { name: 'Enter Salt' }).click();
    await admin.getByText('Paste the block hash as block explorers show it: 64 characters starting with zeros').waitFor();
    await shot(admin, 'admin-colour-fairness');
    // The players' list shows the new chain waiting for its salt.
    await page.goto('/color/fairness');
    await page.getByText('Waiting for the hash of Bitcoin block 999999: periods start once it is entered.').waitFor();
    expect((admin as Page & { problems?: string[] }).problems).toEqual([]);
    await admin.close();
  });
});
