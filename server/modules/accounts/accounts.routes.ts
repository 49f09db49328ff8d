import {
  MESSAGES,
  otpResendSchema,
  otpVerifySchema,
  registerAnswerSchema,
  registerSchema,
  requestResetSchema,
  resendAnswerSchema,
  resetPasswordSchema,
} from '../../../contracts/accounts.js';
import { routes, said } from '../../http/route.js';
import type { App } from '../../types.js';
import { register, resend, verify } from './accounts.service.js';
import { requestReset, resetPassword } from './password-reset.service.js';
import { clearSessionCookies } from './session.cookies.js';
import { registeredView } from './user.view.js';

/** Registration, codes and password reset: open to anybody, each under the per-IP rate limit. */
export async function accountsRoutes(app: App): Promise<void> {
  const r = routes(app, { tags: ['accounts'], guard: 'public' });

  r.post('/users/register', {
    summary: 'Create an account awaiting its code',
    rateLimit: true,
    status: 201,
    body: registerSchema,
    answer: registerAnswerSchema,
    handler: async ({ body }, ctx) => {
      const { user, message, failed } = await register(ctx, body);
      return said(message, registeredView(user), { userId: user.id, ...(failed.length ? { undelivered: failed } : {}) });
    },
  });

  r.post('/otp/verify', {
    summary: 'Verify a new account with its code',
    rateLimit: true,
    body: otpVerifySchema,
    message: MESSAGES.verified,
    handler: async ({ body }, ctx) => {
      await verify(ctx, body);
    },
  });

  r.post('/otp/resend', {
    summary: 'Send a new code to an account awaiting verification',
    rateLimit: true,
    body: otpResendSchema,
    data: resendAnswerSchema.shape.data,
    handler: async ({ body }, ctx) => {
      const { message, retryAfter } = await resend(ctx, { userId: body.userId });
      return said(message, { retryAfter });
    },
  });

  r.post('/users/request-reset-otp', {
    summary: 'Send a password reset code',
    rateLimit: true,
    body: requestResetSchema,
    message: MESSAGES.resetRequested,
    handler: async ({ body }, ctx) => {
      await requestReset(ctx, body);
    },
  });

  r.post('/users/reset-password', {
    summary: 'Set a new password with a reset code',
    rateLimit: true,
    body: resetPasswordSchema,
    message: MESSAGES.passwordReset,
    handler: async ({ body }, ctx, http) => {
      await resetPassword(ctx, body);
      clearSessionCookies(http, ctx.config);
    },
  });
}
