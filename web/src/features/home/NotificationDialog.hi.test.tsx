import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseLanguage } from '../../lib/i18n';
import { mockApi, renderApp } from '../../lib/test-utils';
import { NotificationDialog } from './NotificationDialog';

// The back office's own texts: a Hindi reader sees the Hindi version an admin wrote, an English
// reader the English; with no Hindi version, both see the English.

const NOTICE = { success: true, message: 'Diwali bonus: 10% on every deposit this week!', messageHi: 'दिवाली बोनस: इस हफ़्ते हर जमा पर 10%!' };

function server(notice: object = NOTICE) {
  mockApi({ 'GET /api/v1/notification/get': () => ({ body: notice }) });
}

describe('the notification in the reader’s language', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows an English reader the English', async () => {
    server();
    renderApp(<NotificationDialog />);
    const dialog = await screen.findByRole('dialog', { name: 'Notification' });
    expect(within(dialog).getByText(NOTICE.message)).toBeInTheDocument();
    expect(within(dialog).queryByText(NOTICE.messageHi)).not.toBeInTheDocument();
  });

  it('shows a Hindi reader the Hindi', async () => {
    await chooseLanguage('hi');
    server();
    renderApp(<NotificationDialog />);
    const dialog = await screen.findByRole('dialog', { name: 'सूचना' });
    expect(within(dialog).getByText(NOTICE.messageHi)).toBeInTheDocument();
    expect(within(dialog).queryByText(NOTICE.message)).not.toBeInTheDocument();
  });

  it('shows a Hindi reader the English when the back office wrote no Hindi', async () => {
    await chooseLanguage('hi');
    server({ success: true, message: 'Maintenance tonight at 2 AM.', messageHi: null });
    renderApp(<NotificationDialog />);
    expect(await screen.findByRole('dialog', { name: 'सूचना' })).toHaveTextContent('Maintenance tonight at 2 AM.');
  });
});
