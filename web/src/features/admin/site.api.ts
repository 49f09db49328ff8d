import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { notificationAnswerSchema } from '../../../../contracts/accounts';
import type { gameVisibilityAnswerSchema, notificationSavedAnswerSchema } from '../../../../contracts/site';
import { api } from '../../lib/api';

const notificationKey = ['notification'] as const;

/** The site-wide message as players see it (null when there is none). */
export function useNotificationText() {
  return useQuery({
    queryKey: [...notificationKey, 'admin'],
    queryFn: async ({ signal }) => (await api<z.infer<typeof notificationAnswerSchema>>('/api/v1/notification/get', { anonymous: true, signal })).message,
  });
}

export function useSaveNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => api<z.infer<typeof notificationSavedAnswerSchema>>('/api/v1/notification/add', { method: 'POST', body: { message } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKey }),
  });
}

/** Shows or hides a game; the visible-games list is read again once the server has answered. */
export function useSetGameVisibility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { gameType: string; isVisible: boolean }) =>
      api<z.infer<typeof gameVisibilityAnswerSchema>>('/api/v1/admin/game-visibility', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['visible-games'] }),
  });
}
