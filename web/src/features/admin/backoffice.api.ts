import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  adminAnswerSchema,
  AdminRow,
  adminsAnswerSchema,
  auditAnswerSchema,
  updateAdminAnswerSchema,
  userAnswerSchema,
  usersAnswerSchema,
} from '../../../../contracts/backoffice';
import type { gameHistoryEntrySchema } from '../../../../contracts/chicken';
import type { Ok } from '../../../../contracts/envelope';
import type { HistoryPage } from '../../../../contracts/wallet.answers';
import type { AccessPage } from '../../../../contracts/roles';
import { api } from '../../lib/api';

export type { AdminRow, ManagedUser, AuditEntryView } from '../../../../contracts/backoffice';

const usersKey = ['admin', 'users'] as const;
const adminsKey = ['admin', 'admins'] as const;

/** All Users, a server page at a time; `q` finds a name, e-mail, phone or id. */
export function useUsers(page: number, q: string) {
  return useQuery({
    queryKey: [...usersKey, page, q],
    queryFn: async ({ signal }) => api<z.infer<typeof usersAnswerSchema>>('/api/v1/users/', { query: { page, q: q || undefined }, signal }),
    placeholderData: keepPreviousData,
  });
}

type UserEdit = { fullName: string; email: string; phoneNumber: string };

function useUserMutation<V>(call: (v: V) => Promise<z.infer<typeof userAnswerSchema>>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }) });
}

export const useUpdateUser = () =>
  useUserMutation(({ id, ...body }: UserEdit & { id: string }) =>
    api(`/api/v1/users/${encodeURIComponent(id)}`, { method: 'PUT', body: { ...body, password: '' } }),
  );
export const useSetUserPassword = () =>
  useUserMutation(({ id, password }: { id: string; password: string }) =>
    api(`/api/v1/admin/users/${encodeURIComponent(id)}/password`, { method: 'POST', body: { password } }),
  );
export const useBlockUser = () =>
  useUserMutation(({ id, blocked }: { id: string; blocked: boolean }) =>
    api(`/api/v1/admin/users/${encodeURIComponent(id)}/block`, { method: 'POST', body: { blocked } }),
  );

/** One player's wallet history, balance and rounds, for the History view. */
export function useUserHistory(userId: string, page: number) {
  return useQuery({
    queryKey: ['admin', 'user-history', userId, page],
    queryFn: async ({ signal }) => (await api<Ok<z.ZodType<HistoryPage>>>('/api/v1/wallet/history/users', { query: { page, userId }, signal })).data,
    placeholderData: keepPreviousData,
  });
}
export function useUserBalance(userId: string) {
  return useQuery({
    queryKey: ['admin', 'user-balance', userId],
    queryFn: async ({ signal }) => (await api<{ balance: number }>(`/api/v1/users/balance/${encodeURIComponent(userId)}`, { signal })).balance,
  });
}
export function useUserBets(userId: string) {
  return useQuery({
    queryKey: ['admin', 'user-bets', userId],
    queryFn: async ({ signal }) =>
      (await api<Ok<z.ZodType<z.infer<typeof gameHistoryEntrySchema>[]>>>(`/api/v1/admin/game-history/${encodeURIComponent(userId)}/chicken`, { signal })).data,
  });
}

export function useAdmins() {
  return useQuery({
    queryKey: adminsKey,
    queryFn: async ({ signal }) => (await api<z.infer<typeof adminsAnswerSchema>>('/api/v1/admin/get-admin', { signal })).data,
  });
}

function useAdminMutation<V, A = z.infer<typeof adminAnswerSchema>>(call: (v: V) => Promise<A>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminsKey });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
}
export const useAddAdmin = () =>
  useAdminMutation((body: { name: string; email: string; phone: string; password: string; accessPages: AccessPage[] }) =>
    api('/api/v1/admin/add-admin', { method: 'POST', body }),
  );
/** Saves an admin's row; your own new e-mail or phone comes back as `pendingContact`, waiting for its code. */
export const useUpdateAdmin = () =>
  useAdminMutation((row: Omit<AdminRow, 'createdAt' | 'dailyApprovalLimit'> & { dailyApprovalLimit?: number | null }) =>
    api<z.infer<typeof updateAdminAnswerSchema>>('/api/v1/admin/update-admin', { method: 'PUT', body: row }),
  );
/** The codes sent to your own new e-mail and phone. */
export const useConfirmContact = () =>
  useAdminMutation((codes: { emailOTP?: string; smsOTP?: string }) =>
    api<z.infer<typeof adminAnswerSchema>>('/api/v1/admin/confirm-contact', { method: 'POST', body: codes }),
  );
export const useDeleteAdmin = () => useAdminMutation((email: string) => api('/api/v1/admin/delete-admin', { method: 'DELETE', body: { email } }));

export interface AuditFilters {
  actor?: string;
  action?: string;
  from?: string;
  to?: string;
}
/** The query string of the audit log and its CSV export. */
export const auditQuery = (page: number, f: AuditFilters) => ({
  page,
  actor: f.actor || undefined,
  action: f.action || undefined,
  from: f.from || undefined,
  to: f.to || undefined,
});

export function useAudit(page: number, filters: AuditFilters) {
  return useQuery({
    queryKey: ['admin', 'audit', page, filters],
    queryFn: async ({ signal }) => (await api<z.infer<typeof auditAnswerSchema>>('/api/v1/admin/audit', { query: auditQuery(page, filters), signal })).data,
    placeholderData: keepPreviousData,
  });
}
