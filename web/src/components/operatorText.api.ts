import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TextPage } from '../../../contracts/site';
import { answerFrom, apiAnswer } from '../lib/api';

/** The operator's text pages' query keys, the one place they are written. */
export const operatorTextKeys = { page: (page: TextPage, language: string) => ['site-page', page, language] as const };

/** The operator's Markdown for a page in a language (`GET /site/pages/{page}`), or null when there is none. */
export const operatorTextQuery = (page: TextPage, language: string) =>
  queryOptions({
    queryKey: operatorTextKeys.page(page, language),
    staleTime: 5 * 60_000,
    queryFn: async ({ signal }) =>
      (
        await apiAnswer(
          answerFrom(
            () => import('../../../contracts/site'),
            (c) => c.textPageAnswerSchema,
          ),
          `/api/v1/site/pages/${page}`,
          { anonymous: true, signal, query: { lang: language } },
        )
      ).data.markdown,
  });

export const useOperatorText = (page: TextPage, language: string) => useQuery(operatorTextQuery(page, language));
