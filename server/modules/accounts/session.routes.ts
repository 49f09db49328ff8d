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
import { routes, said } from '../../http/route.js';
import type { App } from '../../types.js';
import { clearSessionCookies, presentedRefreshToken, setSessionCookies } from './session.cookies.js';
import { changePassword, currentUser, login, logout, refresh, secondFactorSignIn } from './session.service.js';
import { setupSecondFactor } from './two-factor.service.js';
import { toPublicUser } from './user.view.js';

/** Sign-in, the admin's second factor, refresh, sign-out, the signed-in person and their password. */
export async function sessionRoutes(app: App): Promise<void> {
  const r = routes(app, { tags: ['accounts'], guard: 'public' });

  r.post('/users/login', {
    summary: 'Sign in with e-mail or phone and password (an admin with ADMIN_2FA gets a challenge instead)',
    rateLimit: true,
    body: loginSchema,
    answer: z.union([loginAnswerSchema, secondFactorAnswerSchema]),
    handler: async ({ body }, ctx, http) => {
      const result = await login(ctx, body);
      if (result.secondFactor) return said('Enter the code from your authenticator app.', result.secondFactor);
      const { user, accessToken, refreshToken } = result;
      setSessionCookies(http, ctx.config, { accessToken, refreshToken });
      // The refresh token lives only in its httpOnly cookie, out of reach of any script.
      return said('Login successful', { accessToken, user: toPublicUser(user) });
    },
  });

  r.post('/users/login/2fa/setup', {
    summary: "An admin's authenticator secret, for the first sign-in with ADMIN_2FA",
    rateLimit: true,
    body: secondFactorSetupSchema,
    data: secondFactorSetupAnswerSchema.shape.data,
    message: 'Add this key to your authenticator app, then enter its code.',
    handler: async ({ body }, ctx) => setupSecondFactor(ctx, { challenge: body.challenge }),
  });

  r.post('/users/login/2fa', {
    summary: "The second sign-in step of an admin: the app's code or a recovery code",
    rateLimit: true,
    body: secondFactorVerifySchema,
    data: secondFactorVerifyAnswerSchema.shape.data,
    message: 'Login successful',
    handler: async ({ body }, ctx, http) => {
      const { user, recoveryCodes, accessToken, refreshToken } = await secondFactorSignIn(ctx, { challenge: body.challenge, code: body.code });
      setSessionCookies(http, ctx.config, { accessToken, refreshToken });
      return { accessToken, user: toPublicUser(user), ...(recoveryCodes ? { recoveryCodes } : {}) };
    },
  });

  r.post('/users/refresh-token', {
    summary: 'A new access token for the refresh cookie (which turns over)',
    rateLimit: true,
    data: refreshAnswerSchema.shape.data,
    message: 'Session refreshed',
    handler: async (_input, ctx, http) => {
      try {
        const { accessToken, refreshToken } = await refresh(ctx, { presented: presentedRefreshToken(http.request) });
        setSessionCookies(http, ctx.config, { accessToken, refreshToken });
        return { accessToken };
      } catch (err) {
        clearSessionCookies(http, ctx.config);
        throw err;
      }
    },
  });

  r.post('/users/logout', {
    summary: 'End the session of the refresh cookie and of the access token',
    message: 'Signed out',
    handler: async (_input, ctx, http) => {
      await logout(ctx, { presented: presentedRefreshToken(http.request) });
      clearSessionCookies(http, ctx.config);
    },
  });

  r.get('/users/me', {
    summary: 'The signed-in person',
    guard: 'user',
    answer: meAnswerSchema,
    handler: async (_input, ctx) => said('Current user', undefined, { user: toPublicUser(await currentUser(ctx)) }),
  });

  r.post('/users/change-password', {
    summary: 'Change your password; every other session ends',
    guard: 'user',
    rateLimit: true,
    body: changePasswordSchema,
    message: MESSAGES.passwordChanged,
    handler: async ({ body }, ctx, http) => {
      await changePassword(ctx, { ...body, presented: presentedRefreshToken(http.request) });
    },
  });
}
