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
import type { TDeps } from '../../app-deps';
import { declareRoutes } from '../../http/declare-routes';
import { contextOf, ok } from '../../http/reply';
import { access } from '../../http/route-access';
import { limitAnonymousRequests } from '../auth/anonymous-limits';
import * as twoFactor from './two-factor.service';

/** Two-factor sign-in (docs/decisions/023-two-factor-sign-in.md). */
export function twoFactorRoutes(app: FastifyInstance, deps: TDeps) {
  const route = declareRoutes(app, { tags: ['auth'] });
  // The second step of a sign-in is unauthenticated: limited per client address like the first (decision 020).
  const perAddress = limitAnonymousRequests(deps);

  route.post('/auth/login/two-factor', {
    access: access.public(),
    onRequest: perAddress,
    summary: 'Second step of a sign-in: the challenge with an authenticator code or a recovery code; starts the session',
    body: ZTwoFactorLoginRequest,
    data: ZTwoFactorLoginResponseData,
    handler: async (request) => ok(await twoFactor.completeSignIn(deps, contextOf(request), request.body), { message: MESSAGES.loggedIn }),
  });

  route.post('/auth/login/two-factor/setup', {
    access: access.public(),
    onRequest: perAddress,
    summary: 'A staff sign-in that must set up two-factor sign-in first: the key to add to an authenticator app',
    body: ZTwoFactorChallengeRequest,
    data: ZTwoFactorSetup,
    handler: async (request) => ok(await twoFactor.startSetupAtSignIn(deps, request.body.challenge)),
  });

  route.get('/auth/two-factor', {
    access: access.signedIn(),
    summary: "The caller's two-factor sign-in",
    data: ZTwoFactorStatus,
    handler: async (request) => ok(await twoFactor.getStatus(deps, contextOf(request))),
  });

  route.post('/auth/two-factor/setup', {
    access: access.signedIn(),
    summary: 'A new authenticator key for the caller (the password again, sealed), waiting for its first code',
    body: ZTwoFactorSetupRequest,
    data: ZTwoFactorSetup,
    handler: async (request) => ok(await twoFactor.startSetup(deps, contextOf(request), request.body.password)),
  });

  route.post('/auth/two-factor/confirm', {
    access: access.signedIn(),
    summary: 'Turn two-factor sign-in on with the first code of the new key; answers the ten recovery codes, once',
    body: ZTwoFactorCodeRequest,
    data: ZRecoveryCodes,
    handler: async (request) =>
      ok(await twoFactor.confirmSetup(deps, contextOf(request), request.body.code), { message: 'Two-factor sign-in is on' }),
  });

  route.post('/auth/two-factor/disable', {
    access: access.signedIn(),
    summary: 'Turn two-factor sign-in off with a current code or a recovery code',
    body: ZTwoFactorDisableRequest,
    message: 'Two-factor sign-in is off',
    handler: async (request) => twoFactor.disable(deps, contextOf(request), request.body),
  });

  route.post('/auth/two-factor/recovery-codes', {
    access: access.signedIn(),
    summary: 'Ten new recovery codes for a current code; the earlier ones stop working',
    body: ZTwoFactorCodeRequest,
    data: ZRecoveryCodes,
    handler: async (request) => ok(await twoFactor.regenerateRecoveryCodes(deps, contextOf(request), request.body.code)),
  });

  route.post('/users/:id/reset-two-factor', {
    access: access.permission('user', 'resetTwoFactor'),
    tags: ['users'],
    summary: "Clear another user's two-factor sign-in and end their sessions (audited; the user is told)",
    params: ZIdParams,
    message: 'Two-factor sign-in reset; the user sets it up again at their next sign-in',
    handler: async (request) => twoFactor.resetUserTwoFactor(deps, contextOf(request), request.params.id),
  });
}
