import {
  ZChangePasswordRequest,
  ZForgotPasswordRequest,
  ZForgotPasswordResponseData,
  ZLoginKey,
  ZLoginRequest,
  ZLogoutRequest,
  ZRefreshRequest,
  ZResetQuery,
  ZTokenPair,
} from '@tarang/shared/auth/auth.schemas';
import { TWO_FACTOR_MESSAGES, ZLoginResult } from '@tarang/shared/auth/two-factor.schemas';
import { MESSAGES } from '@tarang/shared/common/messages';
import { text } from '@tarang/shared/common/text';
import { ZUser } from '@tarang/shared/users/user.schemas';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { TDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';
import { declareRoutes } from '../../http/declare-routes';
import { contextOf, ok } from '../../http/reply';
import { access } from '../../http/route-access';
import { limitAnonymousRequests, startThrottleSweeper } from './anonymous-limits';
import * as auth from './auth.service';

export function authRoutes(app: FastifyInstance, deps: TDeps) {
  const route = declareRoutes(app, { tags: ['auth'] });
  // Every route below that does work is limited per client address before its body is read
  // (docs/decisions/020-limits-on-anonymous-endpoints.md); the services add the per-account limits.
  const perAddress = limitAnonymousRequests(deps);
  startThrottleSweeper(app, deps);

  route.get('/auth/login-key', {
    access: access.public(),
    onRequest: perAddress,
    summary: 'Public key and single-use nonce for sealing a password',
    data: ZLoginKey,
    handler: async () => ok(await auth.getLoginKey(deps)),
  });

  route.post('/auth/login', {
    access: access.public(),
    onRequest: perAddress,
    summary: 'Sign in with an email or phone and a sealed password; answers a session, or the second step it waits for',
    body: ZLoginRequest,
    data: ZLoginResult,
    handler: async (request) => {
      const result = await auth.login(deps, contextOf(request), request.body);
      const message = !('twoFactor' in result)
        ? MESSAGES.loggedIn
        : result.twoFactor.step === 'verify'
          ? TWO_FACTOR_MESSAGES.verifyStep
          : TWO_FACTOR_MESSAGES.enrolStep;
      return ok(result, { message });
    },
  });

  route.post('/auth/refresh-tokens', {
    access: access.public(),
    onRequest: perAddress,
    summary: 'Rotate the refresh token',
    body: ZRefreshRequest,
    data: ZTokenPair,
    handler: async (request) => ok(await auth.refreshTokens(deps, contextOf(request), request.body.refreshToken)),
  });

  route.post('/auth/logout', {
    access: access.public(),
    onRequest: perAddress,
    summary: 'End the session of a refresh token',
    body: ZLogoutRequest,
    message: MESSAGES.loggedOut,
    handler: async (request) => auth.logout(deps, contextOf(request), request.body.refreshToken),
  });

  route.get('/auth/logged-in-user/:token', {
    access: access.public(),
    onRequest: perAddress,
    summary: 'The user an access token belongs to',
    params: z.object({ token: text().max(4096) }),
    data: ZUser,
    handler: async (request) => ok(await auth.loggedInUser(deps, request.params.token)),
  });

  route.post('/auth/forgot-password', {
    access: access.public(),
    onRequest: perAddress,
    summary: 'Send a 6-digit reset code by e-mail or SMS',
    body: ZForgotPasswordRequest,
    data: ZForgotPasswordResponseData,
    handler: async (request) =>
      ok(await auth.forgotPassword(deps, contextOf(request), request.body.username), {
        message: 'If the account exists, a reset code has been sent',
      }),
  });

  route.post('/auth/reset-password', {
    access: access.public(),
    onRequest: perAddress,
    summary: 'Reset a password with a code (?otp=) or a link token (?token=)',
    querystring: ZResetQuery,
    body: z.object({ otpToken: text().min(1).max(512).optional(), password: ZLoginRequest.shape.password }).strict(),
    message: 'Your password has been reset; sign in with the new one',
    handler: async (request) => {
      const ctx = contextOf(request);
      if (request.query.otp) {
        if (!request.body.otpToken) {
          throw new AppError('VALIDATION_FAILED', 'otpToken is required', {
            errors: [{ path: 'otpToken', message: 'otpToken is required' }],
          });
        }
        await auth.resetPasswordWithOtp(deps, ctx, request.query.otp, request.body.otpToken, request.body.password);
      } else {
        await auth.resetPasswordWithToken(deps, ctx, request.query.token!, request.body.password);
      }
    },
  });

  route.post('/auth/change-password', {
    access: access.public(),
    onRequest: perAddress,
    summary: 'Change a password with the current one; ends the other sessions',
    body: ZChangePasswordRequest,
    message: 'Password changed successfully',
    handler: async (request) => {
      // Signed-in callers keep the session they are using; everyone else is checked by username and password alone.
      if (request.headers.authorization) request.actor = await auth.authenticateRequest(deps, request);
      await auth.changePassword(deps, contextOf(request), request.body);
    },
  });

  // Answers from memory without touching the database: a limit would cost more than the answer.
  route.post('/auth/register', {
    access: access.public(),
    summary: 'Self-registration is closed: accounts are created by invitation (docs/decisions/006-registration.md)',
    body: z.unknown(),
    handler: async () => {
      throw new AppError('REGISTRATION_CLOSED');
    },
  });
}
