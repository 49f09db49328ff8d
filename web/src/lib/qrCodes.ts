import { queryOptions, useQuery } from '@tanstack/react-query';
import { answerFrom, apiAnswer } from './api';

export type { QrCode } from '../../../contracts/wallet.answers';

/** `fiat` is the UPI list (`/qrcode`), `crypto` the crypto list (`/qrcodecrypto`). */
export type QrKind = 'fiat' | 'crypto';

export const qrBasePath: Record<QrKind, string> = { fiat: '/api/v1/qrcode', crypto: '/api/v1/qrcodecrypto' };
export const qrCodesKey = (kind: QrKind) => ['qr-codes', kind] as const;

/** The payment QR codes players pay to (public; the back office manages them). */
export const qrCodesQuery = (kind: QrKind) =>
  queryOptions({
    queryKey: qrCodesKey(kind),
    queryFn: async ({ signal }) =>
      (
        await apiAnswer(
          answerFrom(
            () => import('../../../contracts/wallet.answers'),
            (c) => c.qrCodeListAnswerSchema,
          ),
          `${qrBasePath[kind]}/qr-codes`,
          { anonymous: true, signal },
        )
      ).data ?? [],
  });

export const useQrCodes = (kind: QrKind) => useQuery(qrCodesQuery(kind));
