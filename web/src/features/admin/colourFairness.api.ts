import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiAnswer, apiData, okAnswer } from '../../lib/api';

const contract = () => import('../../../../contracts/color');
/** The colour game's commitments as the back office reads them (the public list, newest first). */
const commitmentsKey = ['color', 'commitments', 'admin'] as const;

export function useCommitments() {
  return useQuery({
    queryKey: commitmentsKey,
    queryFn: ({ signal }) =>
      apiData(
        okAnswer(contract, (c) => c.commitmentsPageSchema),
        '/api/v1/color/commitments',
        { query: { page: 1 }, signal },
      ),
  });
}

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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['color'] }),
  });
}
