import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiAnswer, apiData, okAnswer } from '../../lib/api';
import { sharedKeys } from '../../lib/sharedKeys';

const contract = () => import('../../../../contracts/color');

/** Colour Fairness's query keys, the one place they are written: under the colour game's, so a change refreshes the game's screens too. */
export const colourFairnessKeys = {
  commitments: [...sharedKeys.color, 'commitments', 'admin'] as const,
};

/** The colour game's commitments as the back office reads them (the public list, newest first). */
export const commitmentsQuery = () =>
  queryOptions({
    queryKey: colourFairnessKeys.commitments,
    queryFn: ({ signal }) =>
      apiData(
        okAnswer(contract, (c) => c.commitmentsPageSchema),
        '/api/v1/color/commitments',
        { query: { page: 1 }, signal },
      ),
  });

export const useCommitments = () => useQuery(commitmentsQuery());

/** Enters the hash of the block the waiting chain committed to; or commits the next chain to a block. */
export function useCommitmentChange(kind: 'salt' | 'next-chain') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { block: string; hash?: string }) =>
      apiAnswer(
        okAnswer(contract, (c) => c.colorCommitmentSchema),
        `/api/v1/admin/color/${kind}`,
        { method: 'POST', body },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharedKeys.color }),
  });
}
