import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { SCREEN_DATA } from '../../contracts/screen-pages';
import { fundedPlayer, type Player } from './api';
import { baseURL, launch, PHONE, signInBrowser } from './browser';
import { E2E_ADMIN } from './global-setup';

/** The player's first visit (home, sign-in) may load at most this much JavaScript, gzipped. */
const FIRST_LOAD_BUDGET_KB = 150;
/**
 * Registration also brings the country picker's phone rules (libphonenumber's metadata, 40 KB),
 * the schema library and the form library: its own budget, over the first visit's, so that it
 * does not grow unnoticed either.
 */
const SIGNUP_BUDGET_KB = 235;

/** A fresh browser profile: empty cache, no service worker (it would fetch the shell for later). */
const freshContext = (browser: Browser) => browser.newContext({ viewport: PHONE, baseURL: baseURL(), serviceWorkers: 'block' });

/**
 * Opens `path` in `context` and answers the JavaScript it loaded until the network was quiet: each
 * script's name and its size gzipped as the build's .gz copies are (level 9), which the server
 * sends to a browser that takes gzip.
 */
async function scriptsLoaded(context: BrowserContext, path: string): Promise<{ name: string; gzip: number }[]> {
  const page = await context.newPage();
  const loads: Promise<{ name: string; gzip: number }>[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() !== 'script') return;
    loads.push(res.body().then((body) => ({ name: new URL(res.url()).pathname, gzip: gzipSync(body, { level: 9 }).length })));
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  const scripts = await Promise.all(loads);
  await page.close();
  return scripts;
}

/** A request as a signed-in player's browser sends it: a signed-in screen's page is sent only with a session. */
const withSession = (player: Player): RequestInit => ({ headers: { cookie: `accessToken=${player.token}` } });

const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

describe('what the browser is sent', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser?.close());

  it('the page carries a strict Content-Security-Policy and no inline script', async () => {
    for (const path of ['/', '/login', '/chicken-road', '/admin']) {
      const res = await fetch(`${baseURL()}${path}`);
      const csp = res.headers.get('content-security-policy') ?? '';
      const directives = new Map(
        csp
          .split(';')
          .map((d) => d.trim().split(/\s+/) as [string, ...string[]])
          .map(([name, ...values]) => [name, values]),
      );
      const scripts = directives.get('script-src') ?? directives.get('default-src');
      expect(scripts, `${path}: script-src or default-src`).toEqual(["'self'"]);
      expect(directives.get('object-src'), `${path}: object-src`).toEqual(["'none'"]);
      expect(directives.get('frame-ancestors'), `${path}: frame-ancestors`).toEqual(["'self'"]);
      const html = await res.text();
      expect(html.match(/<script\b(?![^>]*\bsrc=)[^>]*>/gi) ?? [], `${path}: inline scripts`).toEqual([]);
      expect(html.match(/\son[a-z]+\s*=/gi) ?? [], `${path}: inline event handlers`).toEqual([]);
    }
  });

  it("a screen loaded on demand comes with its page: the page links the screen's scripts and styles", async () => {
    const player = await fundedPlayer('pages', 'Pages Player');
    for (const [path, chunk] of [
      ['/login', /\/assets\/LoginPage-[\w-]+\.js$/],
      ['/color', /\/assets\/ColorGamePage-[\w-]+\.js$/],
      ['/chicken-road', /\/assets\/ChickenRoadPage-[\w-]+\.js$/],
    ] as const) {
      const html = await (await fetch(`${baseURL()}${path}`, withSession(player))).text();
      // At low priority: the main script and the styles, which the first paint waits for, come first.
      const preloads = [...html.matchAll(/<link rel="modulepreload" fetchpriority="low" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
      expect(
        preloads.some((href) => chunk.test(href)),
        `${path}: ${preloads.join(', ')}`,
      ).toBe(true);
      for (const href of [...html.matchAll(/ href="(\/assets\/[^"]+)"/g)].map((m) => m[1])) {
        expect((await fetch(`${baseURL()}${href}`)).status, href).toBe(200);
      }
    }
    // Home's code is in the main script; a path the build wrote no page for gets index.html.
    const home = await (await fetch(`${baseURL()}/`)).text();
    expect(home).toBe(await (await fetch(`${baseURL()}/no-such-screen`)).text());
    // So does a signed-in screen asked for without a session: it only sends the browser to sign in.
    for (const path of Object.keys(SCREEN_DATA)) {
      const res = await fetch(`${baseURL()}${path}`);
      expect(res.headers.get('vary'), path).toMatch(/cookie/i);
      expect(await res.text(), path).toBe(home);
    }
  });

  it('a signed-out visitor opening a game is sent to sign in, with no refused call and no unused preload', async () => {
    const context = await freshContext(browser);
    const page = await context.newPage();
    const messages: string[] = [];
    const refused: string[] = [];
    page.on('console', (m) => {
      // The app registers its service worker after the load; this context blocks it, and says so.
      if ((m.type() === 'error' || m.type() === 'warning') && !/Service Worker registration blocked/.test(m.text())) messages.push(m.text());
    });
    page.on('response', (res) => res.status() >= 400 && refused.push(`${res.status()} ${new URL(res.url()).pathname}`));
    for (const path of Object.keys(SCREEN_DATA)) {
      await page.goto(path);
      await page.waitForURL('**/login');
      await page.getByRole('button', { name: 'Login' }).waitFor();
    }
    // Chromium warns a few seconds after the load about a preload nobody took.
    await page.waitForTimeout(3500);
    await context.close();
    expect(refused).toEqual([]);
    expect(messages).toEqual([]);
  });

  it("a screen's page names the calls it opens with, and the screen takes the preloaded answers: each is asked for once", async () => {
    // What each screen shows once those answers are in.
    const shown: Record<string, string> = { '/color': '.tabs table, .tabs .state--empty', '/chicken-road': '.chicken-head' };
    expect(Object.keys(shown).sort()).toEqual(Object.keys(SCREEN_DATA).sort());
    const player = await fundedPlayer('preload', 'Preload Player');
    const context = await freshContext(browser);
    const page = await context.newPage();
    await signInBrowser(page, player.email, player.password);
    const asked: string[] = [];
    const warnings: string[] = [];
    const answered: string[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.pathname.startsWith('/api/')) asked.push(url.pathname + url.search);
    });
    page.on('response', (res) => answered.push(`${new URL(res.url()).pathname} ${res.request().resourceType()} ${res.status()}`));
    page.on('console', (m) => /preload/i.test(m.text()) && warnings.push(m.text()));
    for (const [path, urls] of Object.entries(SCREEN_DATA)) {
      const html = await (await fetch(`${baseURL()}${path}`, withSession(player))).text();
      const named = [...html.matchAll(/<link rel="preload" as="fetch" crossorigin="use-credentials" href="([^"]+)">/g)].map((m) => m[1]);
      expect(named, path).toEqual(urls);
      // What the screen before asked for, once all of it has been asked (a call still on its way
      // when the list is emptied would be counted against this screen).
      await page.waitForLoadState('networkidle');
      asked.length = 0;
      answered.length = 0;
      await page.goto(path);
      await page.locator(shown[path]).first().waitFor();
      // Until the screen shows, each was asked for once: by the page's preload.
      const untilShown = [...asked];
      for (const url of urls)
        expect(
          untilShown.filter((u) => u === url),
          `${path}: ${url} in ${answered.join(', ')}`,
        ).toHaveLength(1);
      // Chromium warns a few seconds after the load about a preload nobody took.
      await page.waitForTimeout(3500);
    }
    await context.close();
    expect(warnings).toEqual([]);
  });

  it('no screen breaks the policy: player and back-office screens load without a violation', async () => {
    const player = await fundedPlayer('csp', 'Policy Player');
    const context = await freshContext(browser);
    const violations: string[] = [];
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`));
    });
    const page = await context.newPage();
    page.on('console', (m) => {
      if (m.type() === 'error' && /Content.Security.Policy|CSP violation/i.test(m.text())) violations.push(`${page.url()}: ${m.text()}`);
    });
    for (const path of ['/', '/login', '/signup']) await page.goto(path, { waitUntil: 'networkidle' });
    await signInBrowser(page, player.email, player.password);
    for (const path of ['/chicken-road', '/color', '/deposite', '/withdraw', '/transactions', '/bets', '/spinner', '/fairness', '/refer-earn']) {
      await page.goto(path, { waitUntil: 'networkidle' });
    }
    await signInBrowser(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto('/admin', { waitUntil: 'networkidle' });
    await page.getByRole('heading').first().waitFor();
    await context.close();
    expect(violations).toEqual([]);
  });

  it(`the first visit loads at most ${FIRST_LOAD_BUDGET_KB} KB of JavaScript, gzipped (registration ${SIGNUP_BUDGET_KB} KB), and none of the back office`, async () => {
    const report: string[] = [];
    for (const [path, budget] of [
      ['/', FIRST_LOAD_BUDGET_KB],
      ['/login', FIRST_LOAD_BUDGET_KB],
      ['/signup', SIGNUP_BUDGET_KB],
    ] as const) {
      const context = await freshContext(browser);
      const scripts = await scriptsLoaded(context, path);
      await context.close();
      const total = scripts.reduce((s, x) => s + x.gzip, 0);
      report.push(
        `${path}: ${kb(total)} KB gzipped in ${scripts.length} scripts (${scripts.map((s) => `${s.name.replace(/^\/assets\//, '')} ${kb(s.gzip)}`).join(', ')})`,
      );
      expect(scripts.length, path).toBeGreaterThan(0);
      expect(kb(total), `${path}: ${scripts.map((s) => `${s.name} ${kb(s.gzip)} KB`).join(', ')}`).toBeLessThanOrEqual(budget);
      expect(
        scripts.filter((s) => /admin|backoffice/i.test(s.name)).map((s) => s.name),
        `${path}: back-office code`,
      ).toEqual([]);
    }
    console.log(`First-load JavaScript: ${report.join('; ')}`);
  });
});
