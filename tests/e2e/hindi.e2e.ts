import { AxeBuilder } from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { checkInternationalPhone } from '../../contracts/accounts';
import { call, ensureUpiQr } from './api';
import { baseURL, launch, PHONE, shot } from './browser';
import { E2E_ADMIN } from './global-setup';

/** An Indian mobile number nobody has registered in this run. */
function freshPhone(): { national: string; e164: string } {
  for (;;) {
    const national = `97${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const checked = checkInternationalPhone(`+91${national}`);
    if (checked.ok) return { national, e164: checked.e164 };
  }
}

/** The newest message the dev outbox holds for an address over a channel. */
async function messageFor(to: string, channel: 'email' | 'sms'): Promise<{ code: string; text: string }> {
  for (let i = 0; i < 50; i++) {
    const res = await fetch(`${baseURL()}/api/v1/dev/outbox?to=${encodeURIComponent(to)}`);
    const found = ((await res.json()) as { data: { channel: string; code: string; text: string }[] }).data.find((m) => m.channel === channel && m.code);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no ${channel} message for ${to}`);
}

/** The serious and critical axe violations on the page as it is now. */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Nothing wider than the phone: no word of the longer Hindi texts pushes a button or a bar off the screen. */
async function overflow(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('button, a, label, .layout-tabbar, .chicken-controls, .color-board')]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1 || el.scrollWidth > el.clientWidth + 1)
      .filter((el) => getComputedStyle(el).overflowX !== 'auto' && el.offsetParent !== null)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}: ${el.textContent?.trim().slice(0, 40)}`),
  );
}

async function look(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => document.documentElement.lang), name).toBe('hi');
  expect(await seriousViolations(page), name).toEqual([]);
  expect(await overflow(page), name).toEqual([]);
  await shot(page, `hindi-${name}`);
}

/** Names that stay as they are in Hindi text: the site, brands and technical terms. */
const KEPT = [
  'Rupee',
  'Arcade',
  'Chicken Road',
  'Colour Prediction',
  'RTP',
  // Help organisations the operator lists, by their own names.
  ...['Gambling Therapy', 'Gamblers Anonymous', 'GamCare'],
  'UPI',
  'USDT',
  'ETH',
  'BTC',
  'ERC20',
  'TRC20',
  'Telegram',
  'WhatsApp',
  'Bitcoin',
  'Web Crypto',
  'HMAC[-_]SHA256[^\\n]*',
  'SHA-256[^\\n]*',
  'CSV',
  'IFSC',
  'SBIN\\w+',
  'English',
  'Space',
  'Alt\\+T',
  'OTP',
  'SMS',
  'UTR',
  'INR',
  '@username',
  '\\S+@\\S+',
];

/** The texts with an English word left (a code, an address or an amount has none of three letters or more) once the names kept in Hindi are taken out. */
function english(texts: string[], names: string[] = []): string[] {
  const kept = new RegExp([...KEPT, ...names].join('|'), 'g');
  return texts.filter((text) => /\b[A-Za-z]{3,}\b/.test(text.replace(kept, '')));
}

type FontUse = { familyName: string; isCustomFont: boolean; glyphCount: number };

/** The fonts Chromium drew the text of the first element matching `selector` with (its own text, not its children's). */
async function fontsOf(page: Page, selector: string): Promise<FontUse[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
    return (await cdp.send('CSS.getPlatformFontsForNode', { nodeId })).fonts;
  } finally {
    await cdp.detach();
  }
}

/**
 * Whether the Devanagari of an element's text was drawn in a web font of the site and none of it
 * as a box: the web font drew glyphs, and the other fonts drew no more glyphs than the text has
 * characters of other scripts (a Devanagari letter drawn by a font without it is such a glyph).
 */
async function devanagariDrawn(page: Page, selector: string, family: RegExp): Promise<{ ok: boolean; fonts: FontUse[]; text: string }> {
  const fonts = await fontsOf(page, selector);
  const text = await page.evaluate(
    (s) =>
      [...document.querySelector(s)!.childNodes]
        .filter((n) => n.nodeType === Node.TEXT_NODE)
        .map((n) => n.textContent)
        .join(''),
    selector,
  );
  const others = [...text.replace(/\s/g, '')].filter((c) => !/[\u0900-\u097F]/.test(c)).length;
  const ours = fonts.filter((f) => f.isCustomFont && family.test(f.familyName));
  const ok = ours.some((f) => f.glyphCount > 0) && fonts.filter((f) => !ours.includes(f)).reduce((n, f) => n + f.glyphCount, 0) <= others;
  return { ok, fonts, text };
}

/** The lines a text is laid out on. */
const linesOf = (page: Page, selector: string) =>
  page.evaluate((s) => {
    const range = document.createRange();
    range.selectNodeContents(document.querySelector(s)!);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  }, selector);

/** Elements on the page showing Devanagari with letter-spacing: spacing breaks the headstroke and the conjuncts. */
const spacedHindi = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && /[\u0900-\u097F]/.test(n.textContent ?? '')))
      .filter((el) => getComputedStyle(el).letterSpacing !== 'normal')
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}: ${el.textContent?.trim().slice(0, 30)} (${getComputedStyle(el).letterSpacing})`),
  );

describe('the player site in Hindi', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const stamp = Date.now().toString(36);
  const player = { name: 'Ravi Kumar', email: `ravi.${stamp}@e2e.test`, phone: freshPhone(), password: 'Chicken#2024' };

  beforeAll(async () => {
    await ensureUpiQr();
    browser = await launch();
    // A phone whose browser prefers Hindi: the first visit is in Hindi.
    context = await browser.newContext({ viewport: PHONE, baseURL: baseURL(), locale: 'hi-IN' });
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('opens in Hindi for a browser that prefers it, with the Devanagari font loaded and only the Hindi catalog', async () => {
    const scripts: string[] = [];
    page.on('request', (req) => req.resourceType() === 'script' && scripts.push(new URL(req.url()).pathname));
    await page.goto('/');
    await page.getByRole('link', { name: 'रजिस्टर करें' }).waitFor();
    expect(await page.evaluate(() => document.fonts.check('1em "Noto Sans Devanagari"', 'शेष'))).toBe(true);
    expect(scripts.some((s) => /\/hi-[\w-]+\.js$/.test(s))).toBe(true);
    // The font came before the first Hindi paint: nothing moved when it arrived.
    await page.waitForTimeout(1000);
    const shifted = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let sum = 0;
          new PerformanceObserver((list) => {
            for (const e of list.getEntries()) sum += (e as unknown as { value: number }).value;
          }).observe({ type: 'layout-shift', buffered: true });
          setTimeout(() => resolve(sum), 300);
        }),
    );
    expect(shifted).toBeLessThan(0.01);
    await look(page, 'home');
  });

  it('signs up and verifies in Hindi, with the codes sent in Hindi', async () => {
    await page.goto('/signup');
    await page.getByRole('heading', { name: 'अपना खाता बनाएं' }).waitFor();
    await page.getByRole('button', { name: 'खाता बनाएं' }).click();
    await page.getByText('नाम ज़रूरी है', { exact: true }).waitFor();
    await look(page, 'registration');
    await page.getByLabel('पूरा नाम', { exact: true }).fill(player.name);
    await page.getByLabel('ई-मेल', { exact: true }).fill(player.email);
    await page.getByLabel('फ़ोन नंबर', { exact: true }).fill(player.phone.national);
    await page.getByLabel('पासवर्ड', { exact: true }).fill(player.password);
    await page.getByLabel('पासवर्ड की पुष्टि', { exact: true }).fill(player.password);
    await page.getByRole('checkbox', { name: /मेरी उम्र 18 साल/ }).check();
    await page.getByRole('button', { name: 'खाता बनाएं' }).click();

    const dialog = page.getByRole('dialog', { name: 'अपना खाता वेरिफ़ाई करें' });
    await dialog.getByText('रजिस्ट्रेशन सफल! कृपया अपना ई-मेल और फ़ोन नंबर वेरिफ़ाई करें।').waitFor();
    const mail = await messageFor(player.email, 'email');
    const sms = await messageFor(player.phone.e164, 'sms');
    expect(mail.text).toContain(`आपका Rupee Arcade वेरिफ़िकेशन कोड ${mail.code} है।`);
    expect(sms.text).toBe(`${sms.code} Rupee Arcade का OTP है। 10 मिनट तक मान्य। किसी को न बताएं।`);
    await dialog.getByRole('textbox', { name: 'ई-मेल कोड का अंक 1 / 6' }).click();
    await page.keyboard.type(mail.code);
    await dialog.getByRole('textbox', { name: 'SMS कोड का अंक 1 / 6' }).click();
    await page.keyboard.type(sms.code);
    await dialog.getByRole('button', { name: 'खाता वेरिफ़ाई करें' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText('खाता सफलतापूर्वक वेरिफ़ाई हो गया! आप लॉग इन हो गए हैं।').waitFor();
    await expect.poll(() => page.title()).toBe('होम · Rupee Arcade');
  });

  it('deposits in Hindi, and an admin approves it', async () => {
    await page.goto('/deposite');
    await page.getByLabel('राशि (₹)', { exact: true }).fill('1000');
    await page.getByRole('button', { name: 'पेमेंट QR पाएं' }).click();
    // The request for the exact amount, in Hindi: its drawn QR code, the payee and the reference.
    await page.getByRole('img', { name: 'UPI भुगतान का QR कोड: Rupee Arcade को ₹1,000.00' }).waitFor();
    await page.getByRole('heading', { name: 'UPI से ₹1,000.00 भेजें' }).waitFor();
    await page.getByText('पाने वाला', { exact: true }).waitFor();
    expect(await page.locator('.wallet-upi__reference-value').textContent()).toMatch(/^RA[0-9A-HJKMNP-TV-Z]{8}$/);
    await page.getByRole('button', { name: 'राशि बदलें' }).waitFor();
    await page.getByLabel('ट्रांज़ैक्शन आईडी', { exact: true }).fill(`HI${Date.now()}`);
    await look(page, 'deposit');
    const sent = page.waitForResponse((res) => /\/api\/v1\/wallet\/deposit\/[^/]+\/utr$/.test(res.url()) && res.request().method() === 'POST');
    await page.getByRole('button', { name: 'जमा का अनुरोध भेजें' }).click();
    const deposit = (await (await sent).json()) as { data: { _id: string } };
    const done = page.getByRole('dialog', { name: 'जमा का अनुरोध भेजा गया' });
    await done.getByText('आपका जमा अनुरोध सफलतापूर्वक भेज दिया गया है!').waitFor();
    await done.getByRole('button', { name: 'बंद करें' }).click();
    const admin = (await call('POST', '/api/v1/users/login', { email: E2E_ADMIN.email, password: E2E_ADMIN.password })).data as { accessToken: string };
    await call('PUT', '/api/v1/wallet/update-deposite-transaction-status', { id: deposit.data._id, status: 'approved' }, admin.accessToken);
  });

  it('shows the UPI ID whole, never broken inside', async () => {
    await page.goto('/deposite');
    const upi = '.wallet-payto__value';
    await page.locator(upi).waitFor();
    // On one line, all of it in view (the Hindi label and button are wider than the English).
    expect(await linesOf(page, upi)).toBe(1);
    expect(await page.locator(upi).evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await shot(page, 'hindi-deposit-upi');
  });

  it('shows a toast in Hindi: its words, its names for a screen reader and its font, no letter drawn as a box', async () => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL() });
    await page.goto('/deposite');
    await page.getByRole('button', { name: /^UPI आईडी \S+ कॉपी करें$/ }).click();
    const toast = page.locator('.Toastify__toast');
    await toast.getByText('कॉपी हो गया!').waitFor();
    // Held while it is read (a pointer on it pauses it).
    await toast.hover();
    const words = await page.evaluate(() => {
      const root = document.querySelector('.Toastify')!;
      return [
        root.textContent ?? '',
        ...[root, ...root.querySelectorAll('[aria-label], [title]')].flatMap((el) => [el.getAttribute('aria-label') ?? '', el.getAttribute('title') ?? '']),
      ].filter(Boolean);
    });
    expect(english(words)).toEqual([]);
    expect(await toast.evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/^"?Noto Sans Devanagari/);
    const drawn = await devanagariDrawn(page, '.Toastify__toast', /Noto Sans Devanagari/);
    expect(drawn.ok, JSON.stringify(drawn)).toBe(true);
    await shot(page, 'hindi-toast');
  });

  it('plays Chicken Road in Hindi', async () => {
    await page.goto('/chicken-road');
    await page.getByRole('heading', { name: 'Chicken Road' }).waitFor();
    await look(page, 'chicken-road');
    await page.getByRole('button', { name: /के दांव से गेम शुरू करें/ }).click();
    await page.getByRole('button', { name: /कैश आउट करें/ }).waitFor();
    await page.getByRole('button', { name: 'आगे: अगली लेन पार करें (Space)' }).click();
    const result = page.getByRole('dialog', { name: /बधाई हो!|गेम खत्म!/ });
    const cashOut = page.getByRole('button', { name: /कैश आउट करें/ });
    await Promise.race([result.waitFor(), cashOut.waitFor()]);
    if (!(await result.isVisible())) await cashOut.click();
    await result.waitFor();
    expect(await result.textContent()).toMatch(/दांव की राशि₹10\.00/);
    await shot(page, 'hindi-chicken-result');
    await result.getByRole('button', { name: 'फिर से खेलें' }).click();
  });

  it('bets on the colour game in Hindi', async () => {
    await page.goto('/color');
    await page.getByRole('region', { name: 'मौजूदा पीरियड' }).getByText('लाइव', { exact: true }).waitFor();
    await page.getByRole('region', { name: 'दांव लगाएं' }).waitFor();
    await look(page, 'colour-game');
    // Bets close in a period's last seconds: wait for one with time to bet.
    await expect
      .poll(
        async () =>
          (await page.getByRole('button', { name: 'हरा' }).isEnabled()) &&
          Number((await page.getByRole('timer').getAttribute('aria-label'))?.split(' ')[0]) >= 7,
        { timeout: 30_000, interval: 250 },
      )
      .toBe(true);
    await page.getByRole('button', { name: 'हरा' }).click();
    // "हरे पर दांव": the choice in its oblique form before पर, not "हरा पर".
    const sheet = page.getByRole('dialog', { name: 'हरे पर दांव' });
    await sheet.getByText(/^पीरियड \d{12}$/).waitFor();
    await shot(page, 'hindi-colour-bet-sheet');
    await sheet.getByRole('button', { name: /^दांव ₹/ }).click();
    await page.getByText(/दांव लग गया: हरे पर ₹10/).waitFor();
    await page.getByText('इस पीरियड पर आपके दांव').waitFor();
  });

  it('asks before a break in Hindi, saying what the 5-year button stops and for how long', async () => {
    await page.goto('/responsible');
    const section = page.getByRole('region', { name: 'ब्रेक लें' });
    await section.waitFor();
    await section.getByRole('button', { name: 'खेल से खुद पर रोक' }).click();
    await section.getByLabel('अवधि').selectOption('1826');
    await look(page, 'responsible');
    await section.getByRole('button', { name: 'खुद को खेलने से रोकें' }).click();
    const dialog = page.getByRole('dialog', { name: 'खुद को खेलने से रोकें?' });
    await dialog.getByText(/^5 साल के लिए, यानी लगभग .* तक, आप न खेल पाएंगे, न जमा या स्पिन कर पाएंगे।/).waitFor();
    await shot(page, 'hindi-self-exclusion-dialog');
    await dialog.getByRole('button', { name: 'रद्द करें' }).click();
    await section.getByRole('button', { name: 'छोटा ब्रेक' }).click();
    await section.getByLabel('अवधि').selectOption('7');
    await section.getByRole('button', { name: 'ब्रेक शुरू करें' }).click();
    const timeout = page.getByRole('dialog', { name: 'ब्रेक शुरू करें?' });
    await timeout.getByText(/^1 हफ़्ते के लिए, यानी लगभग /).waitFor();
    await timeout.getByRole('button', { name: 'रद्द करें' }).click();
    // The footer on every page: play within your means, said without a rebuke.
    await page.getByText(/मज़े के लिए खेलें, और उतना ही जितना आप खर्च कर सकें।/).waitFor();
  });

  it('draws the wheel’s words in Hindi, in the Devanagari font', async () => {
    // A segment without a prize, so the wheel has words to draw.
    const admin = (await call('POST', '/api/v1/users/login', { email: E2E_ADMIN.email, password: E2E_ADMIN.password })).data as { accessToken: string };
    const [wheel] = await call<{ _id: string; prizes: string[] }[]>('GET', '/api/v1/spinner/prizes');
    if (!wheel.prizes.includes('LOSE')) await call('PUT', `/api/v1/spinner/prize/${wheel._id}`, { prizes: [...wheel.prizes, 'LOSE'] }, admin.accessToken);
    try {
      // What the canvas is asked to write, and in which font (a canvas takes no font from CSS by itself).
      await page.addInitScript(() => {
        const drawn: { text: string; font: string }[] = [];
        (window as unknown as { __drawn: typeof drawn }).__drawn = drawn;
        const fillText = CanvasRenderingContext2D.prototype.fillText;
        CanvasRenderingContext2D.prototype.fillText = function (text, x, y, maxWidth) {
          drawn.push({ text: String(text), font: this.font });
          return fillText.call(this, text, x, y, maxWidth);
        };
      });
      await page.goto('/spinner');
      await page.getByRole('button', { name: 'घुमाएं' }).waitFor();
      const drawn = await page.evaluate(() => (window as unknown as { __drawn: { text: string; font: string }[] }).__drawn);
      const words = [...new Set(drawn.map((d) => d.text))];
      expect(words).toContain('कोई इनाम नहीं');
      expect(english(words)).toEqual([]);
      expect(drawn.filter((d) => !/\d+px "?Noto Sans Devanagari/.test(d.font)).map((d) => d.font)).toEqual([]);
      expect(await page.evaluate((all) => all.every(({ font, text }) => document.fonts.check(font, text)), drawn)).toBe(true);
      expect(english([(await page.getByRole('img', { name: /^इनाम का पहिया/ }).getAttribute('aria-label')) ?? ''])).toEqual([]);
      await shot(page, 'hindi-spinner-wheel');
    } finally {
      await call('PUT', `/api/v1/spinner/prize/${wheel._id}`, { prizes: wheel.prizes }, admin.accessToken);
    }
  });

  it('spins the wheel in Hindi and reads the bets', async () => {
    await page.goto('/spinner');
    await page.getByRole('button', { name: 'घुमाएं' }).click();
    await page
      .getByText(/आपने ₹[0-9,.]+ जीते|इस बार कोई इनाम नहीं/)
      .first()
      .waitFor({ timeout: 15_000 });
    await page.goto('/bets');
    await page.getByRole('heading', { name: 'सभी दांव' }).waitFor();
    await page.getByRole('columnheader', { name: 'तारीख' }).waitFor();
    await look(page, 'bets');
  });

  it('shows no English sentence on any player screen in Hindi, and no Hindi with letter-spacing', async () => {
    const found: string[] = [];
    const spaced: string[] = [];
    for (const path of [
      '/',
      '/ranking',
      '/bets',
      '/profile',
      '/deposite',
      '/withdraw',
      '/transactions',
      '/spinner',
      '/chicken-road',
      '/chicken-road/demo',
      '/color',
      '/color/fairness',
      '/fairness',
      '/responsible',
      '/safer-play',
      '/terms',
      '/privacy',
      '/change-password',
      '/refer-earn',
      '/payment',
      '/paymentsuccess',
      '/telegram-subscription/chicken',
    ]) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(300);
      // Visible text and the names a screen reader reads (labels, placeholders, titles).
      const texts = await page.evaluate(() => {
        const out: string[] = [];
        const walker = document.createTreeWalker(document.querySelector('#root')!, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          const el = n.parentElement!;
          if (el.closest('code, .color-rules__hash, [data-testid=previous-server-seed]')) continue;
          if (n.textContent?.trim()) out.push(n.textContent.trim());
        }
        for (const el of document.querySelectorAll('#root [aria-label], #root [placeholder], #root [title]'))
          for (const name of ['aria-label', 'placeholder', 'title']) if (el.getAttribute(name)) out.push(el.getAttribute(name)!);
        return out;
      });
      for (const text of english(texts, [player.name])) found.push(`${path}: ${text}`);
      for (const el of await spacedHindi(page)) spaced.push(`${path}: ${el}`);
    }
    expect([...new Set(found)]).toEqual([]);
    expect([...new Set(spaced)]).toEqual([]);
  });

  it('switches language from the side menu, and the server keeps the choice', async () => {
    await page.goto('/');
    await page.getByRole('button', { name: `${player.name} का मेन्यू खोलें` }).click();
    const menu = page.getByRole('dialog', { name: 'मेन्यू' });
    await menu.getByRole('group', { name: 'भाषा' }).waitFor();
    await look(page, 'side-menu');
    await menu.getByRole('button', { name: 'English' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.getByRole('link', { name: /Balance ₹/ }).waitFor();
    await expect.poll(async () => ((await (await page.request.get('/api/v1/users/me')).json()) as { user?: { language?: string } }).user?.language).toBe('en');
    // The same screens in English, to compare: the UPI ID whole, a toast, the wheel.
    await page.goto('/deposite');
    await page.locator('.wallet-payto__value').waitFor();
    expect(await linesOf(page, '.wallet-payto__value')).toBe(1);
    await shot(page, 'english-deposit-upi');
    await page.getByRole('button', { name: /^Copy UPI ID / }).click();
    await page.locator('.Toastify__toast').getByText('Copied to clipboard!').waitFor();
    await page.locator('.Toastify__toast').hover();
    await shot(page, 'english-toast');
    await page.goto('/spinner');
    await page.getByRole('button', { name: 'Spin' }).waitFor();
    await shot(page, 'english-spinner-wheel');
    // Back to Hindi for a signed-out visitor on the sign-in screen: remembered on this browser.
    await page.request.post('/api/v1/users/logout');
    await page.evaluate(() => localStorage.removeItem('user'));
    await page.goto('/login');
    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'हिन्दी' }).click();
    await page.getByRole('heading', { name: 'फिर से स्वागत है' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'फिर से स्वागत है' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('hi');
    await look(page, 'sign-in');
  });
});

describe('the language switch on an English screen', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('writes हिन्दी in a font of its own before any Hindi is loaded, which only a screen with the switch fetches', async () => {
    const context = await browser.newContext({ viewport: PHONE, baseURL: baseURL(), locale: 'en-IN', serviceWorkers: 'block' });
    const page = await context.newPage();
    const fetched: string[] = [];
    page.on('request', (req) => fetched.push(new URL(req.url()).pathname));
    await page.goto('/', { waitUntil: 'networkidle' });
    expect(fetched.filter((path) => /\.woff2?$/.test(path))).toEqual([]);
    await page.goto('/login');
    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'हिन्दी' }).waitFor();
    await page.evaluate(() => document.fonts.ready);
    // On a machine without a Devanagari font of its own, as this one is: drawn in the switch's font, no box.
    const drawn = await devanagariDrawn(page, '.language-switch button[lang="hi"]', /Noto Sans Devanagari/);
    expect(drawn.ok, JSON.stringify(drawn)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(fetched.filter((path) => /\/hi-[\w-]+\.js$|noto-sans-devanagari/.test(path))).toEqual([]);
    expect(fetched.filter((path) => /\.woff2$/.test(path))).toHaveLength(1);
    await shot(page, 'english-sign-in');
    await context.close();
  });
});
