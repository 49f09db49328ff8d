import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp, signIn } from '../../../lib/test-utils';
import { accessPageGuide } from '../admin.sections';
import { AdminsSection } from './AdminsSection';
import { AuditSection } from './AuditSection';
import { UsersSection } from './UsersSection';

const person = (n: number, over: Record<string, unknown> = {}) => ({
  _id: `0000000${n}-0000-4000-8000-000000000000`,
  fullName: `Player ${n}`,
  email: `p${n}@example.com`,
  phoneNumber: `+91987654321${n}`,
  createdAt: '2026-11-20T10:00:00.000Z',
  role: 'user',
  verified: true,
  blocked: false,
  ...over,
});

describe('All Users', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists users from the server, searches, edits a row inline and blocks after confirmation', async () => {
    signIn({ role: 'admin', accessPages: ['transaction'] });
    let users = [person(1), person(2, { role: 'admin' })];
    const api = mockApi({
      'GET /api/v1/users/': () => ({ body: { success: true, message: 'Users', users, page: 1, totalPages: 3, total: 25 } }),
      'PUT /api/v1/users/00000001-0000-4000-8000-000000000000': ({ body }) => {
        users = [{ ...users[0], ...(body as object) }, users[1]];
        return { body: { success: true, message: 'User updated successfully', data: users[0] } };
      },
      'POST /api/v1/admin/users/00000001-0000-4000-8000-000000000000/block': () => {
        users = [{ ...users[0], blocked: true }, users[1]];
        return { body: { success: true, message: 'User blocked', data: users[0] } };
      },
    });
    const user = userEvent.setup();
    renderApp(<UsersSection />);
    expect(screen.getByText('Loading users...')).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['History', 'Name', 'Email', 'Phone', 'Created At', 'Actions']);
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    // No password column, and admins are left to Admin Controller.
    expect(within(table).queryByText(/password/i, { selector: 'th' })).not.toBeInTheDocument();
    expect(within(table).getByText('In Admin Controller')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: /Search/ }), 'p1@');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(api.find('GET', '/api/v1/users/').at(-1)!.query.get('q')).toBe('p1@'));

    await user.click(screen.getByRole('button', { name: 'Edit Player 1' }));
    const editor = screen.getByRole('dialog', { name: 'Edit Player 1' });
    const name = within(editor).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Player One');
    await user.click(within(editor).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('User updated successfully')).toBeInTheDocument();
    expect(api.find('PUT', '/api/v1/users/00000001-0000-4000-8000-000000000000')[0].body).toEqual({
      fullName: 'Player One',
      email: 'p1@example.com',
      phoneNumber: '+919876543211',
      password: '',
    });

    await user.click(await screen.findByRole('button', { name: 'Block Player One' }));
    const confirm = screen.getByRole('dialog', { name: 'Block user' });
    expect(within(confirm).getByText(/will be signed out at once/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Block' }));
    expect(await screen.findByText('User blocked')).toBeInTheDocument();
    expect(await screen.findByText('blocked')).toBeInTheDocument();
  });

  it('shows a player’s time-out or self-exclusion, with no way to end it', async () => {
    signIn({ role: 'admin', accessPages: ['transaction'] });
    const exclusion = { kind: 'self-exclusion', startedAt: '2026-11-20T10:00:00.000Z', endsAt: '2027-05-21T10:00:00.000Z' };
    mockApi({
      'GET /api/v1/users/': () => ({ body: { success: true, message: 'Users', users: [person(1, { exclusion })], page: 1, totalPages: 1, total: 1 } }),
    });
    renderApp(<UsersSection />);
    const table = await screen.findByRole('table');
    expect(within(table).getByText('self-excluded until 21 May 2027')).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /exclu|time-out/i })).not.toBeInTheDocument();
  });

  it('says "Failed to fetch users" when the list cannot load', async () => {
    signIn({ role: 'admin', accessPages: ['transaction'] });
    mockApi({ 'GET /api/v1/users/': () => ({ status: 500, body: { success: false, message: 'boom' } }) });
    renderApp(<UsersSection />);
    expect(await screen.findByText('Failed to fetch users')).toBeInTheDocument();
  });
});

describe('Admin Controller', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('adds an admin with the ten-digit phone rule, granting only pages the signed-in admin holds', async () => {
    signIn({ role: 'admin', accessPages: ['admin-management', 'qr-code'] });
    const api = mockApi({
      'GET /api/v1/admin/get-admin': () => ({ body: { success: true, message: 'Admins', data: [] } }),
      'POST /api/v1/admin/add-admin': ({ body }) => {
        const b = body as { name: string; email: string; phone: string; accessPages: string[] };
        const data = {
          _id: 'a9',
          fullName: b.name,
          email: b.email,
          phoneNumber: b.phone,
          accessPages: b.accessPages,
          dailyApprovalLimit: null,
          createdAt: '2026-11-01T00:00:00.000Z',
        };
        return { status: 201, body: { success: true, message: 'Admin created', data } };
      },
    });
    const user = userEvent.setup();
    renderApp(<AdminsSection guide={accessPageGuide()} />);
    expect(await screen.findByText('No admins found.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add New Admin' }));
    const dialog = screen.getByRole('dialog', { name: 'Add New Admin' });
    expect(within(dialog).getByRole('checkbox', { name: 'Money and players' })).toBeDisabled();
    expect(within(dialog).getByRole('checkbox', { name: 'Payment QR codes' })).toBeEnabled();
    // Each page is named in words, with the sections it opens.
    expect(within(dialog).getByRole('checkbox', { name: 'Payment QR codes' })).toHaveAccessibleDescription('Opens QRCode, QRCode Crypto');
    expect(within(dialog).getByRole('checkbox', { name: 'Money and players' })).toHaveAccessibleDescription('Opens Overview, All Users, Transaction, Deposite');
    expect(within(dialog).queryByText('qr-code')).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Name'), 'Qr Keeper');
    await user.type(within(dialog).getByLabelText('Email'), 'qr@example.com');
    await user.type(within(dialog).getByLabelText('Phone (10 digits)'), '98765');
    await user.type(within(dialog).getByLabelText('Password'), 'Qr#Keeper123');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Payment QR codes' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add Admin' }));
    expect(within(dialog).getByText('Phone number must be exactly 10 digits')).toBeInTheDocument();
    expect(api.find('POST', '/api/v1/admin/add-admin')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Phone (10 digits)'), '43210');
    await user.click(within(dialog).getByRole('button', { name: 'Add Admin' }));
    expect(await screen.findByText('Admin created')).toBeInTheDocument();
    expect(api.find('POST', '/api/v1/admin/add-admin')[0].body).toEqual({
      name: 'Qr Keeper',
      email: 'qr@example.com',
      phone: '+919876543210',
      password: 'Qr#Keeper123',
      accessPages: ['qr-code'],
    });
  });

  it('edits an admin inline and deletes one after confirmation', async () => {
    const me = signIn({ role: 'admin', accessPages: ['admin-management', 'games'] });
    const other = {
      _id: 'a2',
      fullName: 'Games Admin',
      email: 'g@example.com',
      phoneNumber: '+919876500000',
      accessPages: ['games'],
      dailyApprovalLimit: null,
      createdAt: '2026-11-01T00:00:00.000Z',
    };
    const api = mockApi({
      'GET /api/v1/admin/get-admin': () => ({
        body: {
          success: true,
          message: 'Admins',
          data: [{ ...other, _id: me._id, fullName: 'Me', email: me.email, accessPages: ['admin-management', 'games'] }, other],
        },
      }),
      'PUT /api/v1/admin/update-admin': ({ body }) => ({
        body: { success: true, message: 'Admin updated successfully', data: { ...other, ...(body as object), dailyApprovalLimit: null } },
      }),
      'DELETE /api/v1/admin/delete-admin': () => ({ body: { success: true, message: 'Admin deleted', data: other } }),
    });
    const user = userEvent.setup();
    renderApp(<AdminsSection guide={accessPageGuide()} />);
    await screen.findByText('Games Admin');
    // The pages an admin holds are listed by name, each with the sections it opens.
    const gamesRow = screen.getByText('Games Admin').closest('tr')!;
    expect(within(gamesRow).getByText('Games and site')).toBeInTheDocument();
    expect(within(gamesRow).getByText('Opens Games, Spinner Prices, Refer Amount, Notification, Support, Colour Fairness')).toBeInTheDocument();
    expect(within(gamesRow).queryByText(/^games$/)).not.toBeInTheDocument();
    // Nobody deletes themselves from here.
    expect(screen.queryByRole('button', { name: 'Delete Me' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit Games Admin' }));
    const pages = screen.getByRole('group', { name: 'Access pages of Games Admin' });
    await user.click(within(pages).getByRole('checkbox', { name: 'Admins and audit' }));
    await user.type(screen.getByRole('textbox', { name: 'Daily approval limit of Games Admin in rupees' }), '25000');
    // One's own limit is not editable here.
    await user.click(screen.getByRole('button', { name: 'Edit Me' }));
    expect(screen.queryByRole('textbox', { name: 'Daily approval limit of Me in rupees' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save Games Admin' }));
    expect(await screen.findByText('Admin updated successfully')).toBeInTheDocument();
    expect(api.find('PUT', '/api/v1/admin/update-admin')[0].body).toMatchObject({
      _id: 'a2',
      accessPages: ['games', 'admin-management'],
      dailyApprovalLimit: 25000,
    });
    await user.click(screen.getByRole('button', { name: 'Delete Games Admin' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete admin' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Admin deleted')).toBeInTheDocument();
    expect(api.find('DELETE', '/api/v1/admin/delete-admin')[0].body).toEqual({ email: 'g@example.com' });
  });
  it('asks for the code sent to your own new e-mail, and leaves an admin who holds pages you lack untouchable', async () => {
    const me = signIn({ role: 'admin', accessPages: ['admin-management', 'games'] });
    const senior = {
      _id: 'a3',
      fullName: 'Senior Admin',
      email: 's@example.com',
      phoneNumber: '+919876511111',
      accessPages: ['games', 'transaction'],
      dailyApprovalLimit: null,
      createdAt: '2026-11-01T00:00:00.000Z',
    };
    const mine = { ...senior, _id: me._id, fullName: 'Me', email: me.email, accessPages: ['admin-management', 'games'] };
    const api = mockApi({
      'GET /api/v1/admin/get-admin': () => ({ body: { success: true, message: 'Admins', data: [mine, senior] } }),
      'PUT /api/v1/admin/update-admin': () => ({
        body: {
          success: true,
          message: 'Saved. Enter the code we sent to your new e-mail or phone to finish changing it.',
          data: { ...mine, pendingContact: { email: 'new@example.com' } },
        },
      }),
      'POST /api/v1/admin/confirm-contact': () => ({
        body: {
          success: true,
          message: 'Your e-mail is updated. Your other sessions have been signed out.',
          data: { ...mine, email: 'new@example.com' },
        },
      }),
    });
    const user = userEvent.setup();
    renderApp(<AdminsSection guide={accessPageGuide()} />);
    await screen.findByText('Senior Admin');
    expect(screen.queryByRole('button', { name: 'Edit Senior Admin' })).not.toBeInTheDocument();
    expect(screen.getByText('Holds pages you do not')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit Me' }));
    const email = screen.getByRole('textbox', { name: 'Email of Me' });
    await user.clear(email);
    await user.type(email, 'new@example.com');
    await user.click(screen.getByRole('button', { name: 'Save Me' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your new contact' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter 6-digit OTP code');
    await user.type(within(dialog).getByLabelText('Code sent to new@example.com'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Your e-mail is updated. Your other sessions have been signed out.')).toBeInTheDocument();
    expect(api.find('POST', '/api/v1/admin/confirm-contact')[0].body).toEqual({ emailOTP: '123456' });
  });
});

describe('Audit Log', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists who changed what with before and after, filters on the server, and exports the same filter as CSV', async () => {
    signIn({ role: 'admin', accessPages: ['admin-management'] });
    const api = mockApi({
      'GET /api/v1/admin/audit': () => ({
        body: {
          success: true,
          message: 'Audit log',
          data: {
            entries: [
              {
                _id: '9',
                createdAt: '2026-11-23T10:00:00.000Z',
                actorId: 'a1',
                actorName: 'Root Admin',
                action: 'user.update',
                entity: 'user',
                entityId: 'u1234567-aaaa',
                before: { fullName: 'Ravi Old', email: 'r@example.com' },
                after: { fullName: 'Ravi New', email: 'r@example.com' },
              },
            ],
            page: 1,
            totalPages: 1,
            total: 1,
            actions: ['user.update', 'admin.create'],
            actors: [{ _id: 'a1', fullName: 'Root Admin' }],
          },
        },
      }),
    });
    const user = userEvent.setup();
    renderApp(<AuditSection />);
    expect(await screen.findByText('user.update', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.getByText('by Root Admin')).toBeInTheDocument();
    expect(screen.getByText('fullName: Ravi Old → Ravi New')).toBeInTheDocument();
    expect(screen.queryByText(/email:/)).not.toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'admin.create');
    await waitFor(() => expect(api.find('GET', '/api/v1/admin/audit').at(-1)!.query.get('action')).toBe('admin.create'));
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', '/api/v1/admin/audit.csv?action=admin.create');
  });
});
