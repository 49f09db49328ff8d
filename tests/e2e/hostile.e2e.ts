import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { call, fundedPlayer, type Player } from './api';
import { launch, newPage, openSection, shot, signInBrowser } from './browser';
import { E2E_ADMIN } from './global-setup';

// Markup a player can store (remarks, Telegram ids, withdrawal details) that would run if a
// screen ever put it into the page as HTML. Each sets window.__xss when it runs.
const MARKUP = ['<img src=x onerror="window.__xss=1">', '<script>window.__xss=2</script>', '"><svg onload="window.__xss=3">'];

describe('hostile text a player stored, on the back-office screens', () => {
  let browser: Browser;
  let player: Player;
  const stored: string[] = [];

  beforeAll(async () => {
    browser = await launch();
    player = await fundedPlayer('markup', 'Markup Player');
    const tryStore = async (what: string, body: unknown, path = '/api/v1/wallet/deposit') => {
      try {
        await call('POST', path, body, player.token);
        stored.push(what);
      } catch {
        // Refused by validation: that value cannot reach a screen at all.
      }
    };
    await tryStore('UPI deposit remarks', {
      userId: player.userId,
      amount: 200,
      method: 'UPI',
      details: { payNumber: `XSS${Date.now()}` },
      remarks: MARKUP.join(' '),
    });
    await tryStore('Telegram id and remarks', {
      userId: player.userId,
      method: 'Telegram',
      details: { payNumber: `TGX${Date.now()}`, telegramID: MARKUP[0], phoneNumber: '+919812300000', gameName: 'chicken' },
      remarks: MARKUP[1],
    });
    await tryStore(
      'withdrawal details and remarks',
      {
        amount: 150,
        method: 'UPI',
        details: {
          email: 'markup@e2e.test',
          phone: '+919876543210',
          firstName: 'Markup',
          lastName: 'Player',
          accountNumber: '998877665544',
          ifsc: 'HDFC0001234',
          upiId: MARKUP[2],
        },
        remarks: MARKUP.join(' '),
      },
      '/api/v1/wallet/withraw',
    );
  });
  afterAll(() => browser?.close());

  it('shows it as text and never runs it', async () => {
    expect(stored.length, 'at least one field accepts free text, so the screens are really tested').toBeGreaterThan(0);
    const page = await newPage(browser);
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await signInBrowser(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto('/admin');
    let seen = 0;
    for (const section of ['Deposite', 'Telegram Deposite', 'Withdrawals', 'All Users', 'Audit Log', 'Transaction']) {
      await openSection(page, section);
      // Newest first, and other tests add requests meanwhile: look through a few pages.
      for (let pageNo = 1; pageNo <= 8; pageNo++) {
        // The list is loaded once no loading state is left.
        await page.waitForTimeout(200);
        await page.locator('.state--loading').first().waitFor({ state: 'detached' });
        // Open every request's details, where the player's own text is.
        for (const summary of await page.locator('details.admin-details > summary').all()) await summary.click();
        await page.waitForTimeout(300);
        const here = await page
          .getByText(/<img src=x|<script>window|<svg onload/)
          .filter({ visible: true })
          .count();
        expect(await page.locator('img[src="x"], svg[onload]').count(), `${section}: stored markup became elements`).toBe(0);
        if (here) {
          await shot(page, `hostile-${section.toLowerCase().replace(/ /g, '-')}`);
          seen += here;
          break;
        }
        const next = page.getByRole('button', { name: 'Next' });
        if (!(await next.isVisible()) || (await next.isDisabled())) break;
        await next.click();
      }
      expect(await page.evaluate(() => (window as { __xss?: number }).__xss), `${section}: stored markup ran`).toBeUndefined();
      expect(await page.locator('img[src="x"], svg[onload]').count(), `${section}: stored markup became elements`).toBe(0);
    }
    expect(seen, `the stored text (${stored.join(', ')}) is on some screen, as text`).toBeGreaterThan(0);
    expect(dialogs).toEqual([]);
    expect((page as Page & { problems: string[] }).problems).toEqual([]);
  });

  it("the player's own screens show it as text too", async () => {
    const page = await newPage(browser);
    await signInBrowser(page, player.email, player.password);
    for (const path of ['/transactions', '/telegram-subscription/chicken']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => (window as { __xss?: number }).__xss), `${path}: stored markup ran`).toBeUndefined();
      expect(await page.locator('img[src="x"], svg[onload]').count(), path).toBe(0);
    }
  });
});
