import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp, signIn } from '../../../lib/test-utils';
import { GamesSection } from './GamesSection';
import { NotificationSection } from './NotificationSection';
import { SupportSection } from './SupportSection';

describe('NotificationSection', () => {
  beforeEach(() => signIn({ role: 'admin', accessPages: ['games'] }));
  afterEach(() => vi.unstubAllGlobals());

  it('starts from the current message, requires text, reads "Saving..." and says "Message saved successfully"', async () => {
    let release = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const api = mockApi({
      'GET /api/v1/notification/get': () => ({ body: { success: true, message: 'Old news' } }),
      'POST /api/v1/notification/add': async ({ body }) => {
        await gate;
        return {
          body: {
            success: true,
            message: 'Message saved successfully',
            data: { message: (body as { message: string }).message, updatedAt: '2026-11-23T10:00:00.000Z' },
          },
        };
      },
    });
    const user = userEvent.setup();
    renderApp(<NotificationSection />);
    const box = await screen.findByLabelText('Message');
    expect(box).toHaveValue('Old news');
    await user.clear(box);
    await user.click(screen.getByRole('button', { name: 'Save Message' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Message is required');
    expect(api.find('POST', '/api/v1/notification/add')).toHaveLength(0);

    await user.type(box, '  Weekend bonus!  ');
    await user.click(screen.getByRole('button', { name: 'Save Message' }));
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    release();
    expect(await screen.findByText('Message saved successfully')).toBeInTheDocument();
    expect(api.find('POST', '/api/v1/notification/add')[0].body).toEqual({ message: 'Weekend bonus!' });
  });

  it('starts from the Hindi version players see and saves it beside the message; an empty one is not sent', async () => {
    const api = mockApi({
      'GET /api/v1/notification/get': () => ({ body: { success: true, message: 'Old news', messageHi: 'पुरानी ख़बर' } }),
      'POST /api/v1/notification/add': ({ body }) => ({
        body: { success: true, message: 'Message saved successfully', data: { ...(body as object), updatedAt: '2026-11-23T10:00:00.000Z' } },
      }),
    });
    const user = userEvent.setup();
    renderApp(<NotificationSection />);
    const hindi = await screen.findByLabelText('Message in Hindi (optional)');
    expect(hindi).toHaveValue('पुरानी ख़बर');
    expect(hindi).toHaveAttribute('lang', 'hi');
    await user.clear(hindi);
    await user.type(hindi, ' नया बोनस! ');
    await user.click(screen.getByRole('button', { name: 'Save Message' }));
    expect(await screen.findByText('Message saved successfully')).toBeInTheDocument();
    expect(api.find('POST', '/api/v1/notification/add')[0].body).toEqual({ message: 'Old news', messageHi: 'नया बोनस!' });

    await user.clear(hindi);
    await user.click(screen.getByRole('button', { name: 'Save Message' }));
    await waitFor(() => expect(api.find('POST', '/api/v1/notification/add')).toHaveLength(2));
    expect(api.find('POST', '/api/v1/notification/add')[1].body).toEqual({ message: 'Old news' });
  });

  it('shows the server’s words when saving fails', async () => {
    mockApi({
      'GET /api/v1/notification/get': () => ({ body: { success: true, message: null } }),
      'POST /api/v1/notification/add': () => ({
        status: 403,
        body: { success: false, code: 'FORBIDDEN', message: 'You need the "games" page for this.', error: 'You need the "games" page for this.' },
      }),
    });
    const user = userEvent.setup();
    renderApp(<NotificationSection />);
    await user.type(await screen.findByLabelText('Message'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Save Message' }));
    expect(await screen.findByText('Error: You need the "games" page for this.')).toBeInTheDocument();
  });
});

describe('GamesSection', () => {
  beforeEach(() => signIn({ role: 'admin', accessPages: ['games'] }));
  afterEach(() => vi.unstubAllGlobals());

  it('lists each game with its visibility and flips it only once the server has answered', async () => {
    let visible = ['chicken'];
    let release = () => {};
    const api = mockApi({
      'GET /api/v1/users/visible-games': () => ({ body: { success: true, message: 'Visible games', data: visible } }),
      'POST /api/v1/admin/game-visibility': async ({ body }) => {
        await new Promise<void>((r) => (release = r));
        const { gameType, isVisible } = body as { gameType: string; isVisible: boolean };
        visible = isVisible ? [gameType] : [];
        return { body: { success: true, message: 'ok', data: { gameType, isVisible } } };
      },
    });
    const user = userEvent.setup();
    renderApp(<GamesSection />);
    const row = (await screen.findByRole('cell', { name: 'Chicken Road' })).closest('tr')!;
    expect(within(row).getByText('Enabled')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Disable Chicken Road' }));
    // Still enabled while the server has not answered.
    expect(within(row).getByText('Enabled')).toBeInTheDocument();
    release();
    await waitFor(() => expect(within(row).getByText('Disabled')).toBeInTheDocument());
    expect(within(row).getByRole('button', { name: 'Enable Chicken Road' })).toBeInTheDocument();
    expect(api.find('POST', '/api/v1/admin/game-visibility')[0].body).toEqual({ gameType: 'chicken', isVisible: false });
  });
});

describe('SupportSection', () => {
  beforeEach(() => signIn({ role: 'admin', accessPages: ['games'] }));
  afterEach(() => vi.unstubAllGlobals());

  it('starts from the settings, checks each contact before sending, and saves them', async () => {
    const api = mockApi({
      'GET /api/v1/admin/support-contacts': () => ({
        body: { success: true, message: 'ok', data: { whatsapp: '+919876543210', telegram: '', fromSettings: true } },
      }),
      'PUT /api/v1/admin/support-contacts': ({ body }) => ({
        body: { success: true, message: 'Support contacts saved', data: { ...(body as object), fromSettings: false } },
      }),
    });
    const user = userEvent.setup();
    renderApp(<SupportSection />);
    const whatsapp = await screen.findByLabelText('WhatsApp number');
    expect(whatsapp).toHaveValue('+919876543210');
    expect(screen.getByText(/SUPPORT_WHATSAPP and SUPPORT_TELEGRAM/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Telegram username'), 'x');
    await user.click(screen.getByRole('button', { name: 'Save Contacts' }));
    expect(await screen.findByText('Telegram must be a username such as @rupeearcade')).toBeInTheDocument();
    expect(api.find('PUT', '/api/v1/admin/support-contacts')).toHaveLength(0);
    await user.clear(screen.getByLabelText('Telegram username'));
    await user.type(screen.getByLabelText('Telegram username'), '@rupee_help');
    await user.click(screen.getByRole('button', { name: 'Save Contacts' }));
    expect(await screen.findByText('Support contacts saved')).toBeInTheDocument();
    expect(api.find('PUT', '/api/v1/admin/support-contacts')[0].body).toEqual({ whatsapp: '+919876543210', telegram: 'rupee_help' });
  });
});
