import { checkInternationalPhone } from '../../contracts/accounts';
import { baseURL, outboxCodes } from './browser';

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
