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
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';
import { envelope, ZMessageOnly } from '../../http/envelope';
import { contextOf, ok } from '../../http/reply';
import { access } from '../../http/route-access';
import { limitAnonymousRequests, startThrottleSweeper } from './anonymous-limits';
import * as auth from './auth.service';

export function authRoutes(app: FastifyInstance, deps: TDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];
  // Every route below that does work is limited per client address before its body is read
  // (docs/decisions/020-limits-on-anonymous-endpoints.md); the services add the per-account limits.
  const perAddress = limitAnonymousRequests(deps);
  startThrottleSweeper(app, deps);

  r.get('/auth/login-key', {
    config: { access: access.public() },
    onRequest: perAddress,
    schema: { tags, summary: 'Public key and single-use nonce for sealing a password', response: { 200: envelope(ZLoginKey) } },
    handler: async () => ok(await auth.getLoginKey(deps)),
  });

  r.post('/auth/login', {
    config: { access: access.public() },
    onRequest: perAddress,
    schema: {
      tags,
      summary: 'Sign in with an email or phone and a sealed password; answers a session, or the second step it waits for',
      body: ZLoginRequest,
      response: { 200: envelope(ZLoginResult) },
    },
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

  r.post('/auth/refresh-tokens', {
    config: { access: access.public() },
    onRequest: perAddress,
    schema: { tags, summary: 'Rotate the refresh token', body: ZRefreshRequest, response: { 200: envelope(ZTokenPair) } },
    handler: async (request) => ok(await auth.refreshTokens(deps, contextOf(request), request.body.refreshToken)),
  });

  r.post('/auth/logout', {
    config: { access: access.public() },
    onRequest: perAddress,
    schema: { tags, summary: 'End the session of a refresh token', body: ZLogoutRequest, response: { 200: ZMessageOnly } },
    handler: async (request) => {
      await auth.logout(deps, contextOf(request), request.body.refreshToken);
      return { success: true as const, message: MESSAGES.loggedOut };
    },
  });

  r.get('/auth/logged-in-user/:token', {
    config: { access: access.public() },
    onRequest: perAddress,
    schema: {
      tags,
      summary: 'The user an access token belongs to',
      params: z.object({ token: text().max(4096) }),
      response: { 200: envelope(ZUser) },
    },
    handler: async (request) => ok(await auth.loggedInUser(deps, request.params.token)),
  });

  r.post('/auth/forgot-password', {
    config: { access: access.public() },
    onRequest: perAddress,
    schema: {
      tags,
      summary: 'Send a 6-digit reset code by e-mail or SMS',
      body: ZForgotPasswordRequest,
      response: { 200: envelope(ZForgotPasswordResponseData) },
    },
    handler: async (request) =>
      ok(await auth.forgotPassword(deps, contextOf(request), request.body.username), {
        message: 'If the account exists, a reset code has been sent',
      }),
  });

  r.post('/auth/reset-password', {
    config: { access: access.public() },
    onRequest: perAddress,
    schema: {
      tags,
      summary: 'Reset a password with a code (?otp=) or a link token (?token=)',
      querystring: ZResetQuery,
      body: z.object({ otpToken: text().min(1).max(512).optional(), password: ZLoginRequest.shape.password }).strict(),
      response: { 200: ZMessageOnly },
    },
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
      return { success: true as const, message: 'Your password has been reset; sign in with the new one' };
    },
  });

  r.post('/auth/change-password', {
    config: { access: access.public() },
    onRequest: perAddress,
    schema: {
      tags,
      summary: 'Change a password with the current one; ends the other sessions',
      body: ZChangePasswordRequest,
      response: { 200: ZMessageOnly },
    },
    handler: async (request) => {
      // Signed-in callers keep the session they are using; everyone else is checked by username and password alone.
      if (request.headers.authorization) request.actor = await auth.authenticateRequest(deps, request);
      await auth.changePassword(deps, contextOf(request), request.body);
      return { success: true as const, message: 'Password changed successfully' };
    },
  });

  // Answers from memory without touching the database: a limit would cost more than the answer.
  r.post('/auth/register', {
    config: { access: access.public() },
    schema: {
      tags,
      summary: 'Self-registration is closed: accounts are created by invitation (docs/decisions/006-registration.md)',
      body: z.unknown(),
    },
    handler: async () => {
      throw new AppError('REGISTRATION_CLOSED');
    },
  });
}
