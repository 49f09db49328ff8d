import type { z } from 'zod';
import type { LoginAnswer, meAnswerSchema, referralLinkAnswerSchema, RegisterAnswer, registerSchema, resendAnswerSchema } from '../../../../contracts/accounts';
import type { okMessage } from '../../../../contracts/envelope';
import { api } from '../../lib/api';
import { session, type SessionUser } from '../../lib/session';

export type RegisterBody = z.input<typeof registerSchema>;
export type Credentials = { email: string; password: string } | { phoneNumber: string; password: string };
export type ResetTarget = { email: string } | { phoneNumber: string };
type MessageAnswer = z.infer<typeof okMessage>;

/** Registers; answers the new user's id (`userId`, or `data._id`) and the channels whose code could not be sent. */
export async function registerUser(body: RegisterBody): Promise<{ userId: string | null; message?: string; undelivered: string[] }> {
  const res = await api<RegisterAnswer | null>('/api/v1/users/register', { method: 'POST', body, anonymous: true });
  return { userId: res?.userId ?? res?.data?._id ?? null, message: res?.message, undelivered: res?.undelivered ?? [] };
}

export const verifyOtp = (body: { userId: string; emailOTP: string; smsOTP: string | null }) =>
  api<MessageAnswer>('/api/v1/otp/verify', { method: 'POST', body, anonymous: true });

export const resendOtp = (userId: string) =>
  api<z.infer<typeof resendAnswerSchema>>('/api/v1/otp/resend', { method: 'POST', body: { userId }, anonymous: true });

/** Signs in: the session is the httpOnly cookies the answer sets; only the user is kept here. */
export async function signIn(credentials: Credentials): Promise<SessionUser> {
  const res = await api<LoginAnswer>('/api/v1/users/login', { method: 'POST', body: credentials, anonymous: true });
  const user = res?.data?.user;
  if (!user) throw new Error('login answer without a user');
  session.set(user);
  return user;
}

export const fetchMe = () => api<z.infer<typeof meAnswerSchema>>('/api/v1/users/me');

export const logout = () => api('/api/v1/users/logout', { method: 'POST' });

export const changePassword = (body: { oldPassword: string; newPassword: string }) =>
  api<MessageAnswer>('/api/v1/users/change-password', { method: 'POST', body });

export async function fetchReferralLink(userId: string): Promise<string | null> {
  const res = await api<z.infer<typeof referralLinkAnswerSchema>>(`/api/v1/users/referral-link/${encodeURIComponent(userId)}`);
  return res?.referralLink ?? res?.data?.referralLink ?? null;
}

export const requestResetOtp = (target: ResetTarget) =>
  api<MessageAnswer>('/api/v1/users/request-reset-otp', { method: 'POST', body: target, anonymous: true });

export const resetPassword = (body: ResetTarget & { otp: string; newPassword: string }) =>
  api<MessageAnswer>('/api/v1/users/reset-password', { method: 'POST', body, anonymous: true });
