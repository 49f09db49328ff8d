import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CryptoType } from '../../../../contracts/crypto';
import { answerFrom, apiAnswer } from '../../lib/api';
import { qrCodesKey } from '../../lib/qrCodes';

const answers = () => import('../../../../contracts/wallet.answers');
const cryptoRatesKey = ['admin', 'crypto-rates'] as const;

/** Every coin with the rate the back office set for it (null while none is set). */
export function useCryptoRates() {
  return useQuery({
    queryKey: cryptoRatesKey,
    queryFn: async ({ signal }) =>
      (
        await apiAnswer(
          answerFrom(answers, (c) => c.coinRatesAnswerSchema),
          '/api/v1/admin/crypto-rates',
          { signal },
        )
      ).data,
  });
}

/** Sets a coin's rate (rupees for one coin); the codes' list is read again, as it carries the rates. */
export function useSaveCryptoRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ coin, rate }: { coin: CryptoType; rate: string }) =>
      apiAnswer(
        answerFrom(answers, (c) => c.coinRateAnswerSchema),
        `/api/v1/admin/crypto-rates/${coin}`,
        { method: 'PUT', body: { rate } },
      ),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: cryptoRatesKey });
      void queryClient.invalidateQueries({ queryKey: qrCodesKey('crypto') });
    },
  });
}
