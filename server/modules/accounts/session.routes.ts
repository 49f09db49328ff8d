import { z } from 'zod';
import {
  changePasswordSchema,
  loginAnswerSchema,
  loginSchema,
  meAnswerSchema,
  MESSAGES,
  refreshAnswerSchema,
  secondFactorAnswerSchema,
  secondFactorSetupAnswerSchema,
  secondFactorSetupSchema,
  secondFactorVerifyAnswerSchema,
  secondFactorVerifySchema,
} from '../../../contracts/accounts.js';
import { okMessage } from '../../../contracts/envelope.js';
import { requireUser } from '../../plugins/auth.js';
import type { App } from '../../types.js';
import { rateLimited } from '../../plugins/rate-limit.js';
import { clearSessionCookies, presentedRefreshToken, setSessionCookies } from './session.cookies.js';
import { changePassword, currentUser, login, logout, refresh, startSession } from './session.service.js';
import { setupSecondFactor, verifySecondFactor } from './two-factor.service.js';
import { toPublicUser } from './user.view.js';

const tags = ['accounts'];
const bearer = [{ bearer: [] }];

export async function sessionRoutes(app: App): Promise<void> {
  const limit = rateLimited(app);

  app.post(
    '/users/login',
    { schema: { body: loginSchema, tags, response: { 200: z.union([loginAnswerSchema, secondFactorAnswerSchema]) } }, config: limit },
    async (request, reply) => {
      const result = await login(app.db, app.config, request.body, app.clock.now());
      if (result.secondFactor) {
        return { success: true as const, message: 'Enter the code from your authenticator app.', data: result.secondFactor };
      }
      const { user, accessToken, refreshToken } = result;
      setSessionCookies(request, reply, app.config, { accessToken, refreshToken });
      // The refresh token lives only in its httpOnly cookie, out of reach of any script.
      return { success: true as const, message: 'Login successful', data: { accessToken, user: toPublicUser(user) } };
    },
  );

  app.post(
    '/users/login/2fa/setup',
    {
      schema: {
        body: secondFactorSetupSchema,
        tags,
        summary: "An admin's authenticator secret, for the first sign-in with ADMIN_2FA",
        response: { 200: secondFactorSetupAnswerSchema },
      },
      config: limit,
    },
    async (request) => ({
      success: true as const,
      message: 'Add this key to your authenticator app, then enter its code.',
      data: await setupSecondFactor(app.db, app.config, request.body.challenge, app.clock.now()),
    }),
  );

  app.post(
    '/users/login/2fa',
    {
      schema: {
        body: secondFactorVerifySchema,
        tags,
        summary: "The second sign-in step of an admin: the app's code or a recovery code",
        response: { 200: secondFactorVerifyAnswerSchema },
      },
      config: limit,
    },
    async (request, reply) => {
      const { user, recoveryCodes } = await verifySecondFactor(app.db, app.config, request.body.challenge, request.body.code, app.clock.now());
      const { accessToken, refreshToken } = await startSession(app.db, app.config, user, app.clock.now(), true);
      setSessionCookies(request, reply, app.config, { accessToken, refreshToken });
      return {
        success: true as const,
        message: 'Login successful',
        data: { accessToken, user: toPublicUser(user), ...(recoveryCodes ? { recoveryCodes } : {}) },
      };
    },
  );

  app.post('/users/refresh-token', { schema: { tags, response: { 200: refreshAnswerSchema } }, config: limit }, async (request, reply) => {
    try {
      const { accessToken, refreshToken } = await refresh(app.db, app.config, presentedRefreshToken(request), app.clock.now());
      setSessionCookies(request, reply, app.config, { accessToken, refreshToken });
      return { success: true as const, message: 'Session refreshed', data: { accessToken } };
    } catch (err) {
      clearSessionCookies(request, reply, app.config);
      throw err;
    }
  });

  app.post('/users/logout', { schema: { tags, response: { 200: okMessage } } }, async (request, reply) => {
    await logout(app.db, presentedRefreshToken(request), request.user?.sessionId, app.clock.now());
    clearSessionCookies(request, reply, app.config);
    return { success: true as const, message: 'Signed out' };
  });

  app.get('/users/me', { schema: { tags, security: bearer, response: { 200: meAnswerSchema } }, onRequest: requireUser }, async (request) => {
    return { success: true as const, message: 'Current user', user: toPublicUser(await currentUser(app.db, request.user!.id)) };
  });

  app.post(
    '/users/change-password',
    { schema: { body: changePasswordSchema, tags, security: bearer, response: { 200: okMessage } }, onRequest: requireUser, config: limit },
    async (request) => {
      await changePassword(app.db, request.user!.id, request.body, presentedRefreshToken(request), app.clock.now());
      return { success: true as const, message: MESSAGES.passwordChanged };
    },
  );
}
