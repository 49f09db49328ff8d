import { checkInternationalPhone } from '../../contracts/accounts';
import { ensurePaymentTarget } from '../helpers/payment-target';
import { baseURL, outboxCodes } from './browser';
import { E2E_ADMIN } from './global-setup';

export type Json = { success?: boolean; message?: string; data?: unknown; [k: string]: unknown };

/** Calls the API of the server under test as another client would; a refusal throws with its status. */
export async function call<T = Json>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(`${baseURL()}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json().catch(() => ({}))) as T & Json;
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${json.message ?? JSON.stringify(json)}`);
  return json;
}

/** A valid Indian mobile number, different on every call. */
export function freshPhone(prefix = '+9197'): string {
  for (;;) {
    const checked = checkInternationalPhone(`${prefix}${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`);
    if (checked.ok) return checked.e164;
  }
}

/** The newest code the dev outbox holds for an address, waiting for it to arrive. */
export async function codeFor(to: string, channel: 'email' | 'sms'): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const found = (await outboxCodes(to)).find((m) => m.channel === channel && m.code);
    if (found) return found.code;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no ${channel} code for ${to}`);
}

/** Registers and verifies a player through the API, as the register screen and the code dialog do. */
export async function registerVerified(fullName: string, email: string, phoneNumber: string, password: string): Promise<string> {
  const { userId } = await call<{ userId: string }>('POST', '/api/v1/users/register', {
    fullName,
    email,
    phoneNumber,
    password,
    ref_by: null,
    ageConfirmed: true,
  });
  await call('POST', '/api/v1/otp/verify', { userId, emailOTP: await codeFor(email, 'email'), smsOTP: await codeFor(phoneNumber, 'sms') });
  return userId;
}

export interface Player {
  userId: string;
  email: string;
  password: string;
  token: string;
}

/** Registers and verifies a player through the API, and funds them with a ₹1,000 deposit the admin approves. */
export async function fundedPlayer(tag: string, fullName: string): Promise<Player> {
  await ensureUpiQr();
  const email = `${tag}.${Date.now().toString(36)}@e2e.test`;
  const phoneNumber = freshPhone();
  const password = 'Chicken#2024';
  const userId = await registerVerified(fullName, email, phoneNumber, password);
  const login = (await call('POST', '/api/v1/users/login', { email, password })).data as { accessToken: string };
  const deposit = await call(
    'POST',
    '/api/v1/wallet/deposit',
    { amount: 1000, method: 'UPI', details: { payNumber: `E2E${Date.now()}${Math.floor(Math.random() * 1e6)}` }, userId },
    login.accessToken,
  );
  const admin = (await call('POST', '/api/v1/users/login', { email: E2E_ADMIN.email, password: E2E_ADMIN.password })).data as { accessToken: string };
  await call('PUT', '/api/v1/wallet/update-deposite-transaction-status', { id: (deposit.data as { _id: string })._id, status: 'approved' }, admin.accessToken);
  return { userId, email, password, token: login.accessToken };
}

/**
 * Makes sure players have somewhere to pay by UPI (a deposit method with no QR code is neither
 * offered nor accepted): uploads one as the admin when none is there. Another file may replace it.
 */
export async function ensureUpiQr(): Promise<void> {
  const admin = (await call('POST', '/api/v1/users/login', { email: E2E_ADMIN.email, password: E2E_ADMIN.password })).data as { accessToken: string };
  await ensurePaymentTarget(baseURL(), admin.accessToken);
}
