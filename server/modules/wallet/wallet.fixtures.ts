// Test helpers of the wallet feature (used by its *.test.ts files only).
import type { TestUser } from '../../../tests/helpers/factories.js';
import type { App } from '../../types.js';

/** A valid 1×1 PNG. */
export const PNG_BYTES = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4//8/AAX+Av4N70a4AAAAAElFTkSuQmCC', 'base64');
/** A valid TRON address and an Ethereum address, as players paste them. */
export const TRC20_ADDRESS = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
export const ERC20_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';

/** A multipart/form-data body built by the platform's own encoder, as a browser would send it. */
export async function multipart(
  fields: Record<string, string>,
  file?: { field: string; name: string; type: string; bytes: Uint8Array },
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append(file.field, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const response = new Response(form);
  const payload = Buffer.from(await response.arrayBuffer());
  return { payload, headers: { 'content-type': response.headers.get('content-type')! } };
}

export const upiDeposit = (amount: number | string, payNumber: string, extra: Record<string, unknown> = {}) => ({
  amount,
  method: 'UPI',
  details: { payNumber },
  remarks: 'Payment request for INR',
  ...extra,
});

export const upiWithdrawal = (amount: number | string, details: Record<string, unknown> = {}) => ({
  amount,
  method: 'UPI',
  details: {
    amount,
    email: 'player@example.com',
    phone: '+919876543210',
    firstName: 'Asha',
    lastName: 'Rao',
    accountNumber: '123456789012',
    ifsc: 'SBIN0001234',
    ...details,
  },
  remarks: 'Withdrawal',
});

let payCounter = 0;
export const nextPayNumber = () => `UTR${Date.now()}${(payCounter += 1)}`;

export async function postDeposit(app: App, who: TestUser, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url: '/api/v1/wallet/deposit', headers: { ...who.headers, ...headers }, payload: body });
}

export async function postWithdrawal(app: App, who: TestUser, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url: '/api/v1/wallet/withraw', headers: { ...who.headers, ...headers }, payload: body });
}

export async function decideDeposit(
  app: App,
  admin: TestUser,
  id: string,
  status: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'PUT',
    url: '/api/v1/wallet/update-deposite-transaction-status',
    headers: { ...admin.headers, ...headers },
    payload: { status, id, ...extra },
  });
}

export async function decideWithdrawal(
  app: App,
  admin: TestUser,
  id: string,
  status: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  return app.inject({ method: 'PUT', url: '/api/v1/wallet/transaction/status', headers: { ...admin.headers, ...headers }, payload: { status, id, ...extra } });
}

/** Creates a pending UPI deposit and answers its id. */
export async function pendingDeposit(app: App, who: TestUser, amount: number): Promise<string> {
  const res = await postDeposit(app, who, upiDeposit(amount, nextPayNumber()));
  if (res.statusCode !== 201) throw new Error(`deposit failed: ${res.statusCode} ${res.body}`);
  return res.json().data._id;
}
