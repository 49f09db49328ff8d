/** A valid 1×1 PNG, enough for a QR code upload. */
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4//8/AAX+Av4N70a4AAAAAElFTkSuQmCC', 'base64');

/** A crypto code as an operator adds it: its coin, its network, the address it pays to, and the coin's rate in rupees. */
export interface CryptoTarget {
  coin: 'usdt' | 'btc';
  network: 'trc20' | 'erc20' | 'bitcoin';
  payTo: string;
  rate: number;
  title?: string;
}

/** USDT on TRC20 at ₹85 for one USDT. */
export const USDT_TRC20: CryptoTarget = {
  coin: 'usdt',
  network: 'trc20',
  payTo: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
  rate: 85,
  title: 'Rupee Arcade USDT (TRC20)',
};

async function upload(baseUrl: string, adminToken: string, prefix: string, fields: Record<string, string>, field: string): Promise<void> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append(field, new Blob([new Uint8Array(TINY_PNG)], { type: 'image/png' }), 'qr.png');
  const res = await fetch(`${baseUrl}/api/v1/${prefix}/qr`, { method: 'POST', body: form, headers: { authorization: `Bearer ${adminToken}` } });
  // 409: another client uploaded one meanwhile.
  if (!res.ok && res.status !== 409) throw new Error(`QR upload failed: ${res.status} ${await res.text()}`);
}

/**
 * Gives players somewhere to pay, over HTTP as the back office does: uploads the UPI QR code when
 * the server has none, or a crypto code for a coin and network (and sets the coin's rate) when that
 * pair has none. Deposits of a method, or of a coin and network, without one are refused.
 */
export async function ensurePaymentTarget(baseUrl: string, adminToken: string, crypto?: CryptoTarget): Promise<void> {
  if (!crypto) {
    const list = (await (await fetch(`${baseUrl}/api/v1/qrcode/qr-codes`)).json()) as { data?: unknown[] };
    if (list.data?.length) return;
    await upload(baseUrl, adminToken, 'qrcode', { title: 'Rupee Arcade UPI', payTo: 'rupeearcade@okaxis' }, 'qrCode');
    return;
  }
  const list = (await (await fetch(`${baseUrl}/api/v1/qrcodecrypto/qr-codes`)).json()) as { data?: { coin: string | null; network: string | null }[] };
  if (!list.data?.some((c) => c.coin === crypto.coin && c.network === crypto.network)) {
    const fields = {
      title: crypto.title ?? `${crypto.coin.toUpperCase()} (${crypto.network.toUpperCase()})`,
      coin: crypto.coin,
      network: crypto.network,
      payTo: crypto.payTo,
    };
    await upload(baseUrl, adminToken, 'qrcodecrypto', fields, 'qrCodeCrypto');
  }
  const res = await fetch(`${baseUrl}/api/v1/admin/crypto-rates/${crypto.coin}`, {
    method: 'PUT',
    body: JSON.stringify({ rate: crypto.rate }),
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
  });
  if (!res.ok) throw new Error(`Setting the ${crypto.coin} rate failed: ${res.status} ${await res.text()}`);
}
