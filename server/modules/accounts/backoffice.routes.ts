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
import { routes, said } from '../../http/route.js';
import type { App } from '../../types.js';
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
import { adminRowView, contactWords, managedUserView, proposalWords, updatedAdminView, usersPageView } from './user.view.js';

const idParams = z.object({ id: z.string().trim().min(1, 'The user id is required').max(64, 'That is not a user id') });

/** All Users (the transaction page) and Admin Controller (admin-management). */
export async function backofficeRoutes(app: App): Promise<void> {
  const r = routes(app, { tags: ['back office'], guard: { admin: 'transaction' } });
  const adminManagement = { admin: 'admin-management' } as const;

  r.get('/users/', {
    summary: 'Players and admins, 10 a page; q finds a name, e-mail, phone or id',
    query: usersQuerySchema,
    answer: usersAnswerSchema,
    handler: async ({ query }, ctx) => said('Users', undefined, usersPageView(await listManagedUsers(ctx, query))),
  });

  r.put('/users/:id', {
    summary: "Edit a player's name, e-mail and phone (and password, when given)",
    params: idParams,
    body: updateUserSchema,
    data: userAnswerSchema.shape.data,
    message: 'User updated successfully',
    handler: async ({ params, body }, ctx) => managedUserView(await updateManagedUser(ctx, { id: params.id, ...body })),
  });

  r.post('/admin/users/:id/password', {
    summary: "Set a player's new password; their sessions end",
    params: idParams,
    body: setPasswordSchema,
    data: userAnswerSchema.shape.data,
    message: 'Password set. The player has been signed out everywhere and told; their withdrawals wait until a second admin releases them or the hold ends.',
    handler: async ({ params, body }, ctx) => managedUserView(await setManagedUserPassword(ctx, { id: params.id, password: body.password })),
  });

  r.post('/admin/users/:id/release-withdrawals', {
    summary: "Release a player's withdrawals held after another admin set their password or contact",
    params: idParams,
    data: userAnswerSchema.shape.data,
    message: 'Withdrawals released.',
    handler: async ({ params }, ctx) => managedUserView(await releaseWithdrawals(ctx, { id: params.id })),
  });

  r.post('/admin/users/:id/block', {
    summary: 'Block a player (no sign-in, no play; sessions end) or unblock',
    params: idParams,
    body: blockSchema,
    data: userAnswerSchema.shape.data,
    message: (data) => (data.blocked ? 'User blocked' : 'User unblocked'),
    handler: async ({ params, body }, ctx) => managedUserView(await setManagedUserBlocked(ctx, { id: params.id, blocked: body.blocked })),
  });

  r.get('/admin/get-admin', {
    summary: 'Every admin with their access pages',
    guard: adminManagement,
    data: adminsAnswerSchema.shape.data,
    message: 'Admins',
    handler: async (_input, ctx) => (await listAdminRows(ctx)).map(adminRowView),
  });

  r.post('/admin/add-admin', {
    summary: 'Create an admin holding some of your own pages',
    guard: adminManagement,
    status: 201,
    body: addAdminSchema,
    data: adminAnswerSchema.shape.data,
    message: 'Admin created',
    handler: async ({ body }, ctx) => adminRowView(await addAdmin(ctx, body)),
  });

  r.put('/admin/update-admin', {
    summary: 'Edit an admin who holds no page you lack (found by _id); your own new e-mail or phone waits for a code',
    guard: adminManagement,
    body: updateAdminSchema,
    data: updateAdminAnswerSchema.shape.data,
    handler: async ({ body }, ctx) => {
      const result = await updateAdmin(ctx, body);
      const data = updatedAdminView(result);
      const waits = 'pendingContact' in data && data.pendingContact;
      const message = waits
        ? 'Saved. Enter the code we sent to your new e-mail or phone to finish changing it.'
        : result.proposed
          ? `Saved. ${proposalWords(result.proposed)} waits for a second admin to make the same change within a day.`
          : 'Admin updated successfully';
      return said(message, data);
    },
  });

  r.post('/admin/confirm-contact', {
    summary: 'Confirm your own new e-mail or phone with the code sent to it; your other sessions end',
    guard: adminManagement,
    body: confirmContactSchema,
    data: adminAnswerSchema.shape.data,
    handler: async ({ body }, ctx) => {
      const { row, changed } = await confirmOwnContact(ctx, body);
      return said(`Your ${contactWords(changed)} ${changed.length > 1 ? 'are' : 'is'} updated. Your other sessions have been signed out.`, adminRowView(row));
    },
  });

  r.delete('/admin/delete-admin', {
    summary: 'Close an admin account (found by e-mail, in a JSON body)',
    guard: adminManagement,
    body: deleteAdminSchema,
    data: adminAnswerSchema.shape.data,
    message: 'Admin deleted',
    handler: async ({ body }, ctx) => adminRowView(await deleteAdmin(ctx, { email: body.email })),
  });
}
