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
import { okMessage } from '../../../contracts/envelope.js';
import type { App } from '../../types.js';
import { rateLimited } from '../../plugins/rate-limit.js';
import { register, resend, verify, type AccountsDeps } from './accounts.service.js';
import { requestReset, resetPassword } from './password-reset.service.js';
import { clearSessionCookies } from './session.cookies.js';

const tags = ['accounts'];

/** Registration, codes, sign-in, sessions, password reset and the player's own account data. */
export async function accountsRoutes(app: App): Promise<void> {
  const deps: AccountsDeps = { db: app.db, config: app.config, messenger: app.messenger, log: app.log, background: app.background, clock: app.clock };
  const limit = rateLimited(app);

  app.post('/users/register', { schema: { body: registerSchema, tags, response: { 201: registerAnswerSchema } }, config: limit }, async (request, reply) => {
    const { user, message, failed } = await register(deps, request.body);
    const data = { _id: user.id, fullName: user.fullName, email: user.email, phoneNumber: user.phoneNumber };
    return reply.status(201).send({ success: true as const, message, data, userId: user.id, ...(failed.length ? { undelivered: failed } : {}) });
  });

  app.post('/otp/verify', { schema: { body: otpVerifySchema, tags, response: { 200: okMessage } }, config: limit }, async (request) => {
    await verify(deps, request.body);
    return { success: true as const, message: MESSAGES.verified };
  });

  app.post('/otp/resend', { schema: { body: otpResendSchema, tags, response: { 200: resendAnswerSchema } }, config: limit }, async (request) => {
    const { message, retryAfter } = await resend(deps, request.body.userId);
    return { success: true as const, message, data: { retryAfter } };
  });

  app.post('/users/request-reset-otp', { schema: { body: requestResetSchema, tags, response: { 200: okMessage } }, config: limit }, async (request) => {
    await requestReset(deps, request.body);
    return { success: true as const, message: MESSAGES.resetRequested };
  });

  app.post('/users/reset-password', { schema: { body: resetPasswordSchema, tags, response: { 200: okMessage } }, config: limit }, async (request, reply) => {
    await resetPassword(deps, request.body);
    clearSessionCookies(request, reply, app.config);
    return { success: true as const, message: MESSAGES.passwordReset };
  });
}
