import { z } from 'zod';
import {
  addAdminSchema,
  adminAnswerSchema,
  adminsAnswerSchema,
  blockSchema,
  confirmContactSchema,
  deleteAdminSchema,
  setPasswordSchema,
  updateAdminAnswerSchema,
  updateAdminSchema,
  updateUserSchema,
  userAnswerSchema,
  usersAnswerSchema,
  usersQuerySchema,
} from '../../../contracts/backoffice.js';
import { requireAdmin } from '../../plugins/auth.js';
import type { App } from '../../types.js';
import type { AccountsDeps } from './accounts.service.js';
import {
  addAdmin,
  confirmOwnContact,
  deleteAdmin,
  listAdminRows,
  listManagedUsers,
  releaseWithdrawals,
  setManagedUserBlocked,
  setManagedUserPassword,
  updateAdmin,
  updateManagedUser,
} from './backoffice.service.js';
import { adminRowView, managedUserView, proposalWords, updatedAdminView, usersPageView } from './user.view.js';

const tags = ['back office'];
const security = [{ bearer: [] }];
const idParams = z.object({ id: z.string().trim().min(1, 'The user id is required').max(64, 'That is not a user id') });

/** All Users (the transaction page) and Admin Controller (admin-management). */
export async function backofficeRoutes(app: App): Promise<void> {
  const deps: AccountsDeps = { db: app.db, config: app.config, messenger: app.messenger, log: app.log, background: app.background, clock: app.clock };
  app.get('/users/', {
    onRequest: [requireAdmin('transaction')],
    schema: {
      tags,
      security,
      summary: 'Players and admins, 10 a page; q finds a name, e-mail, phone or id',
      querystring: usersQuerySchema,
      response: { 200: usersAnswerSchema },
    },
    handler: async (request) => ({
      success: true as const,
      message: 'Users',
      ...usersPageView(await listManagedUsers(app.db, request.query, app.clock.now())),
    }),
  });

  app.put('/users/:id', {
    onRequest: [requireAdmin('transaction')],
    schema: {
      tags,
      security,
      summary: "Edit a player's name, e-mail and phone (and password, when given)",
      params: idParams,
      body: updateUserSchema,
      response: { 200: userAnswerSchema },
    },
    handler: async (request) => ({
      success: true as const,
      message: 'User updated successfully',
      data: managedUserView(await updateManagedUser(deps, request.user!, request.params.id, request.body, app.clock.now())),
    }),
  });

  app.post('/admin/users/:id/password', {
    onRequest: [requireAdmin('transaction')],
    schema: {
      tags,
      security,
      summary: "Set a player's new password; their sessions end",
      params: idParams,
      body: setPasswordSchema,
      response: { 200: userAnswerSchema },
    },
    handler: async (request) => ({
      success: true as const,
      message: 'Password set. The player has been signed out everywhere and told; their withdrawals wait until a second admin releases them or the hold ends.',
      data: managedUserView(await setManagedUserPassword(deps, request.user!, request.params.id, request.body.password, app.clock.now())),
    }),
  });

  app.post('/admin/users/:id/release-withdrawals', {
    onRequest: [requireAdmin('transaction')],
    schema: {
      tags,
      security,
      summary: "Release a player's withdrawals held after another admin set their password or contact",
      params: idParams,
      response: { 200: userAnswerSchema },
    },
    handler: async (request) => ({
      success: true as const,
      message: 'Withdrawals released.',
      data: managedUserView(await releaseWithdrawals(deps, request.user!, request.params.id, app.clock.now())),
    }),
  });

  app.post('/admin/users/:id/block', {
    onRequest: [requireAdmin('transaction')],
    schema: {
      tags,
      security,
      summary: 'Block a player (no sign-in, no play; sessions end) or unblock',
      params: idParams,
      body: blockSchema,
      response: { 200: userAnswerSchema },
    },
    handler: async (request) => {
      const data = managedUserView(await setManagedUserBlocked(app.db, request.user!, request.params.id, request.body.blocked, app.clock.now()));
      return { success: true as const, message: data.blocked ? 'User blocked' : 'User unblocked', data };
    },
  });

  app.get('/admin/get-admin', {
    onRequest: [requireAdmin('admin-management')],
    schema: { tags, security, summary: 'Every admin with their access pages', response: { 200: adminsAnswerSchema } },
    handler: async () => ({ success: true as const, message: 'Admins', data: (await listAdminRows(app.db)).map(adminRowView) }),
  });

  app.post('/admin/add-admin', {
    onRequest: [requireAdmin('admin-management')],
    schema: { tags, security, summary: 'Create an admin holding some of your own pages', body: addAdminSchema, response: { 201: adminAnswerSchema } },
    handler: async (request, reply) =>
      reply
        .status(201)
        .send({ success: true as const, message: 'Admin created', data: adminRowView(await addAdmin(deps, request.user!, request.body, app.clock.now())) }),
  });

  app.put('/admin/update-admin', {
    onRequest: [requireAdmin('admin-management')],
    schema: {
      tags,
      security,
      summary: 'Edit an admin who holds no page you lack (found by _id); your own new e-mail or phone waits for a code',
      body: updateAdminSchema,
      response: { 200: updateAdminAnswerSchema },
    },
    handler: async (request) => {
      const result = await updateAdmin(deps, request.user!, request.body);
      const data = updatedAdminView(result);
      const waits = 'pendingContact' in data && data.pendingContact;
      return {
        success: true as const,
        message: waits
          ? 'Saved. Enter the code we sent to your new e-mail or phone to finish changing it.'
          : result.proposed
            ? `Saved. ${proposalWords(result.proposed)} waits for a second admin to make the same change within a day.`
            : 'Admin updated successfully',
        data,
      };
    },
  });

  app.post('/admin/confirm-contact', {
    onRequest: [requireAdmin('admin-management')],
    schema: {
      tags,
      security,
      summary: 'Confirm your own new e-mail or phone with the code sent to it; your other sessions end',
      body: confirmContactSchema,
      response: { 200: adminAnswerSchema },
    },
    handler: async (request) => {
      const { row, changed } = await confirmOwnContact(deps, request.user!, request.body);
      return {
        success: true as const,
        message: `Your ${changed} ${changed.includes(' and ') ? 'are' : 'is'} updated. Your other sessions have been signed out.`,
        data: adminRowView(row),
      };
    },
  });

  app.delete('/admin/delete-admin', {
    onRequest: [requireAdmin('admin-management')],
    schema: {
      tags,
      security,
      summary: 'Close an admin account (found by e-mail, in a JSON body)',
      body: deleteAdminSchema,
      response: { 200: adminAnswerSchema },
    },
    handler: async (request) => ({
      success: true as const,
      message: 'Admin deleted',
      data: adminRowView(await deleteAdmin(app.db, request.user!, request.body.email, app.clock.now())),
    }),
  });
}
