import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatRupees } from '../../../contracts/amounts';
import { Link } from 'react-router';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { chooseLanguage, currentLanguage, serverText, t } from './i18n';
import { syncLanguageWithAccount } from './languageSync';
import { session } from './session';
import { Tr } from './Tr';
import { mockApi, renderApp, signIn } from './test-utils';

describe('the words of the player site', () => {
  it('speaks English from the source text, and Hindi once chosen, with the page marked as Hindi', async () => {
    expect(t('Deposit')).toBe('Deposit');
    expect(t('Bet {{amount}}', { amount: '₹10' })).toBe('Bet ₹10');
    await chooseLanguage('hi');
    expect(currentLanguage()).toBe('hi');
    expect(document.documentElement.lang).toBe('hi');
    expect(localStorage.getItem('lang')).toBe('hi');
    expect(t('Deposit')).toBe('जमा करें');
    expect(t('Bet {{amount}}', { amount: '₹10' })).toBe('दांव ₹10');
  });

  it('counts in each language’s own plural forms', async () => {
    expect([1, 2].map((count) => t('{{count}} weeks', { count }))).toEqual(['1 week', '2 weeks']);
    expect(t('{{count}} days', { count: 0 })).toBe('0 days');
    await chooseLanguage('hi');
    expect([1, 2].map((count) => t('{{count}} weeks', { count }))).toEqual(['1 हफ़्ता', '2 हफ़्ते']);
  });

  it('shows a server message in Hindi by its words or its code, and its English when Hindi has neither', async () => {
    expect(serverText('Old password is incorrect', 'BAD_REQUEST')).toBe('Old password is incorrect');
    await chooseLanguage('hi');
    expect(serverText('Old password is incorrect', 'BAD_REQUEST')).toBe('पुराना पासवर्ड गलत है');
    expect(serverText('Insufficient balance to place this bet.', 'INSUFFICIENT_BALANCE')).toBe('आपका बैलेंस कम है।');
    expect(serverText('Something only the server says.', 'NO_SUCH_CODE')).toBe('Something only the server says.');
  });

  it('writes rupees as en-IN and hi-IN do (₹1,00,000), without loading the locale data on every screen', () => {
    for (const value of [0, 0.4, 7, 1234.5, 100000, 12345678.9, -2500]) {
      for (const locale of ['en-IN', 'hi-IN']) {
        const intl = new Intl.NumberFormat(locale, { style: 'currency', currency: 'INR', minimumFractionDigits: 2 }).format(value);
        expect(formatRupees(value).replace('-', '−'), `${value} in ${locale}`).toBe(intl.replace(/\s/g, '').replace('-', '−').replace(/^−₹/, '₹−'));
      }
    }
  });

  it('switches from the language buttons, and saves a signed-in player’s choice on the server', async () => {
    const api = mockApi({ 'PUT /api/v1/users/language': ({ body }) => ({ body: { success: true, data: body } }) });
    signIn();
    syncLanguageWithAccount();
    renderApp(<LanguageSwitch />);
    const hindi = screen.getByRole('button', { name: 'हिन्दी' });
    expect(hindi).toHaveAttribute('lang', 'hi');
    expect(hindi).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(hindi);
    await waitFor(() => expect(screen.getByRole('button', { name: 'हिन्दी' })).toHaveAttribute('aria-pressed', 'true'));
    await waitFor(() => expect(api.find('PUT', '/api/v1/users/language').map((c) => c.body)).toEqual([{ language: 'hi' }]));
    await waitFor(() => expect(session.user()?.language).toBe('hi'));
    expect(screen.getByRole('group', { name: 'भाषा' })).toBeInTheDocument();
  });

  it('draws a sentence with a link in each language’s own order, and a value never becomes a tag', async () => {
    const sentence = 'Your balance is {{amount}}. <deposit>Deposit</deposit> to play, or <demo>try the demo</demo> with play money.';
    const parts = { deposit: <Link to="/deposite" />, demo: <Link to="/chicken-road/demo" /> };
    const { container, unmount } = renderApp(<Tr text={sentence} values={{ amount: '₹0.00' }} parts={parts} />);
    expect(container.textContent).toBe('Your balance is ₹0.00. Deposit to play, or try the demo with play money.');
    expect(screen.getByRole('link', { name: 'Deposit' })).toHaveAttribute('href', '/deposite');
    unmount();
    await chooseLanguage('hi');
    const hindi = renderApp(<Tr text={sentence} values={{ amount: '<b>₹0.00</b>' }} parts={parts} />);
    expect(hindi.container.textContent).toBe('आपका बैलेंस <b>₹0.00</b> है। खेलने के लिए जमा करें, या खेल के पैसों से डेमो आज़माएं।');
    expect(screen.getByRole('link', { name: 'जमा करें' })).toHaveAttribute('href', '/deposite');
    expect(hindi.container.querySelector('b')).toBeNull();
  });

  it('shows the account’s language after a sign-in on a browser where nobody picked one', async () => {
    mockApi({});
    syncLanguageWithAccount();
    expect(currentLanguage()).toBe('en');
    session.set(signIn({ language: 'hi' }));
    await waitFor(() => expect(currentLanguage()).toBe('hi'));
    expect(localStorage.getItem('lang')).toBeNull();
  });
});
