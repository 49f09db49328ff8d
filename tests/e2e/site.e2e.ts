import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, launch, newPage, openSection, shot, signInBrowser } from './browser';
import { E2E_ADMIN } from './global-setup';

/** Opens a back-office section from the side tabs (desktop). */
describe('site settings from the back office reach the players', () => {
  let browser: Browser;
  let admin: Page;
  let visitor: Page;

  beforeAll(async () => {
    browser = await launch();
    admin = await newPage(browser, DESKTOP);
    await admin.goto('/ranking');
    await signInBrowser(admin, E2E_ADMIN.email, E2E_ADMIN.password);
    visitor = await newPage(browser);
  });
  afterAll(async () => {
    // Leave the site as the other suites expect it: no notification dialog in their way.
    await admin?.request.delete('/api/v1/notification');
    await browser?.close();
  });

  it('shows a saved notification once, and a new one again within the hour', async () => {
    await admin.goto('/admin');
    await openSection(admin, 'Notification');
    const box = admin.getByLabel('Message', { exact: true });
    await box.fill('Diwali bonus tonight!');
    await admin.getByRole('button', { name: 'Save Message' }).click();
    await admin.getByText('Message saved successfully').waitFor();

    await visitor.goto('/');
    const dialog = visitor.getByRole('dialog', { name: 'Notification' });
    await dialog.getByText('Diwali bonus tonight!').waitFor();
    await shot(visitor, 'home-notification');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await visitor.reload();
    await visitor.getByRole('heading', { name: 'Chicken Road' }).waitFor();
    await visitor.waitForTimeout(500);
    expect(await visitor.getByRole('dialog', { name: 'Notification' }).count()).toBe(0);

    await box.fill('New: the spinner is live!');
    await admin.getByRole('button', { name: 'Save Message' }).click();
    await admin.getByText('Message saved successfully').first().waitFor();
    await visitor.reload();
    await visitor.getByRole('dialog', { name: 'Notification' }).getByText('New: the spinner is live!').waitFor();
  });

  it('takes a hidden game off the home screen and brings it back', async () => {
    await openSection(admin, 'Games');
    await admin.getByRole('button', { name: 'Disable Chicken Road' }).click();
    await admin.getByRole('button', { name: 'Enable Chicken Road' }).waitFor();
    await visitor.goto('/');
    await visitor.getByRole('dialog', { name: 'Notification' }).getByRole('button', { name: 'OK' }).click();
    await visitor.waitForTimeout(500);
    expect(await visitor.getByRole('heading', { name: 'Chicken Road' }).count()).toBe(0);
    await shot(visitor, 'home-game-hidden');

    await admin.getByRole('button', { name: 'Enable Chicken Road' }).click();
    await admin.getByRole('button', { name: 'Disable Chicken Road' }).waitFor();
    await visitor.reload();
    await visitor.getByRole('heading', { name: 'Chicken Road' }).waitFor();
  });

  it('raised no page errors', () => {
    expect([...((admin as Page & { problems?: string[] }).problems ?? []), ...((visitor as Page & { problems?: string[] }).problems ?? [])]).toEqual([]);
  });
});
