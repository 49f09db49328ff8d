import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import RegisterPage from '../features/auth/RegisterPage';
import TransactionsPage from '../features/wallet/TransactionsPage';
import { ApiError, errorMessage } from '../lib/api';
import { chooseLanguage, t } from '../lib/i18n';
import { mockApi, renderApp, signIn } from '../lib/test-utils';

/** Sentences Hindi must say whole or in its own grammar, not as English pieces joined in code. */
describe('Hindi sentences', () => {
  it('says the sign-up consent and the 18+ line each as one sentence, with the links inside', async () => {
    renderApp([{ path: '/signup', element: <RegisterPage /> }], { path: '/signup' });
    const consent = screen.getByRole('link', { name: 'Terms of Service' }).closest('p')!;
    expect(consent.textContent).toBe('By creating an account you agree to our Terms of Service and Privacy Policy.');
    expect(
      screen
        .getByRole('checkbox', { name: /I am 18 or older/ })
        .closest('div')!
        .querySelector('label')!.textContent,
    ).toBe('18+ I am 18 or older. Play is for adults only: see Safer play.');
  });

  it('in Hindi, with the Hindi word order and full stop', async () => {
    await chooseLanguage('hi');
    renderApp([{ path: '/signup', element: <RegisterPage /> }], { path: '/signup' });
    const consent = screen.getByRole('link', { name: 'सेवा की शर्तों' }).closest('p')!;
    expect(consent.textContent).toBe('खाता बनाकर आप हमारी सेवा की शर्तों और गोपनीयता नीति से सहमत होते हैं।');
    expect(within(consent).getByRole('link', { name: 'गोपनीयता नीति' })).toHaveAttribute('href', '/privacy');
    const age = screen
      .getByRole('checkbox', { name: /मेरी उम्र 18 साल/ })
      .closest('div')!
      .querySelector('label')!;
    expect(age.textContent).toBe('18+ मेरी उम्र 18 साल या उससे ज़्यादा है। खेल केवल वयस्कों के लिए है: सुरक्षित खेल देखें।');
    expect(within(age).getByRole('link', { name: 'सुरक्षित खेल' })).toHaveAttribute('href', '/safer-play');
  });

  it('names a deposit row "जमा", not the button’s "जमा करें", and the withdraw button "पैसे निकालें"', async () => {
    await chooseLanguage('hi');
    signIn();
    const tx = {
      _id: 't1',
      id: 't1',
      type: 'deposit',
      method: 'UPI',
      amount: 100,
      status: 'pending',
      direction: 'credit',
      createdAt: '2025-01-05T10:00:00.000Z',
    };
    mockApi({ 'GET /api/v1/wallet/history': () => ({ body: { success: true, data: { transactions: [tx], totalPages: 1, page: 1, total: 1 } } }) });
    renderApp(<TransactionsPage />);
    const table = await screen.findByRole('table');
    expect(within(table).getByText('जमा', { exact: false }).closest('td')!.firstChild!.textContent).toBe('जमा');
    expect(within(table).getByText('पेंडिंग')).toBeInTheDocument();
    expect(t('Deposit')).toBe('जमा करें');
    expect([t('Withdraw'), t('Withdraw', { context: 'button' })]).toEqual(['निकासी', 'पैसे निकालें']);
  });

  it('says until when a refusal during a break lasts, in Hindi from the break the server sends', async () => {
    const body = {
      success: false,
      code: 'SELF_EXCLUDED',
      data: { kind: 'timeout', startedAt: '2026-11-23T10:00:00.000Z', endsAt: '2026-11-30T11:30:00.000Z' },
    };
    const english = 'You are taking a time-out until 2026-11-30 05:00 PM (India time). You can still withdraw your balance and see your history.';
    const err = new ApiError(403, english, 'SELF_EXCLUDED', { ...body, message: english });
    expect(errorMessage(err, 'Failed')).toBe(english);
    await chooseLanguage('hi');
    expect(errorMessage(err, 'Failed')).toBe('आप 2026-11-30 05:00 PM तक ब्रेक पर हैं। आप अब भी अपना बैलेंस निकाल सकते हैं और अपना इतिहास देख सकते हैं।');
    const excluded = new ApiError(403, english, 'SELF_EXCLUDED', { ...body, data: { ...body.data, kind: 'self-exclusion' } });
    expect(errorMessage(excluded, 'Failed')).toMatch(/^आपने 2026-11-30 05:00 PM तक खुद को खेलने से रोका है।/);
    // Without the break's data: the code's own words, with no "तब तक" pointing at nothing.
    expect(errorMessage(new ApiError(403, english, 'SELF_EXCLUDED', {}), 'Failed')).toMatch(
      /^आप ब्रेक पर हैं या आपने खुद को खेलने से रोका हुआ है, इसलिए अभी यह नहीं हो सकता।/,
    );
  });
});
