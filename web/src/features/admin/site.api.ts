import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answerFrom, apiAnswer } from '../../lib/api';
import { visibleGamesKey } from '../../lib/useVisibleGames';
import { sharedKeys } from '../../lib/sharedKeys';
import { siteSettingsKey } from '../../lib/useSiteSettings';

const notificationKey = sharedKeys.notification;
const site = () => import('../../../../contracts/site');

/** The site-wide message as players see it, and its Hindi version (nulls when there is none). */
export function useNotificationText() {
  return useQuery({
    queryKey: [...notificationKey, 'admin'],
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
}

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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKey }),
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

const supportKey = ['admin', 'support-contacts'] as const;

/** Help & Support's contacts as the back office edits them. */
export function useSupportContacts() {
  return useQuery({
    queryKey: supportKey,
    queryFn: async ({ signal }) =>
      (
        await apiAnswer(
          answerFrom(site, (c) => c.supportContactsAnswerSchema),
          '/api/v1/admin/support-contacts',
          { signal },
        )
      ).data,
  });
}

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
      queryClient.setQueryData(supportKey, data);
      void queryClient.invalidateQueries({ queryKey: siteSettingsKey });
    },
  });
}
