import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminRow } from '../../../../contracts/backoffice';
import type { AccessPage } from '../../../../contracts/roles';
import { answerFrom, apiAnswer, apiData, okAnswer, type AnswerSchema } from '../../lib/api';

export type { AdminRow, ManagedUser, AuditEntryView } from '../../../../contracts/backoffice';

const backoffice = () => import('../../../../contracts/backoffice');
const userAnswer = answerFrom(backoffice, (c) => c.userAnswerSchema);
const adminAnswer = answerFrom(backoffice, (c) => c.adminAnswerSchema);

/** The back office's people query keys, the one place they are written. */
export const backofficeKeys = {
  users: ['admin', 'users'] as const,
  usersPage: (page: number, q: string) => ['admin', 'users', page, q] as const,
  admins: ['admin', 'admins'] as const,
  userHistory: (userId: string, page: number) => ['admin', 'user-history', userId, page] as const,
  userBalance: (userId: string) => ['admin', 'user-balance', userId] as const,
  gameHistory: (userId: string, gameType: string) => ['admin', 'game-history', userId, gameType] as const,
  allAudit: ['admin', 'audit'] as const,
  audit: (page: number, filters: AuditFilters) => ['admin', 'audit', page, filters] as const,
};

/** All Users, a server page at a time; `q` finds a name, e-mail, phone or id. */
export const usersQuery = (page: number, q: string) =>
  queryOptions({
    queryKey: backofficeKeys.usersPage(page, q),
    queryFn: ({ signal }) =>
      apiAnswer(
        answerFrom(backoffice, (c) => c.usersAnswerSchema),
        '/api/v1/users/',
        { query: { page, q: q || undefined }, signal },
      ),
    placeholderData: keepPreviousData,
  });

export const useUsers = (page: number, q: string) => useQuery(usersQuery(page, q));

type UserEdit = { fullName: string; email: string; phoneNumber: string };

type Answer<S> = S extends AnswerSchema<infer T> ? T : never;

function useUserMutation<V>(call: (v: V) => Promise<Answer<typeof userAnswer>>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: backofficeKeys.users }) });
}

export const useUpdateUser = () =>
  useUserMutation(({ id, ...body }: UserEdit & { id: string }) =>
    apiAnswer(userAnswer, `/api/v1/users/${encodeURIComponent(id)}`, { method: 'PUT', body: { ...body, password: '' } }),
  );
export const useSetUserPassword = () =>
  useUserMutation(({ id, password }: { id: string; password: string }) =>
    apiAnswer(userAnswer, `/api/v1/admin/users/${encodeURIComponent(id)}/password`, { method: 'POST', body: { password } }),
  );
export const useReleaseWithdrawals = () =>
  useUserMutation(({ id }: { id: string }) => apiAnswer(userAnswer, `/api/v1/admin/users/${encodeURIComponent(id)}/release-withdrawals`, { method: 'POST' }));
export const useBlockUser = () =>
  useUserMutation(({ id, blocked }: { id: string; blocked: boolean }) =>
    apiAnswer(userAnswer, `/api/v1/admin/users/${encodeURIComponent(id)}/block`, { method: 'POST', body: { blocked } }),
  );

/** One player's wallet history, balance and rounds, for the History view. */
export const userHistoryQuery = (userId: string, page: number) =>
  queryOptions({
    queryKey: backofficeKeys.userHistory(userId, page),
    queryFn: async ({ signal }) =>
      (
        await apiAnswer(
          answerFrom(
            () => import('../../../../contracts/wallet.answers'),
            (c) => c.historyAnswerSchema,
          ),
          '/api/v1/wallet/history/users',
          { query: { page, userId }, signal },
        )
      ).data,
    placeholderData: keepPreviousData,
  });

export const useUserHistory = (userId: string, page: number) => useQuery(userHistoryQuery(userId, page));

export const userBalanceQuery = (userId: string) =>
  queryOptions({
    queryKey: backofficeKeys.userBalance(userId),
    queryFn: async ({ signal }) =>
      (
        await apiAnswer(
          answerFrom(
            () => import('../../../../contracts/accounts'),
            (c) => c.balanceAnswerSchema,
          ),
          `/api/v1/users/balance/${encodeURIComponent(userId)}`,
          { signal },
        )
      ).balance,
  });

export const useUserBalance = (userId: string) => useQuery(userBalanceQuery(userId));

/** A player's ended bets of one game type (a type the site does not have answers every bet). */
export const gameHistoryQuery = (userId: string, gameType: string) =>
  queryOptions({
    queryKey: backofficeKeys.gameHistory(userId, gameType),
    queryFn: ({ signal }) =>
      apiData(
        okAnswer(
          () => import('../../../../contracts/chicken'),
          (c) => c.gameHistoryEntrySchema.array(),
        ),
        `/api/v1/admin/game-history/${encodeURIComponent(userId)}/${encodeURIComponent(gameType)}`,
        { signal },
      ),
  });

export const useGameHistory = (userId: string, gameType: string) => useQuery(gameHistoryQuery(userId, gameType));
export const useUserBets = (userId: string) => useGameHistory(userId, 'chicken');

export const adminsQuery = () =>
  queryOptions({
    queryKey: backofficeKeys.admins,
    queryFn: async ({ signal }) =>
      (
        await apiAnswer(
          answerFrom(backoffice, (c) => c.adminsAnswerSchema),
          '/api/v1/admin/get-admin',
          { signal },
        )
      ).data,
  });

export const useAdmins = () => useQuery(adminsQuery());

function useAdminMutation<V, A = Answer<typeof adminAnswer>>(call: (v: V) => Promise<A>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: backofficeKeys.admins });
      void queryClient.invalidateQueries({ queryKey: backofficeKeys.allAudit });
    },
  });
}
export const useAddAdmin = () =>
  useAdminMutation((body: { name: string; email: string; phone: string; password: string; accessPages: AccessPage[] }) =>
    apiAnswer(adminAnswer, '/api/v1/admin/add-admin', { method: 'POST', body }),
  );
/** Saves an admin's row; your own new e-mail or phone comes back as `pendingContact`, waiting for its code. */
export const useUpdateAdmin = () =>
  useAdminMutation((row: Omit<AdminRow, 'createdAt' | 'dailyApprovalLimit'> & { dailyApprovalLimit?: number | null }) =>
    apiAnswer(
      answerFrom(backoffice, (c) => c.updateAdminAnswerSchema),
      '/api/v1/admin/update-admin',
      { method: 'PUT', body: row },
    ),
  );
/** The codes sent to your own new e-mail and phone. */
export const useConfirmContact = () =>
  useAdminMutation((codes: { emailOTP?: string; smsOTP?: string }) => apiAnswer(adminAnswer, '/api/v1/admin/confirm-contact', { method: 'POST', body: codes }));
export const useDeleteAdmin = () =>
  useAdminMutation((email: string) => apiAnswer(adminAnswer, '/api/v1/admin/delete-admin', { method: 'DELETE', body: { email } }));

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

/** The audit log, a server page at a time, filtered. */
export const auditLogQuery = (page: number, filters: AuditFilters) =>
  queryOptions({
    queryKey: backofficeKeys.audit(page, filters),
    queryFn: async ({ signal }) =>
      (
        await apiAnswer(
          answerFrom(backoffice, (c) => c.auditAnswerSchema),
          '/api/v1/admin/audit',
          { query: auditQuery(page, filters), signal },
        )
      ).data,
    placeholderData: keepPreviousData,
  });

export const useAudit = (page: number, filters: AuditFilters) => useQuery(auditLogQuery(page, filters));
