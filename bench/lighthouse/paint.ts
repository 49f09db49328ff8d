/*
 * When a page paints, on a phone slowed for real rather than simulated: the system Chromium with
 * its CPU slowed 4× and its network held to Lighthouse's slow 4G (150 ms, 1.6 Mbit/s), the
 * browser's own first and largest paint timings, over several loads on an empty cache. Lighthouse
 * (run.ts) simulates from one fast load and its score moves with this shared machine; this is the
 * steadier measure for comparing two builds of one page. Prints, writes nothing.
 *
 *   npm run bench:paint                      /color, signed in, 7 loads
 *   PAINT_PAGE=/chicken-road PAINT_RUNS=9    another page, more loads
 *   WEB_DIR=/copy/of/an/older/build          that build instead of this checkout's
 */
import os from 'node:os';
import { chromium } from 'playwright-core';
// @ts-expect-error: a plain script, without types
import { ensureWebBuilt } from '../../scripts/build-web.mjs';
import { percentile } from '../lib.js';
import { startSite } from './site.js';

const ROOT = new URL('../..', import.meta.url).pathname;
const PAGE = process.env.PAINT_PAGE ?? '/color';
const RUNS = Number(process.env.PAINT_RUNS ?? 7);
const PLAYER = { fullName: 'Paint Player', password: 'Paint#Player-2024' };

interface Paints {
  fcp: number;
  lcp: number;
  element: string;
}

async function main() {
  process.chdir(ROOT);
  if (!process.env.WEB_DIR) ensureWebBuilt();
  const site = await startSite('paint');
  const base = site.base;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const { email } = await site.signUp(PLAYER.fullName, PLAYER.password);
    if (PAGE === '/color') {
      console.log('Waiting for the first colour result (up to two minutes)...');
      await site.firstColourResult();
    }

    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: base });
    await context.addInitScript(() => {
      const paints = { fcp: 0, lcp: 0, element: '' };
      (window as unknown as { __paints: Paints }).__paints = paints;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { element?: Element })[]) {
          paints.lcp = e.startTime;
          paints.element = e.element?.outerHTML.slice(0, 60) ?? '';
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') paints.fcp = e.startTime;
      }).observe({ type: 'paint', buffered: true });
    });
    const page = await context.newPage();
    const login = await page.request.post('/api/v1/users/login', { data: { email, password: PLAYER.password } });
    const { user } = (await login.json()).data as { user: unknown };
    await page.goto('/ranking');
    await page.evaluate((u) => localStorage.setItem('user', JSON.stringify(u)), user);

    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const loads: Paints[] = [];
    for (let i = 0; i < RUNS; i++) {
      await page.goto('about:blank');
      await cdp.send('Network.clearBrowserCache');
      await cdp.send('Storage.clearDataForOrigin', { origin: base, storageTypes: 'service_workers,cache_storage' });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: 1_638_400 / 8, uploadThroughput: 675_000 / 8 });
      await page.goto(PAGE);
      await page.waitForTimeout(6000);
      loads.push(await page.evaluate(() => (window as unknown as { __paints: Paints }).__paints));
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    }
    const sorted = (key: 'fcp' | 'lcp') => loads.map((l) => Math.round(l[key])).sort((a, b) => a - b);
    console.log(`${PAGE}, ${RUNS} loads on ${process.env.WEB_DIR ?? 'this checkout'}, load average ${os.loadavg()[0].toFixed(1)}:`);
    console.log(`  first paint   median ${percentile(sorted('fcp'), 50)} ms (${sorted('fcp').join(', ')})`);
    console.log(`  largest paint median ${percentile(sorted('lcp'), 50)} ms (${sorted('lcp').join(', ')})`);
    console.log(`  largest element: ${loads.at(-1)?.element ?? '?'}`);
  } finally {
    await browser.close();
    await site.close();
  }
}

await main();
