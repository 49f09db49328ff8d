import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp, signIn } from '../../../lib/test-utils';
import { ADMIN_SECTIONS } from '../admin.sections';
import { TelegramSection } from './TelegramSection';

const subscription = {
  _id: 's-1',
  userId: 'u-1',
  amount: 199,
  method: 'Telegram',
  status: 'pending',
  remarks: null,
  details: { payNumber: 'UTR445566', gameName: 'chicken' },
  createdAt: '2026-11-20T10:00:00.000Z',
  decidedAt: null,
  fullName: 'Asha Rao',
  email: 'asha@example.com',
  earlierClaims: 0,
  needsSecondApproval: false,
  firstApprovedBy: null,
};

const telegramApi = () =>
  mockApi({
    'GET /my-channels': () => ({ body: { success: true, message: 'Channels', channels: [], configured: true } }),
    'GET /api/v1/telegram/game-rounds': () => ({ body: { success: true, data: [] } }),
    'GET /api/v1/wallet/history/deposit': () => ({ body: { success: true, data: { deposit: [subscription], totalPages: 1, page: 1, total: 1 } } }),
  });

describe('Telegram sections', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('names its tabs for what they list: game rounds, then subscription payments', async () => {
    signIn({ role: 'admin', accessPages: ['telegram'] });
    telegramApi();
    const user = userEvent.setup();
    renderApp(<TelegramSection />);
    const tabs = within(screen.getByRole('tablist', { name: 'Telegram' }))
      .getAllByRole('tab')
      .map((t) => t.textContent);
    expect(tabs).toEqual(['Game rounds', 'Subscription payments']);
    expect(screen.getByText('Predictions posted to your Telegram channels, each with the time it runs.')).toBeInTheDocument();
    expect(await screen.findByText('No game rounds found')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Subscription payments' }));
    expect(screen.getByText("Players' payments for a Telegram channel subscription. Approve one to choose the channel it opens.")).toBeInTheDocument();
    expect(await screen.findByText('UTR445566')).toBeInTheDocument();
  });

  it('says in the Telegram Deposite section that it lists subscription payments, and where to approve them', async () => {
    signIn({ role: 'admin', accessPages: ['telegram'] });
    telegramApi();
    const Section = ADMIN_SECTIONS.find((s) => s.id === 'telegram-deposite')!.component;
    renderApp(<Section />);
    expect(
      screen.getByText(
        "Players' payments for a Telegram channel subscription. Approve one in Telegram › Subscription payments, where its channel is chosen; reject it here or there.",
      ),
    ).toBeInTheDocument();
    expect(await screen.findByText('UTR445566')).toBeInTheDocument();
  });
});
