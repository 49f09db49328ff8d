import { useQuery } from '@tanstack/react-query';
import { api } from './api';

/** A payment QR code; `imageUrl` is a path on the API host. */
export interface QrCode {
  _id: string;
  title: string;
  imageUrl: string;
}

/** `fiat` is the UPI list (`/qrcode`), `crypto` the crypto list (`/qrcodecrypto`). */
export type QrKind = 'fiat' | 'crypto';

export const qrBasePath: Record<QrKind, string> = { fiat: '/api/v1/qrcode', crypto: '/api/v1/qrcodecrypto' };
export const qrCodesKey = (kind: QrKind) => ['qr-codes', kind] as const;

/** The payment QR codes players pay to (public; the back office manages them). */
export function useQrCodes(kind: QrKind) {
  return useQuery({
    queryKey: qrCodesKey(kind),
    queryFn: async ({ signal }) => (await api<{ data?: QrCode[] }>(`${qrBasePath[kind]}/qr-codes`, { anonymous: true, signal })).data ?? [],
  });
}
