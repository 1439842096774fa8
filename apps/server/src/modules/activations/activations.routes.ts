import { ZActivation, ZActivationCreate, ZActivationCreated, ZActivationListQuery } from '@tarang/shared/activations/activation.schemas';
import { ZIdParams } from '@tarang/shared/common/api';
import { ZListMetaCursor } from '@tarang/shared/requests/request.schemas';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { TDeps } from '../../app-deps';
import { declareRoutes } from '../../http/declare-routes';
import { envelope } from '../../http/envelope';
import { idempotencyKeyOf, ZIdempotencyHeaders } from '../../http/idempotency';
import { contextOf, ok, okPage } from '../../http/reply';
import { access } from '../../http/route-access';
import * as service from './activations.service';

/** Activations: plans put on SIMs, paid from the buyer's wallet (issue 14, docs/decisions/025-money-ledger.md). */
export function activationRoutes(app: FastifyInstance, deps: TDeps) {
  const route = declareRoutes(app, { tags: ['activations'] });

  route.post('/activation', {
    access: access.permission('activation', 'addActivation'),
    summary: 'Put a plan on SIMs: holds price × SIMs on the wallet, then activates them (dryRun: the preview and the cost)',
    headers: ZIdempotencyHeaders,
    body: ZActivationCreate,
    response: { 200: envelope(ZActivationCreated), 201: envelope(ZActivationCreated) },
    handler: async (request, reply) => {
      const result = await service.createActivation(deps, contextOf(request), request.body, idempotencyKeyOf(request.headers)!);
      if (!result.activation) return ok(result, { message: `${result.preview.valid} of ${result.preview.total} SIMs can take the plan` });
      if (!result.replayed) reply.status(201);
      return ok(result, {
        message: result.replayed
          ? 'Activation already made with this Idempotency-Key'
          : `Activation ${result.activation.request.batchJobId} created`,
      });
    },
  });

  route.get('/activation', {
    access: access.permission('activation'),
    querystring: ZActivationListQuery,
    data: z.array(ZActivation),
    meta: ZListMetaCursor,
    handler: async (request) => okPage(await service.getActivations(deps, contextOf(request), request.query)),
  });

  route.get('/activation/:id', {
    access: access.permission('activation'),
    params: ZIdParams,
    data: ZActivation,
    handler: async (request) => ok(await service.getActivation(deps, contextOf(request), request.params.id)),
  });

  route.put('/activation/:id/cancel', {
    access: access.permission('activation', 'cancelActivation'),
    summary: 'Cancel Activation: until a SIM reaches an operator; everything held is released',
    params: ZIdParams,
    data: ZActivation,
    handler: async (request) =>
      ok(await service.cancelActivation(deps, contextOf(request), request.params.id), { message: 'Activation cancelled' }),
  });
}
