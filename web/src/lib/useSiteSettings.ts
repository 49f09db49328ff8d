import { queryOptions, useQuery } from '@tanstack/react-query';
import { answerFrom, apiAnswer } from './api';

export const siteSettingsKey = ['site-settings'] as const;

/**
 * The limits and the game ladder the server enforces (`GET /site/settings`), read once a visit.
 * Screens show and pre-check these; the server checks everything again.
 */
export const siteSettingsQuery = () =>
  queryOptions({
    queryKey: siteSettingsKey,
    staleTime: Infinity,
    queryFn: async ({ signal }) =>
      (
        await apiAnswer(
          answerFrom(
            () => import('../../../contracts/site'),
            (c) => c.siteSettingsAnswerSchema,
          ),
          '/api/v1/site/settings',
          { anonymous: true, signal },
        )
      ).data,
  });

export const useSiteSettings = () => useQuery(siteSettingsQuery());

/** Whether the operator configured a support contact (SUPPORT_WHATSAPP, SUPPORT_TELEGRAM): without one, no help button is shown. */
export function useHasSupport(): boolean {
  const support = useSiteSettings().data?.support;
  return Boolean(support?.whatsapp || support?.telegram);
}
