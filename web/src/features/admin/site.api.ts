import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answerFrom, apiAnswer } from '../../lib/api';
import { visibleGamesKey } from '../../lib/useVisibleGames';
import { sharedKeys } from '../../lib/sharedKeys';
import { siteSettingsKey } from '../../lib/useSiteSettings';

const site = () => import('../../../../contracts/site');

/** The site pages' query keys, the one place they are written. */
export const siteKeys = {
  /** Under the entry players read, so saving the message refreshes both. */
  notification: [...sharedKeys.notification, 'admin'] as const,
  supportContacts: ['admin', 'support-contacts'] as const,
};

/** The site-wide message as players see it, and its Hindi version (nulls when there is none). */
export const notificationTextQuery = () =>
  queryOptions({
    queryKey: siteKeys.notification,
    queryFn: async ({ signal }) => {
      const answer = await apiAnswer(
        answerFrom(
          () => import('../../../../contracts/accounts'),
          (c) => c.notificationAnswerSchema,
        ),
        '/api/v1/notification/get',
        { anonymous: true, signal },
      );
      return { message: answer.message, messageHi: answer.messageHi ?? null };
    },
  });

export const useNotificationText = () => useQuery(notificationTextQuery());

export function useSaveNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    // Without a Hindi version the message has none: Hindi readers see the English.
    mutationFn: ({ message, messageHi }: { message: string; messageHi: string }) =>
      apiAnswer(
        answerFrom(site, (c) => c.notificationSavedAnswerSchema),
        '/api/v1/notification/add',
        { method: 'POST', body: messageHi ? { message, messageHi } : { message } },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharedKeys.notification }),
  });
}

/** Shows or hides a game; the visible-games list is read again once the server has answered. */
export function useSetGameVisibility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { gameType: string; isVisible: boolean }) =>
      apiAnswer(
        answerFrom(site, (c) => c.gameVisibilityAnswerSchema),
        '/api/v1/admin/game-visibility',
        { method: 'POST', body },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: visibleGamesKey }),
  });
}

/** Help & Support's contacts as the back office edits them. */
export const supportContactsQuery = () =>
  queryOptions({
    queryKey: siteKeys.supportContacts,
    queryFn: async ({ signal }) =>
      (
        await apiAnswer(
          answerFrom(site, (c) => c.supportContactsAnswerSchema),
          '/api/v1/admin/support-contacts',
          { signal },
        )
      ).data,
  });

export const useSupportContacts = () => useQuery(supportContactsQuery());

/** Saves them; every screen's Help & Support follows once the site settings are read again. */
export function useSaveSupportContacts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { whatsapp: string; telegram: string }) =>
      (
        await apiAnswer(
          answerFrom(site, (c) => c.supportContactsAnswerSchema),
          '/api/v1/admin/support-contacts',
          { method: 'PUT', body },
        )
      ).data,
    onSuccess: (data) => {
      queryClient.setQueryData(siteKeys.supportContacts, data);
      void queryClient.invalidateQueries({ queryKey: siteSettingsKey });
    },
  });
}
