import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { call, freshPhone, registerVerified } from './api';
import { launch, newPage, shot, signInBrowser } from './browser';
import { E2E_ADMIN } from './global-setup';

describe('spinner: a player spins and the server pays the prize', () => {
  let browser: Browser;
  let page: Page;
  let player: { id: string; email: string; password: string; token: string };
  let restore = async () => undefined;

  beforeAll(async () => {
    // Every segment pays ₹30, so the prize is known whatever the draw.
    const admin = (await call('POST', '/api/v1/users/login', { email: E2E_ADMIN.email, password: E2E_ADMIN.password })).data as { accessToken: string };
    const [wheel] = await call<{ _id: string; prizes: string[] }[]>('GET', '/api/v1/spinner/prizes');
    restore = async () => void (await call('PUT', `/api/v1/spinner/prize/${wheel._id}`, { prizes: wheel.prizes }, admin.accessToken));
    await call('PUT', `/api/v1/spinner/prize/${wheel._id}`, { prizes: ['30', '30', '30'] }, admin.accessToken);

    const email = `spin.${Date.now().toString(36)}@e2e.test`;
    const phoneNumber = freshPhone('+9196');
    const password = 'Spinner#2024';
    const userId = await registerVerified('Kavya Iyer', email, phoneNumber, password);
    const login = (await call('POST', '/api/v1/users/login', { email, password })).data as { accessToken: string };
    player = { id: userId, email, password, token: login.accessToken };

    browser = await launch();
    page = await newPage(browser);
    await page.goto('/');
    await signInBrowser(page, email, password);
  });
  afterAll(async () => {
    await restore();
    await browser?.close();
  });

  const balance = async () => (await call('GET', `/api/v1/users/balance/${player.id}`, undefined, player.token)).balance as number;

  it('turns the wheel, says what was won in rupees, raises the balance by it and keeps the result and its Verify link on screen', async () => {
    expect(await balance()).toBe(0);
    await page.goto('/spinner');
    await page.getByText('Click to Spin').waitFor();
    await shot(page, 'spinner-idle');
    await page.getByRole('button', { name: 'Spin' }).click();
    await page.getByText('Spinning...').waitFor();
    await page.waitForTimeout(1200);
    await shot(page, 'spinner-spinning');
    // The header keeps the old balance while the wheel turns: it must not give the prize away.
    expect(await page.getByRole('link', { name: /^Balance/ }).textContent()).toBe('₹0');
    await page.getByText('You won: ₹30').waitFor({ timeout: 10_000 });
    expect(await balance()).toBe(30);
    await page.getByRole('link', { name: 'Balance ₹30, deposit' }).waitFor();
    // The new spin is in the list, with its seeds.
    await page.getByRole('region', { name: 'Your spins' }).getByText('Paid ₹30.00 (+₹30.00)').waitFor();
    // Past the original's 2 s the result is still there, with its Verify link.
    await page.waitForTimeout(2500);
    expect(new URL(page.url()).pathname).toBe('/spinner');
    await page.getByText('You won: ₹30').waitFor();
    await page.getByRole('link', { name: 'Verify it' }).waitFor();
    await shot(page, 'spinner-result');
    await page.getByRole('link', { name: 'Back to home' }).click();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 5_000 });

    // Back on the wheel within the hour: the server's countdown, and no second prize.
    await page.goto('/spinner');
    await page.getByText(/^You can spin again in \d+m \d+s$/).waitFor();
    expect(await page.getByRole('button', { name: 'Spin' }).isDisabled()).toBe(true);
    await expect(call('POST', '/api/v1/spinner/spin', undefined, player.token)).rejects.toThrow(/429/);
    expect(await balance()).toBe(30);
  });

  it('says "No prize this time" for a segment without a prize, never "You won: LOSE"', async () => {
    const admin = (await call('POST', '/api/v1/users/login', { email: E2E_ADMIN.email, password: E2E_ADMIN.password })).data as { accessToken: string };
    const [wheel] = await call<{ _id: string }[]>('GET', '/api/v1/spinner/prizes');
    await call('PUT', `/api/v1/spinner/prize/${wheel._id}`, { prizes: ['LOSE', 'LOSE'] }, admin.accessToken);
    const email = `spin.lose.${Date.now().toString(36)}@e2e.test`;
    const password = 'Spinner#2024';
    await registerVerified('Rohan Das', email, freshPhone('+9196'), password);
    const other = await newPage(browser);
    await other.goto('/');
    await signInBrowser(other, email, password);
    await other.goto('/spinner');
    await other.getByRole('button', { name: 'Spin' }).click();
    await other.getByText('No prize this time').waitFor({ timeout: 10_000 });
    expect(await other.getByText(/LOSE/).count()).toBe(0);
    await other.getByRole('region', { name: 'Your spins' }).getByText('No prize', { exact: true }).waitFor();
    await shot(other, 'spinner-no-prize');
    expect((other as Page & { problems?: string[] }).problems ?? []).toEqual([]);
    await other.close();
  });

  it('raised no page errors', () => {
    expect((page as Page & { problems?: string[] }).problems ?? []).toEqual([]);
  });
});
