import { ZIdParams } from '@tarang/shared/common/api';
import {
  ZBlueprint,
  ZBlueprintCreate,
  ZBlueprintListQuery,
  ZBlueprintUpdate,
  ZPlan,
  ZPlanCreate,
  ZPlanListQuery,
  ZPlanUpdate,
} from '@tarang/shared/plans/plan.schemas';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { TDeps } from '../../app-deps';
import { declareRoutes } from '../../http/declare-routes';
import { contextOf, ok, okPage } from '../../http/reply';
import { access } from '../../http/route-access';
import * as blueprints from './blueprints.service';
import * as service from './plans.service';

/**
 * Plans and plan sharing (issue 14, docs/decisions/025-money-ledger.md). The catalogue is the provider's: staff add,
 * edit and delete plans (staff only, so the record routes are declared here rather than by declareRecordRoutes, which
 * has no staff-only rule). Reading and sharing follow the caller's organisation (plans.service, blueprints.service).
 */
export function planRoutes(app: FastifyInstance, deps: TDeps) {
  const route = declareRoutes(app, { tags: ['plans'] });
  const staffOnly = { staffOnly: true };

  route.get('/plans', {
    access: access.permission('plans'),
    summary: 'Plans: staff every plan at its base price; an organisation the plans shared with it, at its own price',
    querystring: ZPlanListQuery,
    data: z.array(ZPlan),
    handler: async (request) => okPage(await service.getPlans(deps, contextOf(request), request.query)),
  });

  route.post('/plans', {
    access: access.permission('plans', 'add', 'none', staffOnly),
    body: ZPlanCreate,
    data: ZPlan,
    status: 201,
    handler: async (request) => ok(await service.createPlan(deps, contextOf(request), request.body), { message: 'Plan created' }),
  });

  // Sharing: declared before /plans/:id for readability (the router prefers the fixed segment anyway).
  route.get('/plans/share', {
    access: access.permission('plans'),
    summary: "Plan shares (blueprints) of organisations in the caller's reach",
    querystring: ZBlueprintListQuery,
    data: z.array(ZBlueprint),
    handler: async (request) => okPage(await blueprints.getBlueprints(deps, contextOf(request), request.query)),
  });

  route.post('/plans/share', {
    access: access.permission('plans', 'allocate'),
    summary: 'Share a plan: staff with any organisation; an organisation with a direct child, at a price at least its own',
    body: ZBlueprintCreate,
    data: ZBlueprint,
    status: 201,
    handler: async (request) => ok(await blueprints.sharePlan(deps, contextOf(request), request.body), { message: 'Plan shared' }),
  });

  route.get('/plans/share/:id', {
    access: access.permission('plans'),
    params: ZIdParams,
    data: ZBlueprint,
    handler: async (request) => ok(await blueprints.getBlueprint(deps, contextOf(request), request.params.id)),
  });

  route.put('/plans/share/:id', {
    access: access.permission('plans', 'allocate'),
    summary: "A share's new price, for activations made after it",
    params: ZIdParams,
    body: ZBlueprintUpdate,
    data: ZBlueprint,
    handler: async (request) =>
      ok(await blueprints.updateSharePrice(deps, contextOf(request), request.params.id, request.body), { message: 'Price updated' }),
  });

  route.get('/plans/:id', {
    access: access.permission('plans'),
    params: ZIdParams,
    data: ZPlan,
    handler: async (request) => ok(await service.getPlan(deps, contextOf(request), request.params.id)),
  });

  route.put('/plans/:id', {
    access: access.permission('plans', 'edit', 'none', staffOnly),
    summary: 'Edit a plan; status RETIRED retires it (no new shares or activations), ACTIVE brings it back',
    params: ZIdParams,
    body: ZPlanUpdate,
    data: ZPlan,
    handler: async (request) =>
      ok(await service.updatePlan(deps, contextOf(request), request.params.id, request.body), { message: 'Plan updated' }),
  });

  route.delete('/plans/:id', {
    access: access.permission('plans', 'delete', 'none', staffOnly),
    summary: 'Delete a plan nobody uses (one in use is retired instead: 409)',
    params: ZIdParams,
    message: 'Plan deleted',
    handler: async (request) => {
      await service.deletePlan(deps, contextOf(request), request.params.id);
    },
  });
}
