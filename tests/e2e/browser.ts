import { mkdirSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';

export const baseURL = () => inject('baseURL');
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/** Debian's Chromium, headless, with the flags this machine needs. */
export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

export async function newPage(browser: Browser, viewport = PHONE): Promise<Page> {
  const context = await browser.newContext({ viewport, baseURL: baseURL() });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(e.message));
  (page as Page & { problems: string[] }).problems = problems;
  return page;
}

/** Saves a screenshot under screenshots/e2e for people to look at. */
export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync('screenshots/e2e', { recursive: true });
  const { width, height } = page.viewportSize() ?? PHONE;
  await page.screenshot({ path: `screenshots/e2e/${name}-${width}x${height}.png`, fullPage: true });
}

/** The codes the dev outbox holds for an address, newest first. */
export async function outboxCodes(to: string): Promise<{ channel: string; code: string }[]> {
  const res = await fetch(`${baseURL()}/api/v1/dev/outbox?to=${encodeURIComponent(to)}`);
  const json = (await res.json()) as { data: { channel: string; code: string }[] };
  return json.data;
}

/**
 * Signs the page's browser in as the login screen does: the answer's httpOnly cookies land in the
 * browser's own cookie jar, and the user is kept in local storage.
 */
export async function signInBrowser(page: Page, email: string, password: string): Promise<void> {
  const res = await page.request.post('/api/v1/users/login', { data: { email, password } });
  if (!res.ok()) throw new Error(`sign-in of ${email} failed: ${res.status()} ${await res.text()}`);
  const { user } = (await res.json()).data as { user: unknown };
  if (page.url() === 'about:blank') await page.goto('/ranking');
  await page.evaluate((u) => localStorage.setItem('user', JSON.stringify(u)), user);
}

/** Opens a back-office section by its tab, through the Sections menu on a phone. */
export async function openSection(page: Page, label: string): Promise<void> {
  await page.locator('.admin').waitFor();
  const menu = page.getByRole('button', { name: 'Sections' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('tab', { name: label, exact: true }).click();
  // On a phone the menu closes again, hiding the tabs: wait for the selection, hidden or not.
  await page.getByRole('tab', { name: label, exact: true, includeHidden: true }).and(page.locator('[aria-selected="true"]')).waitFor({ state: 'attached' });
}

/** Closes every toast, one at a time (each close re-lays the rest), and waits a moment for none to be left (a still picture, not a check). */
export async function closeToasts(page: Page): Promise<void> {
  const toasts = page.locator('.Toastify__toast');
  for (let i = 0; i < 10 && (await toasts.count()) > 0; i++) {
    await toasts
      .first()
      .locator('.Toastify__close-button')
      .click({ timeout: 2000 })
      .catch(() => undefined);
    await page.waitForTimeout(150);
  }
  await expect
    .poll(() => toasts.count(), { timeout: 5000 })
    .toBe(0)
    .catch(() => undefined);
}
