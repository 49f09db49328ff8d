import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CryptoType } from '../../../../contracts/crypto';
import { answerFrom, apiAnswer } from '../../lib/api';
import { qrCodesKey } from '../../lib/qrCodes';

const answers = () => import('../../../../contracts/wallet.answers');

/** The coin rates' query keys, the one place they are written. */
export const cryptoRatesKeys = {
  rates: ['admin', 'crypto-rates'] as const,
};

/** Every coin with the rate the back office set for it (null while none is set). */
export const cryptoRatesQuery = () =>
  queryOptions({
    queryKey: cryptoRatesKeys.rates,
    queryFn: async ({ signal }) =>
      (
        await apiAnswer(
          answerFrom(answers, (c) => c.coinRatesAnswerSchema),
          '/api/v1/admin/crypto-rates',
          { signal },
        )
      ).data,
  });

export const useCryptoRates = () => useQuery(cryptoRatesQuery());

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
      void queryClient.invalidateQueries({ queryKey: cryptoRatesKeys.rates });
      void queryClient.invalidateQueries({ queryKey: qrCodesKey('crypto') });
    },
  });
}
