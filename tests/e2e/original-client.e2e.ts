import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { freshPhone, registerVerified } from './api';
import { launch, newPage, signInBrowser } from './browser';

/** Past the access token's 15 minutes. */
const LATER = 16 * 60_000;

/**
 * The original client's session rules (player spec §4 and §7), as a page of our site's origin runs
 * them: the access token in local storage, decoded for its exp; at start, a token still valid
 * fetches the user, else a `refreshToken` found in document.cookie leads to the refresh call (no
 * body, credentials sent), else the visitor is signed out. `writesCookie`: the client also stores
 * the login answer's refreshToken in that cookie itself (path /, SameSite strict).
 */
const ORIGINAL_CLIENT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>The original client</title></head><body><pre id="state">loading</pre><script>
const exp = (t) => { try { return JSON.parse(atob(t.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))).exp; } catch { return 0; } };
const valid = (t) => Boolean(t) && exp(t) * 1000 > Date.now();
const refreshCookie = () => document.cookie.split('; ').some((c) => c.startsWith('refreshToken='));
const forget = () => { localStorage.removeItem('accessToken'); localStorage.removeItem('user'); document.cookie = 'refreshToken=; path=/; max-age=0; SameSite=Strict'; };
async function me(token) {
  const res = await fetch('/api/v1/users/me', { headers: { Authorization: token }, credentials: 'include' });
  if (!res.ok) throw new Error('me ' + res.status);
  return (await res.json()).user;
}
async function start() {
  const token = localStorage.getItem('accessToken');
  if (valid(token)) return { state: 'authenticated', via: 'saved token', user: await me(token) };
  if (!refreshCookie()) { forget(); return { state: 'signed out', via: 'no refreshToken cookie' }; }
  const res = await fetch('/api/v1/users/refresh-token', { method: 'POST', credentials: 'include' });
  if (!res.ok) { forget(); return { state: 'signed out', via: 'refresh refused ' + res.status }; }
  const fresh = (await res.json()).data.accessToken;
  localStorage.setItem('accessToken', fresh);
  return { state: 'authenticated', via: 'refresh', user: await me(fresh) };
}
window.session = start().then((s) => { document.getElementById('state').textContent = JSON.stringify(s, null, 1); return s; });
window.login = async (email, password, writesCookie) => {
  const res = await fetch('/api/v1/users/login', { method: 'POST', credentials: 'include', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password }) });
  const { data } = await res.json();
  localStorage.setItem('accessToken', data.accessToken);
  localStorage.setItem('user', JSON.stringify(data.user));
  if (writesCookie) document.cookie = 'refreshToken=' + data.refreshToken + '; path=/; SameSite=Strict';
  return res.status;
};
window.logout = async () => {
  await fetch('/api/v1/users/logout', { method: 'POST', credentials: 'include', headers: { Authorization: localStorage.getItem('accessToken') } });
  const afterServer = document.cookie;
  forget();
  return afterServer;
};
</script></body></html>`;

declare global {
  interface Window {
    session: Promise<{ state: string; via: string; user?: { email: string } }>;
    login(email: string, password: string, writesCookie: boolean): Promise<number>;
    logout(): Promise<string>;
  }
}

async function newPlayer(tag: string) {
  const email = `${tag}.${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@e2e.test`;
  const password = 'Chicken#2024';
  await registerVerified('Ravi Kumar', email, freshPhone(), password);
  return { email, password };
}

/** The page's own cookie jar: names of the httpOnly cookies, and what a script reads. */
async function jar(page: Page) {
  const cookies = await page.context().cookies();
  return {
    httpOnly: cookies
      .filter((c) => c.httpOnly)
      .map((c) => c.name)
      .sort(),
    readable: await page.evaluate(() => document.cookie),
  };
}

describe('the original client across a reload past its access token', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each([
    ['finds the refreshToken cookie the server sets', false],
    ['also stores the login answer in that cookie itself', true],
  ])('stays signed in when it %s, and is signed out after sign-out', async (_, writesCookie) => {
    const page = await newPage(browser);
    // The client's page, at the site's own origin: its calls go to the server under test.
    await page.route('**/original-client', (route) => route.fulfill({ contentType: 'text/html', body: ORIGINAL_CLIENT }));
    await page.clock.install();
    const player = await newPlayer(writesCookie ? 'writes' : 'finds');
    await page.goto('/original-client');
    expect(await page.evaluate(() => window.session)).toEqual({ state: 'signed out', via: 'no refreshToken cookie' });

    expect(await page.evaluate(([e, p, w]) => window.login(e, p, w), [player.email, player.password, writesCookie] as const)).toBe(200);
    const signedIn = await jar(page);
    expect(signedIn.readable).toMatch(/(^|; )refreshToken=/);
    expect(signedIn.httpOnly).toEqual(['accessToken', 'refreshSecret']);
    const secret = (await page.context().cookies()).find((c) => c.name === 'refreshSecret')!.value;
    expect(signedIn.readable).not.toContain(secret);
    expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain(secret);

    // A reload at once uses the saved token.
    await page.reload();
    expect(await page.evaluate(() => window.session)).toMatchObject({ state: 'authenticated', via: 'saved token', user: { email: player.email } });

    // Sixteen minutes later the token is expired by its exp, and the browser has let the 15-minute access cookie go.
    await page.clock.setSystemTime(Date.now() + LATER);
    await page.context().clearCookies({ name: 'accessToken' });
    const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/v1/users/refresh-token'));
    await page.reload();
    expect((await refreshed).status()).toBe(200);
    expect(await page.evaluate(() => window.session)).toMatchObject({ state: 'authenticated', via: 'refresh', user: { email: player.email } });
    // The rotation left the hint and a new secret, still out of a script's reach.
    const rotated = await jar(page);
    expect(rotated.readable).toMatch(/(^|; )refreshToken=/);
    expect(rotated.httpOnly).toEqual(['accessToken', 'refreshSecret']);
    expect((await page.context().cookies()).find((c) => c.name === 'refreshSecret')!.value).not.toBe(secret);

    // Sign-out: the server's answer alone takes refreshToken out of document.cookie.
    expect(await page.evaluate(() => window.logout())).not.toMatch(/refreshToken/);
    expect(await page.context().cookies()).toEqual([]);
    await page.reload();
    expect(await page.evaluate(() => window.session)).toEqual({ state: 'signed out', via: 'no refreshToken cookie' });
    await page.context().close();
  });

  it('our own web app still renews its session with the refresh cookie after a reload', async () => {
    const page = await newPage(browser);
    const player = await newPlayer('ours');
    await signInBrowser(page, player.email, player.password);
    await page.goto('/profile');
    await page.getByText('Available(₹)').waitFor();
    expect(await jar(page)).toEqual({ httpOnly: ['accessToken', 'refreshSecret'], readable: 'refreshToken=1' });

    // The access cookie's 15 minutes are over: the app refreshes once and stays on the profile.
    await page.context().clearCookies({ name: 'accessToken' });
    const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/v1/users/refresh-token'));
    await page.reload();
    expect((await refreshed).status()).toBe(200);
    await page.getByText('Available(₹)').waitFor();
    expect(page.url()).toMatch(/\/profile$/);
    expect(await jar(page)).toEqual({ httpOnly: ['accessToken', 'refreshSecret'], readable: 'refreshToken=1' });

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('link', { name: 'Login' }).first().waitFor();
    expect(await jar(page)).toEqual({ httpOnly: [], readable: '' });
    await page.context().close();
  });
});
