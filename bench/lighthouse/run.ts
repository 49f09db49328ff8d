/*
 * Lighthouse on a phone: performance and accessibility of the first visit to home, sign-in, the
 * Chicken Road game and the colour game, in Lighthouse's mobile mode (a mid-range phone on a slow
 * 4G network, simulated) with the system Chromium. Writes the numbers into bench/RESULTS.md
 * between the lighthouse markers; a re-run replaces them.
 *
 * The web app is built as for production (pre-compressed assets included) and served by the real
 * server in production mode on a fresh embedded database. The two games are measured signed in
 * (a player signed up through the real path), with the browser's cache emptied before every page.
 *
 *   npm run bench:lighthouse
 *   CHROMIUM_PATH=/path/to/chromium   another browser (default /usr/bin/chromium)
 *   LIGHTHOUSE_RUNS=3                 runs per page; the median is kept (default 5)
 *   LIGHTHOUSE_PAGES=login,color      only these pages (home, login, chicken, color), with where
 *                                     the main thread's time went; prints, writes nothing
 *   LIGHTHOUSE_SAVE=/some/folder      also keeps each run's whole report there (page-run.json)
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
// @ts-expect-error: a plain script, without types
import { ensureWebBuilt } from '../../scripts/build-web.mjs';
import { writeSection } from '../lib.js';
import { startSite } from './site.js';

const ROOT = new URL('../..', import.meta.url).pathname;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const ONLY = process.env.LIGHTHOUSE_PAGES?.split(',');
const SAVE = process.env.LIGHTHOUSE_SAVE;
const PLAYER = { fullName: 'Lighthouse Player', password: 'Lighthouse#Player1' };

interface PageResult {
  name: string;
  path: string;
  signedIn: boolean;
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  scriptKb: number;
  totalKb: number;
  /** The main thread's work in the run as this machine did it, before Lighthouse slows it 4×. */
  taskMs: number;
  /** The slowest server response Lighthouse saw; it adds this to every simulated request. */
  serverMs: number;
}

async function main() {
  const loadAtStart = os.loadavg()[0];
  process.chdir(ROOT);
  ensureWebBuilt();
  const site = await startSite('lighthouse');
  const base = site.base;
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const results: PageResult[] = [];
  /** Lighthouse's measure of this machine's CPU speed in each run (higher is faster). */
  const speeds: number[] = [];
  let browserVersion: string | undefined;
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const [page] = await browser.pages();
    browserVersion = (await browser.version()).replace(/^(Headless)?Chrome\//, 'Chromium ');
    const cdp = await page.createCDPSession();

    /** One Lighthouse run of a page on an empty cache. */
    const once = async (path: string) => {
      // A first visit: no HTTP cache, no service worker and nothing it cached. The session (cookies
      // and local storage) stays, so Lighthouse's own storage reset is off.
      await cdp.send('Network.clearBrowserCache');
      await cdp.send('Storage.clearDataForOrigin', { origin: base, storageTypes: 'service_workers,cache_storage' });
      const run = await lighthouse(`${base}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        disableStorageReset: true,
      });
      if (!run) throw new Error(`Lighthouse gave nothing for ${path}`);
      if (run.lhr.environment.benchmarkIndex) speeds.push(run.lhr.environment.benchmarkIndex);
      return run.lhr;
    };
    /** A run whose trace Lighthouse could not read (NO_NAVSTART and the like) scores nothing: run it again. */
    const measured = async (path: string) => {
      for (let attempt = 1; ; attempt++) {
        const lhr = await once(path);
        if (!lhr.runtimeError || attempt === 3) return lhr;
        console.log(`  ${path}: Lighthouse could not measure this run (${lhr.runtimeError.code}); running it again`);
      }
    };

    /** The median of RUNS runs by performance score: on a shared two-CPU machine single runs vary widely. */
    const audit = async (name: string, path: string, signedIn: boolean, key: string) => {
      if (ONLY && !ONLY.includes(key)) return;
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        runs.push(await measured(path));
        if (SAVE) {
          mkdirSync(SAVE, { recursive: true });
          writeFileSync(join(SAVE, `${key}-${i + 1}.json`), JSON.stringify(runs.at(-1)));
        }
      }
      runs.sort((a, b) => (a.categories.performance.score ?? 0) - (b.categories.performance.score ?? 0));
      const { categories, audits } = runs[Math.floor(RUNS / 2)];
      const items = (audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined)?.items ?? [];
      const kb = (type: string) => Math.round((items.find((i) => i.resourceType === type)?.transferSize ?? 0) / 1024);
      const diagnostics = (audits.diagnostics?.details as { items?: { totalTaskTime?: number; maxServerLatency?: number }[] } | undefined)?.items?.[0] ?? {};
      results.push({
        name,
        path,
        signedIn,
        performance: Math.round((categories.performance.score ?? 0) * 100),
        accessibility: Math.round((categories.accessibility.score ?? 0) * 100),
        fcp: audits['first-contentful-paint'].numericValue ?? NaN,
        lcp: audits['largest-contentful-paint'].numericValue ?? NaN,
        tbt: audits['total-blocking-time'].numericValue ?? NaN,
        cls: audits['cumulative-layout-shift'].numericValue ?? NaN,
        scriptKb: kb('script'),
        totalKb: kb('total'),
        taskMs: diagnostics.totalTaskTime ?? NaN,
        serverMs: diagnostics.maxServerLatency ?? NaN,
      });
      console.log(`${name} (${path}): performance ${results.at(-1)!.performance}, accessibility ${results.at(-1)!.accessibility}`);
      if (ONLY) {
        const r = results.at(-1)!;
        const tasks = (audits['long-tasks']?.details as { items?: { url?: string; startTime: number; duration: number }[] } | undefined)?.items ?? [];
        console.log(`  first paint ${Math.round(r.fcp)} ms, largest ${Math.round(r.lcp)} ms, blocking ${Math.round(r.tbt)} ms, shift ${r.cls.toFixed(3)}`);
        const work = (audits['mainthread-work-breakdown']?.details as { items?: { groupLabel: string; duration: number }[] } | undefined)?.items ?? [];
        console.log(`  DOM elements: ${audits['dom-size']?.numericValue ?? audits['dom-size-insight']?.numericValue ?? '?'}`);
        console.log(`  main thread: ${work.map((w) => `${w.groupLabel} ${Math.round(w.duration)} ms`).join(', ')}`);
        const lcp =
          (
            audits['lcp-breakdown-insight']?.details as
              { items?: { type: string; snippet?: string; nodeLabel?: string; items?: { label: string; duration: number }[] }[] } | undefined
          )?.items ?? [];
        const node = lcp.find((i) => i.type === 'node');
        const parts = lcp.find((i) => i.type === 'table')?.items ?? [];
        console.log(
          `  largest paint: ${node?.snippet ?? '?'} "${node?.nodeLabel ?? ''}"; ${parts.map((p) => `${p.label} ${Math.round(p.duration)} ms`).join(', ')}`,
        );
        const requests =
          (
            audits['network-requests']?.details as
              { items?: { url: string; transferSize: number; networkRequestTime: number; networkEndTime: number }[] } | undefined
          )?.items ?? [];
        console.log(
          `  requests: ${requests.map((q) => `${q.url.replace(/.*\//, '')} ${Math.round(q.transferSize / 1024)} KB @${Math.round(q.networkRequestTime)}`).join(', ')}`,
        );
        for (const t of tasks) console.log(`  long task ${Math.round(t.startTime)} ms +${Math.round(t.duration)} ms ${t.url?.replace(/.*\//, '') ?? ''}`);
        const shifts = (audits['layout-shifts']?.details as { items?: { node?: { snippet?: string }; score: number }[] } | undefined)?.items ?? [];
        for (const l of shifts) console.log(`  layout shift ${l.score.toFixed(3)} ${l.node?.snippet ?? ''}`);
      }
    };

    await audit('Home', '/', false, 'home');
    await audit('Sign-in', '/login', false, 'login');

    // A player signed up through the real path, signed in in this browser as the sign-in screen does.
    const { email } = await site.signUp(PLAYER.fullName, PLAYER.password);
    await page.goto(`${base}/login`);
    await page.evaluate(
      async (login) => {
        const res = await fetch('/api/v1/users/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(login) });
        const json = (await res.json()) as { data: { user: unknown } };
        localStorage.setItem('user', JSON.stringify(json.data.user));
      },
      { email, password: PLAYER.password },
    );
    await audit('Chicken Road', '/chicken-road', true, 'chicken');
    await audit('Colour game', '/color', true, 'color');
    await browser.disconnect();
  } finally {
    await chrome.kill();
    await site.close();
  }

  if (ONLY) return;
  const rows = results.map(
    (r) =>
      `| ${r.name} | \`${r.path}\`${r.signedIn ? ' (signed in)' : ''} | **${r.performance}** | **${r.accessibility}** | ${(r.fcp / 1000).toFixed(1)} s | ${(r.lcp / 1000).toFixed(1)} s | ${Math.round(r.tbt)} ms | ${r.cls.toFixed(3)} | ${r.scriptKb} | ${r.totalKb} | ${Math.round(r.taskMs)} ms | ${Math.round(r.serverMs)} ms |`,
  );
  const version = (JSON.parse(readFileSync(join(ROOT, 'node_modules/lighthouse/package.json'), 'utf8')) as { version: string }).version;
  const section = `## Lighthouse on a phone: the first visit

Lighthouse ${version} in its mobile mode (a mid-range phone on a slow 4G network, simulated; CPU slowed
4×) with the system Chromium, each page on an empty cache, the median of ${RUNS} runs. The server runs in production mode and
sends the build's pre-compressed scripts and styles (brotli). Sizes are what went over the network.
Run: \`npm run bench:lighthouse\` (bench/lighthouse/run.ts).

- Date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC
- Machine: ${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}); load average at the start ${loadAtStart.toFixed(1)}
- Browser: ${browserVersion ?? 'unknown'}; Lighthouse's CPU benchmark index over the runs ${Math.round(Math.min(...speeds))}–${Math.round(Math.max(...speeds))}
  (median ${Math.round(speeds.sort((a, b) => a - b)[Math.floor(speeds.length / 2)])}; higher is faster: the blocking time it reports scales with it)
- Main thread: the page's main-thread work in the median run as this machine did it, before Lighthouse
  slows it 4×. Server: the slowest server response Lighthouse saw in that run, which it adds to each
  request it simulates. Both move the simulated times, and both are this machine's, not the phone's.

| Page | Path | Performance | Accessibility | First paint | Largest paint | Blocking time | Layout shift | Script KB | Total KB | Main thread | Server |
|---|---|---|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}`;
  writeSection('lighthouse', section);
}

await main();
