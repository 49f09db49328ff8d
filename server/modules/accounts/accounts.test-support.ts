import { randomInt } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { checkInternationalPhone } from '../../../contracts/accounts.js';
import type { App } from '../../types.js';

// Helpers shared by the accounts test files: people, the dev outbox and cookies.

export const PASSWORD = 'Secret#123';

export interface Person {
  fullName: string;
  email: string;
  phoneNumber: string;
  password: string;
}

/** A valid Indian mobile number nobody else in this run uses. */
export function newPhone(): string {
  for (;;) {
    const phone = `+91${randomInt(7, 10)}${String(randomInt(0, 1e9)).padStart(9, '0')}`;
    if (checkInternationalPhone(phone).ok) return phone;
  }
}

export function newPerson(o: Partial<Person> = {}): Person {
  const tag = `${Date.now().toString(36)}${randomInt(1e6).toString(36)}`;
  return { fullName: 'Asha Rao', email: `asha.${tag}@example.com`, phoneNumber: newPhone(), password: PASSWORD, ...o };
}

export async function register(app: App, person: Person, refBy: string | null = null) {
  const res = await app.inject({ method: 'POST', url: '/api/v1/users/register', payload: { ageConfirmed: true, ...person, ref_by: refBy } });
  return { res, body: res.json(), userId: res.json().userId as string };
}

export async function outbox(app: App, to: string): Promise<{ to: string; channel: string; code: string; text: string; createdAt: string }[]> {
  const res = await app.inject({ url: `/api/v1/dev/outbox?to=${encodeURIComponent(to)}` });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

/** The outbox of `to` once the work sent after the answers is done (it must then hold `count` messages). */
export async function outboxOf(app: App, to: string, count: number) {
  await app.background.drain();
  const messages = await outbox(app, to);
  if (messages.length < count) throw new Error(`the outbox of ${to} holds ${messages.length} messages, not ${count}`);
  return messages;
}

/** The newest codes the dev outbox holds for a person. */
export async function latestCodes(app: App, person: Pick<Person, 'email' | 'phoneNumber'>) {
  const [email] = await outbox(app, person.email);
  const [sms] = await outbox(app, person.phoneNumber);
  return { emailOTP: email?.code, smsOTP: sms?.code };
}

export async function verifyPerson(app: App, userId: string, person: Person) {
  const codes = await latestCodes(app, person);
  return app.inject({ method: 'POST', url: '/api/v1/otp/verify', payload: { userId, ...codes } });
}

/** Registers and verifies through the API; answers the person and their id. */
export async function registerVerified(app: App, o: Partial<Person> = {}) {
  const person = newPerson(o);
  const { res, userId } = await register(app, person);
  expect(res.statusCode).toBe(201);
  expect((await verifyPerson(app, userId, person)).statusCode).toBe(200);
  return { ...person, id: userId };
}

export function login(app: App, payload: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/api/v1/users/login', payload });
}

/** The httpOnly cookie that holds the refresh token; `refreshToken` beside it is a readable hint with no secret. */
export const REFRESH_SECRET = 'refreshSecret';

/** Signs in and answers the access token, the refresh token from its cookie and the user. */
export async function signIn(app: App, payload: Record<string, unknown>) {
  const res = await login(app, payload);
  expect(res.statusCode).toBe(200);
  const { accessToken, user } = res.json().data;
  return { accessToken: accessToken as string, refreshToken: cookie(res, REFRESH_SECRET)!.value, user };
}

export function cookie(res: LightMyRequestResponse, name: string) {
  return res.cookies.find((c) => c.name === name);
}

export function refresh(app: App, refreshToken: string) {
  return app.inject({ method: 'POST', url: '/api/v1/users/refresh-token', cookies: { [REFRESH_SECRET]: refreshToken } });
}

export { rows } from '../../../tests/helpers/app.js';
