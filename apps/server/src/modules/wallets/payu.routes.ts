import { text } from '@tarang/shared/common/text';
import { ZPayUForm, ZPayUTransactionBody } from '@tarang/shared/wallets/wallet.schemas';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { TDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';
import { declareRoutes } from '../../http/declare-routes';
import { contextOf, ok } from '../../http/reply';
import { access } from '../../http/route-access';
import { limitAnonymousRequests } from '../auth/anonymous-limits';
import { parseFormEncoded } from './payu';
import * as service from './payu.service';

/** The largest form PayU (or the simulator's page) posts: a few dozen short fields. */
const FORM_BODY_LIMIT = 32 * 1024;

/**
 * Lets the routes of one (encapsulated) plugin take `application/x-www-form-urlencoded` bodies, as PayU and a browser
 * post them; the rest of the API stays JSON only.
 */
export function acceptFormBodies(scope: FastifyInstance): void {
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => {
      try {
        done(null, parseFormEncoded(body as string));
      } catch (error) {
        done(new AppError('VALIDATION_FAILED', (error as Error).message), undefined);
      }
    },
  );
}

const field = (max: number) => text().max(max, `must be at most ${max} characters`);
const optionalField = (max: number) => field(max).optional().default('');

/**
 * PayU's answer, posted to surl/furl: the fields the reverse hash covers and the ones the callback reads. PayU sends
 * more (mode, bank_ref_num, PG_TYPE …); they are accepted and not used.
 */
const ZPayUCallbackBody = z.looseObject({
  txnid: text().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be a txnid: 1 to 64 letters, digits, - or _'),
  status: field(32),
  hash: field(256),
  amount: field(32),
  key: field(64),
  productinfo: optionalField(500),
  firstname: optionalField(200),
  email: optionalField(200),
  udf1: optionalField(500),
  udf2: optionalField(500),
  udf3: optionalField(500),
  udf4: optionalField(500),
  udf5: optionalField(500),
  additional_charges: optionalField(32),
  mihpayid: optionalField(64),
  field9: optionalField(1000),
  error_Message: optionalField(1000),
});

/**
 * PayU top-ups (issue 14): the checkout form of a top-up of the caller's own wallet, and PayU's callback, which
 * credits it once per txnid. The simulator that stands in for PayU is `payu-simulator.routes.ts`.
 */
export function payuRoutes(app: FastifyInstance, deps: TDeps) {
  service.warnAboutPayU(deps);
  const route = declareRoutes(app, { tags: ['wallets'] });

  route.post('/wallet/payU/transaction', {
    // An organisation user tops up its own organisation's wallet (another's is a 404; staff are refused, 403).
    access: access.permission('wallet', undefined, 'subtree', { organizationOnly: true }),
    summary: "Starts a PayU top-up of the caller's own wallet: the fields of PayU's hosted-checkout form, signed with the request hash",
    body: ZPayUTransactionBody,
    data: ZPayUForm,
    handler: async (request) => ok(await service.startPayUTopUp(deps, contextOf(request), request.body)),
  });

  app.register(async (scope) => {
    acceptFormBodies(scope);
    declareRoutes(scope, { tags: ['wallets'] }).post('/wallet/payU/callback', {
      access: access.public(),
      summary:
        "PayU's answer (surl and furl), form-encoded and signed with the reverse hash: credits the wallet once per txnid, then sends the browser to the console's wallet page (303)",
      consumes: ['application/x-www-form-urlencoded'],
      body: ZPayUCallbackBody,
      onRequest: limitAnonymousRequests(deps),
      handler: async (request, reply) => {
        const { topup, txnid } = await service.settlePayUCallback(deps, contextOf(request), request.body);
        return reply.redirect(`/wallet?topup=${topup}&txnid=${encodeURIComponent(txnid)}`, 303);
      },
    });
  });
}
