import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { registerSchema, secondFactorAnswerSchema } from '../../../../contracts/accounts';
import { answerFrom, apiAnswer } from '../../lib/api';
import { session, type SessionUser } from '../../lib/session';
import { useSession } from '../../lib/useSession';

export type RegisterBody = z.input<typeof registerSchema>;
export type Credentials = { email: string; password: string } | { phoneNumber: string; password: string };
export type ResetTarget = { email: string } | { phoneNumber: string };

const accounts = () => import('../../../../contracts/accounts');
const messageAnswer = answerFrom(
  () => import('../../../../contracts/envelope'),
  (c) => c.okMessage,
);

/** Registers; answers the new user's id (`userId`, or `data._id`) and the channels whose code could not be sent. */
export async function registerUser(body: RegisterBody): Promise<{ userId: string | null; message?: string; undelivered: string[] }> {
  const res = await apiAnswer(
    answerFrom(accounts, (c) => c.registerAnswerSchema),
    '/api/v1/users/register',
    { method: 'POST', body, anonymous: true },
  );
  return { userId: res?.userId ?? res?.data?._id ?? null, message: res?.message, undelivered: res?.undelivered ?? [] };
}

export const verifyOtp = (body: { userId: string; emailOTP: string; smsOTP: string | null }) =>
  apiAnswer(messageAnswer, '/api/v1/otp/verify', { method: 'POST', body, anonymous: true });

export const resendOtp = (userId: string) =>
  apiAnswer(
    answerFrom(accounts, (c) => c.resendAnswerSchema),
    '/api/v1/otp/resend',
    { method: 'POST', body: { userId }, anonymous: true },
  );

/** Signs in: the session is the httpOnly cookies the answer sets; only the user is kept here. */
export async function signIn(credentials: Credentials): Promise<SessionUser> {
  const step = await startSignIn(credentials);
  if (!('user' in step)) throw new Error('this account signs in with a second factor');
  return step.user;
}

export type SecondFactorStep = z.infer<typeof secondFactorAnswerSchema>['data'];
/** The password step: the user when that is all it takes, or an admin's challenge for the second factor. */
export async function startSignIn(credentials: Credentials): Promise<{ user: SessionUser } | SecondFactorStep> {
  const res = await apiAnswer(
    answerFrom(accounts, (c) => c.loginAnswerSchema.or(c.secondFactorAnswerSchema)),
    '/api/v1/users/login',
    { method: 'POST', body: credentials, anonymous: true },
  );
  const data = res?.data;
  if (data && 'twoFactor' in data) return data;
  if (!data?.user) throw new Error('login answer without a user');
  session.set(data.user);
  return { user: data.user };
}

export const setUpSecondFactor = async (challenge: string) =>
  (
    await apiAnswer(
      answerFrom(accounts, (c) => c.secondFactorSetupAnswerSchema),
      '/api/v1/users/login/2fa/setup',
      { method: 'POST', body: { challenge }, anonymous: true },
    )
  ).data;

/** The second step: signs in, answering the recovery codes once after set-up. */
export async function finishSignIn(challenge: string, code: string) {
  const res = await apiAnswer(
    answerFrom(accounts, (c) => c.secondFactorVerifyAnswerSchema),
    '/api/v1/users/login/2fa',
    {
      method: 'POST',
      body: { challenge, code },
      anonymous: true,
    },
  );
  return res.data;
}

export const fetchMe = () =>
  apiAnswer(
    answerFrom(accounts, (c) => c.meAnswerSchema),
    '/api/v1/users/me',
  );

export const logout = () => apiAnswer(messageAnswer, '/api/v1/users/logout', { method: 'POST' });

export const changePassword = (body: { oldPassword: string; newPassword: string }) =>
  apiAnswer(messageAnswer, '/api/v1/users/change-password', { method: 'POST', body });

/** The accounts' query keys, the one place they are written. */
export const authKeys = {
  referralLink: (userId: string | undefined) => ['referral-link', userId] as const,
};

/** A player's referral link (made on the first ask, the same ever after). A failure is only logged. */
export const referralLinkQuery = (userId: string | undefined) =>
  queryOptions({
    queryKey: authKeys.referralLink(userId),
    enabled: Boolean(userId),
    staleTime: Infinity,
    queryFn: async (): Promise<string | null> => {
      try {
        const res = await apiAnswer(
          answerFrom(accounts, (c) => c.referralLinkAnswerSchema),
          `/api/v1/users/referral-link/${encodeURIComponent(userId!)}`,
        );
        return res?.referralLink ?? res?.data?.referralLink ?? null;
      } catch (err) {
        console.error('referral link', err);
        throw err;
      }
    },
  });

/** The signed-in player's referral link. */
export function useReferralLink() {
  const { user } = useSession();
  return useQuery(referralLinkQuery(user?._id));
}

export const requestResetOtp = (target: ResetTarget) =>
  apiAnswer(messageAnswer, '/api/v1/users/request-reset-otp', { method: 'POST', body: target, anonymous: true });

export const resetPassword = (body: ResetTarget & { otp: string; newPassword: string; twoFactorCode?: string }) =>
  apiAnswer(messageAnswer, '/api/v1/users/reset-password', { method: 'POST', body, anonymous: true });
