import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { checkInternationalPhone } from '../../contracts/accounts';
import { launch, newPage, outboxCodes, shot, closeToasts as closeAllToasts } from './browser';

/** An Indian mobile number nobody has registered in this run. */
function freshPhone(): { national: string; e164: string } {
  for (;;) {
    const national = `98${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const checked = checkInternationalPhone(`+91${national}`);
    if (checked.ok) return { national, e164: checked.e164 };
  }
}

/** The newest code sent to an address over a channel, waiting until more than `seen` messages exist. */
async function codeFor(to: string, channel: 'email' | 'sms', seen = 0): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const messages = await outboxCodes(to);
    const found = messages.length > seen && messages.find((m) => m.channel === channel && m.code);
    if (found) return found.code;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no ${channel} code for ${to}`);
}

/** Pastes text into an element the way a browser does (a paste event carrying clipboard data). */
async function paste(page: Page, selector: string, text: string) {
  await page
    .locator(selector)
    .first()
    .evaluate((el, value) => {
      const data = new DataTransfer();
      data.setData('text/plain', value);
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, text);
}

/** A still picture of the screen: toasts closed (when asked) and the page scrolled to the top. */
async function picture(page: Page, name: string, { closeToasts = false } = {}) {
  if (closeToasts) await closeAllToasts(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(250);
  await shot(page, name);
}

describe('player accounts in the browser', () => {
  let browser: Browser;
  let page: Page & { problems?: string[] };
  const stamp = Date.now().toString(36);
  const player = { name: 'Asha Verma', email: `asha.${stamp}@e2e.test`, phone: freshPhone(), password: 'Chicken#2024' };

  beforeAll(async () => {
    browser = await launch();
    page = await newPage(browser);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows every register rule after blur and on submit', async () => {
    await page.goto('/signup');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect.poll(() => page.getByText('Please fix the errors above and try again.').isVisible()).toBe(true);
    for (const message of [
      'Name is required',
      'Email is required',
      'Phone number is required',
      'Password is required',
      'Please confirm your password',
      'Please confirm that you are 18 or older',
    ]) {
      expect(await page.getByText(message, { exact: true }).isVisible(), message).toBe(true);
    }
    await page.getByLabel('Full Name', { exact: true }).fill('A');
    await page.getByLabel('Email', { exact: true }).fill('asha@');
    await page.getByLabel('Phone Number', { exact: true }).fill('12-34ab5');
    expect(await page.getByLabel('Phone Number', { exact: true }).inputValue()).toBe('12345');
    await page.getByLabel('Password', { exact: true }).fill('chicken');
    await page.getByLabel('Confirm Password', { exact: true }).fill('chickens');
    await page.getByLabel('Confirm Password', { exact: true }).blur();
    await expect.poll(() => page.getByText('Name must be at least 2 characters long').isVisible()).toBe(true);
    expect(await page.getByText('Please enter a valid email address').isVisible()).toBe(true);
    expect(await page.getByText('Invalid phone number format for India').isVisible()).toBe(true);
    expect(await page.getByText('Password must be at least 8 characters long').isVisible()).toBe(true);
    expect(await page.getByText('Passwords do not match').isVisible()).toBe(true);
    expect(await page.getByRole('meter', { name: 'Password strength' }).getAttribute('aria-valuetext')).toBe('Very Weak');
    await picture(page, 'register-errors');
  });

  it('registers, verifies both codes and lands signed in on /', async () => {
    await page.getByLabel('Full Name', { exact: true }).fill(player.name);
    await page.getByLabel('Email', { exact: true }).fill(player.email);
    await page.getByLabel('Phone Number', { exact: true }).fill(player.phone.national);
    await page.getByLabel('Password', { exact: true }).fill(player.password);
    await page.getByLabel('Confirm Password', { exact: true }).fill(player.password);
    expect(await page.getByRole('meter', { name: 'Password strength' }).getAttribute('aria-valuetext')).toBe('Strong');
    await page.getByRole('checkbox', { name: /I am 18 or older/ }).check();
    await page.getByRole('button', { name: 'Create Account' }).click();

    const dialog = page.getByRole('dialog', { name: 'Verify your account' });
    await dialog.waitFor();
    await dialog.getByText('Registration successful! Please verify your email and phone number.').waitFor();
    // The codes have just been sent: Resend counts down from the moment the dialog opens.
    const resend = dialog.getByRole('button', { name: /^Resend in \d+s$/ });
    await resend.waitFor();
    expect(await resend.isDisabled()).toBe(true);
    expect(Number((await resend.textContent())?.match(/\d+/)?.[0])).toBeGreaterThan(50);
    await picture(page, 'otp-modal');

    // Too short first: the modal says what is wrong and stays open.
    await dialog.getByRole('button', { name: 'Verify Account' }).click();
    await dialog.getByText('Please enter 6-digit OTP code').waitFor();

    const emailCode = await codeFor(player.email, 'email');
    const smsCode = await codeFor(player.phone.e164, 'sms');
    await dialog.getByRole('textbox', { name: 'Email code digit 1 of 6' }).click();
    await page.keyboard.type(emailCode);
    // This server sends both codes, so it refuses the e-mail code alone and the SMS row is marked.
    await dialog.getByRole('button', { name: 'Verify Account' }).click();
    await expect.poll(() => dialog.getByRole('textbox', { name: 'SMS code digit 1 of 6' }).getAttribute('aria-invalid')).toBe('true');
    expect(await dialog.getByRole('alert').textContent()).toBe('Please enter 6-digit OTP code');
    // Typed again over digits already there, every keystroke moves on, also a digit equal to the one in its box.
    const digits = (row: string) => Promise.all([1, 2, 3, 4, 5, 6].map((n) => dialog.getByRole('textbox', { name: `${row} digit ${n} of 6` }).inputValue()));
    await dialog.getByRole('textbox', { name: 'SMS code digit 1 of 6' }).click();
    await page.keyboard.type('111111');
    expect((await digits('SMS code')).join('')).toBe('111111');
    await dialog.getByRole('textbox', { name: 'SMS code digit 1 of 6' }).click();
    await page.keyboard.type('121212');
    expect((await digits('SMS code')).join('')).toBe('121212');
    await dialog.getByRole('textbox', { name: 'Email code digit 1 of 6' }).click();
    await page.keyboard.type(emailCode);
    expect((await digits('Email code')).join('')).toBe(emailCode);
    expect(await dialog.getByRole('textbox', { name: 'SMS code digit 1 of 6' }).evaluate((el) => el === document.activeElement)).toBe(true);
    await picture(page, 'otp-retyped');
    await paste(page, '[aria-label="SMS code digit 1 of 6"]', smsCode);
    expect(await dialog.getByRole('textbox', { name: 'SMS code digit 6 of 6' }).inputValue()).toBe(smsCode[5]);
    await dialog.getByRole('button', { name: 'Verify Account' }).click();

    await page.waitForURL((url) => url.pathname === '/');
    // Signed in by the site itself right after verifying: the toast says so (not "You can now sign in.").
    await page.getByText('Account verified successfully! You are signed in.').waitFor();
    await expect.poll(() => page.title()).toBe('Home · Rupee Arcade');
    await page.getByRole('button', { name: `Open menu for ${player.name}` }).waitFor();
    // The session is the httpOnly cookies; no token is readable by a script, only the refresh hint.
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    expect(await page.evaluate(() => document.cookie)).toBe('refreshToken=1');
    expect(
      (await page.context().cookies())
        .filter((c) => c.httpOnly)
        .map((c) => c.name)
        .sort(),
    ).toEqual(['accessToken', 'refreshSecret']);
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('user'))) ?? '{}').email).toBe(player.email);
    await page.getByRole('link', { name: 'Deposit', exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Chicken Road' }).waitFor();
    await picture(page, 'home-signed-in', { closeToasts: true });
  });

  it('opens the side menu and the profile', async () => {
    await page.getByRole('button', { name: `Open menu for ${player.name}` }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.waitFor();
    for (const item of ['Change Password', 'Chicken Road', 'Transactions', 'Spinner', 'All Bets', 'Ranking', 'Help & Support', 'Refer & Earn', 'Sign out']) {
      expect(await menu.getByText(item, { exact: true }).isVisible(), item).toBe(true);
    }
    expect(await menu.getByText('Admin', { exact: true }).count()).toBe(0);
    await picture(page, 'side-menu');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });

    await page.getByRole('link', { name: 'Mine' }).click();
    await page.getByText('Available(₹)').waitFor();
    await page.getByText(player.phone.e164).waitFor();
    await expect.poll(() => page.locator('.auth-profile__balance-value').textContent()).toBe('0');
    await picture(page, 'profile');
  });

  it('signs out, then signs in by phone', async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('link', { name: 'Login' }).first().waitFor();
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    expect(await page.context().cookies()).toEqual([]);

    await page.goto('/login');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Please fill in all fields').waitFor();
    await page.getByLabel('Email or Phone', { exact: true }).fill(player.phone.national);
    await page.getByLabel('Password', { exact: true }).fill('Wrong#Pass1');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Invalid credentials or user not verified').waitFor();
    await page.getByLabel('Password', { exact: true }).fill(player.password);
    await picture(page, 'login');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    // Home itself, not only the URL: a menu opened before the app has moved to the new page closes with the move.
    await page.getByRole('heading', { name: 'Games' }).waitFor();
    await page.getByRole('button', { name: `Open menu for ${player.name}` }).waitFor();
    // Signed in, the sign-in screen is not shown again: its address leads home.
    await page.goto('/login');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { name: 'Games' }).waitFor();
  });

  it('resets a forgotten password with an e-mailed code', async () => {
    await page.getByRole('button', { name: `Open menu for ${player.name}` }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('link', { name: 'Login' }).first().waitFor();
    await page.goto('/login');
    await page.getByLabel('Email or Phone', { exact: true }).fill(player.email);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    const before = (await outboxCodes(player.email)).length;
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByText('If an account exists for these details, we have sent a reset code to it.').waitFor();
    const code = await codeFor(player.email, 'email', before);
    await page.getByRole('textbox', { name: 'Reset code digit 1 of 6' }).click();
    await page.keyboard.type(code);
    player.password = 'Rooster#2025';
    await page.getByLabel('New Password', { exact: true }).fill(player.password);
    await page.getByLabel('Confirm New Password', { exact: true }).fill(player.password);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByRole('button', { name: 'Login' }).waitFor();
    expect(await page.getByLabel('Email or Phone', { exact: true }).inputValue()).toBe(player.email);
    await page.getByLabel('Password', { exact: true }).fill(player.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: `Open menu for ${player.name}` }).waitFor();
  });

  it('answers an unknown path with 404 - Not Found', async () => {
    await page.goto('/no-such-page');
    await page.getByRole('heading', { name: '404 - Not Found' }).waitFor();
    await picture(page, 'not-found');
    expect(page.problems ?? []).toEqual([]);
  });
});
