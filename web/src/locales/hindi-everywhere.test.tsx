import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OtpModal } from '../features/auth/OtpModal';
import LoginPage from '../features/auth/LoginPage';
import RegisterPage from '../features/auth/RegisterPage';
import { MiniRoad } from '../features/chicken/components/MiniRoad';
import FairnessPage from '../features/chicken/FairnessPage';
import ColorGamePage from '../features/color/ColorGamePage';
import { drawWheel } from '../features/spinner/wheel';
import WithdrawPage from '../features/wallet/WithdrawPage';
import { ApiError, errorMessage } from '../lib/api';
import { chooseLanguage, serverText, t } from '../lib/i18n';
import { mockApi, renderApp, signIn } from '../lib/test-utils';
import { notify } from '../lib/toast';

vi.mock('socket.io-client', () => ({ io: () => ({ on: () => undefined, disconnect: () => undefined }) }));

const ok = (data: unknown) => ({ body: { success: true, message: 'ok', data } });
const USER_ID = '0b5f7c1e-3a3b-4c55-9d7e-2f1a9c8b7d6e';
const CHAIN = {
  id: 1,
  status: 'running',
  terminalHash: 'ab'.repeat(32),
  chainLength: 1000,
  roundSeconds: 60,
  madeAt: '2026-11-23T18:29:00.000Z',
  publishedAt: '2026-11-23T18:29:00.000Z',
  saltBlock: 950000,
  saltBlockAt: '2026-11-23T18:29:00.000Z',
  salt: '00000000' + 'cd'.repeat(28),
  saltSource: 'bitcoin',
  saltedAt: '2026-11-23T18:29:00.000Z',
  verifiable: true,
  notice: 'Salt: the hash of Bitcoin block 950000, a block mined after this chain was published.',
  epoch: '2026-11-23T18:30:00.000Z',
  firstSeq: 1,
  firstPeriod: '202611240001',
  lastPeriod: '202611260640',
};
/** Any word of three Latin letters or more: none is left in a Hindi text but names (UPI, OTP, SMS). */
const englishWord = /\b(?!(?:UPI|OTP|SMS|TRC20|ERC20|IFSC|SBIN\w*)\b)[A-Za-z]{3,}\b/;

/** Every text in Hindi is Hindi: what the server says in English, what the screens build in code, and what only a screen reader reads. */
describe('Hindi everywhere', { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('says a server’s English with no Hindi of its own in the screen’s words instead', async () => {
    expect(serverText('Something only the server says.', undefined, 'Fallback')).toBe('Something only the server says.');
    await chooseLanguage('hi');
    expect(serverText('Something only the server says.', 'NO_SUCH_CODE', t('Try again'))).toBe('फिर से कोशिश करें');
    expect(serverText('Old password is incorrect', undefined, t('Try again'))).toBe('पुराना पासवर्ड गलत है');
    // A refusal without a code (a proxy's "Bad Gateway") and a refused field without Hindi.
    expect(errorMessage(new ApiError(502, 'Request failed (502)'), t('Could not load the history.'))).toBe(t('Could not load the history.'));
    const refused = new ApiError(400, 'Validation failed', 'VALIDATION_ERROR', { errors: [{ message: 'A rule only the server has' }] });
    expect(errorMessage(refused, t('Try again'))).toBe(t('code:VALIDATION_ERROR'));
  });

  it('says a resend of the codes in Hindi, though the server names its channels in English', async () => {
    await chooseLanguage('hi');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    mockApi({
      'POST /api/v1/otp/resend': () => ({ body: { success: true, message: 'A new code has been sent to your email and SMS.', data: { retryAfter: 60 } } }),
    });
    renderApp(<OtpModal open userId={USER_ID} email="asha@example.com" phoneNumber="+919876543210" onVerified={vi.fn()} onCancel={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'अपना खाता वेरिफ़ाई करें' });
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    await user.click(within(dialog).getByRole('button', { name: 'OTP फिर से भेजें' }));
    expect(await within(dialog).findByText('नए कोड भेजे जा रहे हैं।')).toBeInTheDocument();
    expect(within(dialog).queryByText(/A new code/)).not.toBeInTheDocument();
  });

  it('says in Hindi which code a registration could not send', async () => {
    await chooseLanguage('hi');
    const user = userEvent.setup();
    mockApi({
      'POST /api/v1/users/register': () => ({
        status: 201,
        body: {
          success: true,
          // Words the catalog does not have: the screen says it from `undelivered`.
          message: 'Registered; the SMS code did not go out. Use Resend OTP.',
          data: { _id: USER_ID, fullName: 'Asha Rao', email: 'asha@example.com', phoneNumber: '+919876543210' },
          userId: USER_ID,
          undelivered: ['sms'],
        },
      }),
    });
    const { container } = renderApp([{ path: '/signup', element: <RegisterPage /> }], { path: '/signup' });
    const input = (name: string) => container.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
    await user.type(input('fullName'), 'Asha Rao');
    await user.type(input('email'), 'asha@example.com');
    await user.type(input('phone'), '9876543210');
    await user.type(input('password'), 'Secret#123');
    await user.type(input('confirmPassword'), 'Secret#123');
    await user.click(input('ageConfirmed'));
    await user.click(screen.getByRole('button', { name: 'खाता बनाएं' }));
    const dialog = await screen.findByRole('dialog', { name: 'अपना खाता वेरिफ़ाई करें' });
    expect(within(dialog).getByText('रजिस्ट्रेशन सफल, लेकिन आपका SMS कोड नहीं भेजा जा सका। कृपया ‘OTP फिर से भेजें’ दबाएं।')).toBeInTheDocument();
  });

  it('reads the same in Hindi whether or not the account exists', async () => {
    await chooseLanguage('hi');
    const user = userEvent.setup();
    mockApi({ 'POST /api/v1/users/request-reset-otp': () => ({ status: 404, body: { success: false, message: 'No such user' } }) });
    renderApp([{ path: '/login', element: <LoginPage /> }], { path: '/login?forgot=nobody@example.com' });
    await user.click(await screen.findByRole('button', { name: 'कोड भेजें' }));
    expect(await screen.findByText(t('If an account exists for these details, we have sent a reset code to it.'))).toBeInTheDocument();
    expect(screen.queryByText(/If an account exists/)).not.toBeInTheDocument();
  });

  it('names the verified road’s lanes in Hindi, and a spin’s segment without a prize', async () => {
    await chooseLanguage('hi');
    renderApp(<MiniRoad difficulty="Easy" traps={[2]} />);
    const road = screen.getByRole('list', { name: /^\d+ लेन वाली आसान सड़क$/ });
    const lanes = within(road).getAllByRole('listitem');
    expect(lanes[2]).toHaveAccessibleName('लेन 3: जाल');
    expect(lanes[0]).toHaveAccessibleName(/^लेन 1: सुरक्षित, \d+\.\d\dx$/);
    expect(lanes.map((lane) => lane.getAttribute('aria-label')).filter((name) => englishWord.test(name ?? ''))).toEqual([]);
  });

  it('says a spin’s segment without a prize in Hindi on the check page, not "LOSE"', async () => {
    await chooseLanguage('hi');
    signIn();
    mockApi({ 'GET /api/v1/fairness': () => ok({ serverSeedHash: 'cd'.repeat(32), clientSeed: 'lucky', nonce: 4 }) });
    const seed = 'a'.repeat(64);
    const { createHash } = await import('node:crypto');
    const query = new URLSearchParams({
      game: 'spin',
      serverSeed: seed,
      clientSeed: 'player-seed',
      nonce: '0',
      hash: createHash('sha256').update(seed).digest('hex'),
      segment: '1',
      prizes: '10,LOSE,20,50,5,LOSE,100,15',
    });
    renderApp(<FairnessPage />, { path: `/fairness?${query}` });
    expect(await screen.findByTestId('spin-segment')).toHaveTextContent('2 / 8 (कोई इनाम नहीं)');
  });

  it('says a period being checked in Hindi', async () => {
    await chooseLanguage('hi');
    signIn();
    mockApi({
      'GET /api/v1/users/balance/7c9e6679-7425-40de-944b-e07fc1f90ae7': () => ({ body: { success: true, balance: 500 } }),
      'GET /api/v1/color/state': () =>
        ok({
          current: {
            seq: 7,
            chain: 1,
            period: '202611240007',
            startTime: '2026-11-23T18:36:00.000Z',
            endTime: '2026-11-23T18:37:00.000Z',
            closesAt: '2026-11-23T18:36:55.000Z',
          },
          last: null,
          commitment: CHAIN,
        }),
      'GET /api/v1/color/history': () =>
        ok({
          periods: [
            {
              period: '202611240006',
              seq: 6,
              chain: 1,
              index: 6,
              number: 5,
              colour: 'green+violet',
              size: 'big',
              hash: 'ef'.repeat(32),
              startTime: '',
              endTime: '',
            },
          ],
          page: 1,
          totalPages: 1,
        }),
      // Still on its way: the period reads as being checked.
      'GET /api/v1/color/commitments': () => new Promise(() => undefined),
    });
    const user = userEvent.setup();
    renderApp(<ColorGamePage />);
    await user.click(await screen.findByRole('button', { name: 'पीरियड 202611240006 जांचें' }));
    expect(await screen.findByText('जांच जारी…')).toBeInTheDocument();
  });

  it('names a toast’s parts for a screen reader in Hindi: the list, the close button and the timer', async () => {
    await chooseLanguage('hi');
    renderApp(<p>screen</p>);
    notify.success(t('Copied to clipboard!'));
    const toast = await screen.findByText('कॉपी हो गया!');
    const list = toast.closest('section')!;
    expect(list).toHaveAttribute('aria-label', 'सूचनाएं Alt+T');
    expect(within(list).getByRole('button', { name: 'सूचना बंद करें' })).toBeInTheDocument();
    await waitFor(() => expect(within(list).getByRole('progressbar', { hidden: true })).toHaveAttribute('aria-label', 'सूचना का बचा समय'));
    const names = [list, ...list.querySelectorAll('[aria-label]')].map((el) => el.getAttribute('aria-label') ?? '');
    expect(names.filter((name) => englishWord.test(name.replace('Alt+T', '')))).toEqual([]);
  });

  it('says the bank details’ rules in Hindi, as contracts/ builds them', async () => {
    await chooseLanguage('hi');
    const me = signIn();
    mockApi({ [`GET /api/v1/users/balance/${me._id}`]: () => ({ body: { success: true, balance: 5000 } }) });
    const user = userEvent.setup();
    renderApp([{ path: '/withdraw', element: <WithdrawPage /> }], { path: '/withdraw' });
    await user.type(await screen.findByLabelText('राशि (₹)'), '500');
    await user.type(screen.getByLabelText('सरनेम'), 'R'.repeat(61));
    await user.click(screen.getByRole('button', { name: 'पैसे निकालें' }));
    expect(await screen.findByText('अपना पहला नाम डालें')).toBeInTheDocument();
    expect(screen.getByText('इसे 60 अक्षरों से कम रखें')).toBeInTheDocument();
    const errors = [...document.querySelectorAll('.field__error')].map((el) => el.textContent ?? '');
    expect(errors.length).toBeGreaterThan(1);
    expect(errors.filter((text) => englishWord.test(text))).toEqual([]);
  });

  it('draws the wheel’s words in the page’s font, the Devanagari font first in Hindi (a canvas takes none from CSS)', () => {
    const canvas = document.createElement('canvas');
    canvas.width = 300;
    canvas.style.fontFamily = '"Noto Sans Devanagari", system-ui, sans-serif';
    document.body.append(canvas);
    const fonts: string[] = [];
    const ctx = new Proxy({ canvas } as unknown as CanvasRenderingContext2D, {
      get: (target, key) => (key === 'canvas' ? canvas : key === 'fillText' ? () => fonts.push(target.font) : key === 'font' ? target.font : () => undefined),
      set: (target, key, value) => Reflect.set(target, key, value),
    });
    drawWheel(ctx, ['10', 'LOSE'], 0);
    canvas.remove();
    expect(fonts).toEqual(['bold 16px "Noto Sans Devanagari", system-ui, sans-serif', 'bold 16px "Noto Sans Devanagari", system-ui, sans-serif']);
  });
});
