import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { prizeSetAnswerSchema } from '../../../../contracts/spinner';
import { answerFrom, apiAnswer } from '../../lib/api';
import { sharedKeys } from '../../lib/sharedKeys';

type Answer = z.infer<typeof prizeSetAnswerSchema>;
const spinner = () => import('../../../../contracts/spinner');
const answer = answerFrom(spinner, (c) => c.prizeSetAnswerSchema);

/** The prize sets as the back office edits them (the first is the wheel). */
export const prizeSetsQuery = () =>
  queryOptions({
    queryKey: sharedKeys.spinnerPrizes,
    queryFn: ({ signal }) =>
      apiAnswer(
        answerFrom(spinner, (c) => c.prizeSetListSchema),
        '/api/v1/spinner/prizes',
        { signal },
      ),
  });

export const usePrizeSets = () => useQuery(prizeSetsQuery());

type Change =
  | { kind: 'create'; prizes: string[] }
  | { kind: 'replace'; id: string; prizes: string[] }
  | { kind: 'add' | 'remove'; id: string; prize: string }
  | { kind: 'delete'; id: string };

function send(change: Change): Promise<Answer> {
  const at = (id: string) => `/api/v1/spinner/prize/${encodeURIComponent(id)}`;
  switch (change.kind) {
    case 'create':
      return apiAnswer(answer, '/api/v1/spinner/prize', { method: 'POST', body: { prizes: change.prizes } });
    case 'replace':
      return apiAnswer(answer, at(change.id), { method: 'PUT', body: { prizes: change.prizes } });
    case 'add':
    case 'remove':
      return apiAnswer(answer, `${at(change.id)}/${change.kind}`, { method: 'POST', body: { prize: change.prize } });
    case 'delete':
      return apiAnswer(answer, at(change.id), { method: 'DELETE' });
  }
}

/** Every edit of the wheel; the list is read again from the server after each. */
export function useChangePrizes() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSettled: () => queryClient.invalidateQueries({ queryKey: sharedKeys.spinnerPrizes }) });
}
