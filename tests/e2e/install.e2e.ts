import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseURL, launch, newPage } from './browser';

describe('installable: manifest, icons and a service worker that keeps only the app shell', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launch();
    page = await newPage(browser);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('serves a web app manifest with its icons', async () => {
    const res = await fetch(`${baseURL()}/manifest.webmanifest`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/manifest\+json/);
    const manifest = (await res.json()) as { name: string; start_url: string; display: string; icons: { src: string; sizes: string; purpose?: string }[] };
    expect(manifest).toMatchObject({ name: 'Rupee Arcade', start_url: '/', display: 'standalone' });
    expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
    for (const icon of manifest.icons) {
      const image = await fetch(`${baseURL()}${icon.src}`);
      expect(image.status, icon.src).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/png');
    }
    await page.goto('/');
    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');
  });

  it('starts offline from the cached shell, and never caches an API answer', async () => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Chicken Road' }).waitFor();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // A reload puts the page under the worker's control; the API calls it makes go to the network.
    await page.reload();
    await page.getByRole('link', { name: 'Chicken Road' }).waitFor();
    expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      return urls;
    });
    expect(cached).toEqual(expect.arrayContaining(['/index.html', '/manifest.webmanifest']));
    expect(cached.filter((u) => u.startsWith('/api/') || u.startsWith('/uploads/'))).toEqual([]);

    await page.context().setOffline(true);
    try {
      await page.goto('/ranking');
      await page.getByRole('link', { name: 'Rupee Arcade' }).waitFor();
      await page.getByRole('navigation', { name: 'Main' }).waitFor();
    } finally {
      await page.context().setOffline(false);
    }
  });
});
