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
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
// @ts-expect-error: a plain script, without types
import { ensureWebBuilt } from '../../scripts/build-web.mjs';
import { startFakeSmtp } from '../../tests/fakes/smtp.js';
import { freePort, percentile, waitHealthy } from '../lib.js';

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
  const smtp = await startFakeSmtp();
  const work = mkdtempSync(join(os.tmpdir(), 'bench-paint-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      APP_SECRET: 'paint-secret-paint-secret-paint-secret-0123456789',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(work, 'data'),
      DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: smtp.url,
      OTP_CHANNELS: 'email',
      LOG_LEVEL: 'warn',
      COLOR_SALT: 'paint',
      COLOR_CHAIN_LENGTH: '20000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    await waitHealthy(base, () => server.exitCode !== null);
    const post = async (url: string, body: object) => {
      const res = await fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
      return (await res.json()) as { userId?: string };
    };
    const email = `paint.${Date.now().toString(36)}@bench.test`;
    const { userId } = await post('/api/v1/users/register', {
      ...PLAYER,
      email,
      phoneNumber: `+9197${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
      ref_by: null,
      ageConfirmed: true,
    });
    const code = /\b(\d{6})\b/.exec((await smtp.waitFor(email)).subject)?.[1];
    await post('/api/v1/otp/verify', { userId, emailOTP: code });
    // The colour game's history has a result to show, as on a running site.
    if (PAGE === '/color') {
      console.log('Waiting for the first colour result (up to two minutes)...');
      for (let i = 0; i < 70; i++) {
        const history = (await (await fetch(`${base}/api/v1/color/history?page=1`)).json()) as { data?: { periods?: unknown[] } };
        if (history.data?.periods?.length) break;
        await new Promise((r) => setTimeout(r, 2000));
      }
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
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await smtp.close();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
