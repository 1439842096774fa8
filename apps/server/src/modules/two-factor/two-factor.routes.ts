import {
  ZRecoveryCodes,
  ZTwoFactorChallengeRequest,
  ZTwoFactorCodeRequest,
  ZTwoFactorDisableRequest,
  ZTwoFactorLoginRequest,
  ZTwoFactorLoginResponseData,
  ZTwoFactorSetup,
  ZTwoFactorSetupRequest,
  ZTwoFactorStatus,
} from '@tarang/shared/auth/two-factor.schemas';
import { ZIdParams } from '@tarang/shared/common/api';
import { MESSAGES } from '@tarang/shared/common/messages';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { TDeps } from '../../app-deps';
import { envelope, ZMessageOnly } from '../../http/envelope';
import { contextOf, ok } from '../../http/reply';
import { access } from '../../http/route-access';
import { limitAnonymousRequests } from '../auth/anonymous-limits';
import * as twoFactor from './two-factor.service';

/** Two-factor sign-in (docs/decisions/023-two-factor-sign-in.md). */
export function twoFactorRoutes(app: FastifyInstance, deps: TDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];
  // The second step of a sign-in is unauthenticated: limited per client address like the first (decision 020).
  const perAddress = limitAnonymousRequests(deps);

  r.post('/auth/login/two-factor', {
    config: { access: access.public() },
    onRequest: perAddress,
    schema: {
      tags,
      summary: 'Second step of a sign-in: the challenge with an authenticator code or a recovery code; starts the session',
      body: ZTwoFactorLoginRequest,
      response: { 200: envelope(ZTwoFactorLoginResponseData) },
    },
    handler: async (request) => ok(await twoFactor.completeSignIn(deps, contextOf(request), request.body), { message: MESSAGES.loggedIn }),
  });

  r.post('/auth/login/two-factor/setup', {
    config: { access: access.public() },
    onRequest: perAddress,
    schema: {
      tags,
      summary: 'A staff sign-in that must set up two-factor sign-in first: the key to add to an authenticator app',
      body: ZTwoFactorChallengeRequest,
      response: { 200: envelope(ZTwoFactorSetup) },
    },
    handler: async (request) => ok(await twoFactor.startSetupAtSignIn(deps, request.body.challenge)),
  });

  r.get('/auth/two-factor', {
    config: { access: access.signedIn() },
    schema: { tags, summary: "The caller's two-factor sign-in", response: { 200: envelope(ZTwoFactorStatus) } },
    handler: async (request) => ok(await twoFactor.getStatus(deps, contextOf(request))),
  });

  r.post('/auth/two-factor/setup', {
    config: { access: access.signedIn() },
    schema: {
      tags,
      summary: 'A new authenticator key for the caller (the password again, sealed), waiting for its first code',
      body: ZTwoFactorSetupRequest,
      response: { 200: envelope(ZTwoFactorSetup) },
    },
    handler: async (request) => ok(await twoFactor.startSetup(deps, contextOf(request), request.body.password)),
  });

  r.post('/auth/two-factor/confirm', {
    config: { access: access.signedIn() },
    schema: {
      tags,
      summary: 'Turn two-factor sign-in on with the first code of the new key; answers the ten recovery codes, once',
      body: ZTwoFactorCodeRequest,
      response: { 200: envelope(ZRecoveryCodes) },
    },
    handler: async (request) =>
      ok(await twoFactor.confirmSetup(deps, contextOf(request), request.body.code), { message: 'Two-factor sign-in is on' }),
  });

  r.post('/auth/two-factor/disable', {
    config: { access: access.signedIn() },
    schema: {
      tags,
      summary: 'Turn two-factor sign-in off with a current code or a recovery code',
      body: ZTwoFactorDisableRequest,
      response: { 200: ZMessageOnly },
    },
    handler: async (request) => {
      await twoFactor.disable(deps, contextOf(request), request.body);
      return { success: true as const, message: 'Two-factor sign-in is off' };
    },
  });

  r.post('/auth/two-factor/recovery-codes', {
    config: { access: access.signedIn() },
    schema: {
      tags,
      summary: 'Ten new recovery codes for a current code; the earlier ones stop working',
      body: ZTwoFactorCodeRequest,
      response: { 200: envelope(ZRecoveryCodes) },
    },
    handler: async (request) => ok(await twoFactor.regenerateRecoveryCodes(deps, contextOf(request), request.body.code)),
  });

  r.post('/users/:id/reset-two-factor', {
    config: { access: access.permission('user', 'resetTwoFactor') },
    schema: {
      tags: ['users'],
      summary: "Clear another user's two-factor sign-in and end their sessions (audited; the user is told)",
      params: ZIdParams,
      response: { 200: ZMessageOnly },
    },
    handler: async (request) => {
      await twoFactor.resetUserTwoFactor(deps, contextOf(request), request.params.id);
      return { success: true as const, message: 'Two-factor sign-in reset; the user sets it up again at their next sign-in' };
    },
  });
}
