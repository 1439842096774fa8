import { ZIdParams } from '@tarang/shared/common/api';
import { hasPermission } from '@tarang/shared/roles/auth-scopes';
import { ZRole, ZRoleCreate, ZRoleGetQuery, ZRoleListQuery, ZRoleUpdate } from '@tarang/shared/roles/role.schemas';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { TDeps } from '../../app-deps';
import { declareRoutes } from '../../http/declare-routes';
import { declareRecordRoutes } from '../../http/record-routes';
import { contextOf, ok, okPage } from '../../http/reply';
import { access } from '../../http/route-access';
import * as service from './roles.service';

export function roleRoutes(app: FastifyInstance, deps: TDeps) {
  const route = declareRoutes(app, { tags: ['roles'] });

  route.get('/roles', {
    access: access.permission('role'),
    querystring: ZRoleListQuery,
    data: z.array(ZRole),
    handler: async (request) => okPage(await service.getRoles(deps, contextOf(request), request.query)),
  });

  route.get('/roles/:id', {
    // Every signed-in user reads their own role after sign-in (spec §7); other roles need the Role module.
    access: access.signedIn('subtree'),
    summary: 'A role; with hydrate=permissions, its name and authScopes',
    params: ZIdParams,
    querystring: ZRoleGetQuery,
    data: ZRole,
    handler: async (request) => {
      const actor = request.actor!;
      return ok(await service.getRole(deps, contextOf(request), request.params.id, hasPermission(actor.authScopes, 'role')));
    },
  });

  route.post('/roles', {
    access: access.permission('role', 'add'),
    body: ZRoleCreate,
    data: ZRole,
    status: 201,
    handler: async (request) => ok(await service.createRole(deps, contextOf(request), request.body), { message: 'Role created' }),
  });

  declareRecordRoutes(route, deps, '/roles/:id', {
    module: 'role',
    noun: 'Role',
    data: ZRole,
    update: { body: ZRoleUpdate, run: service.updateRole },
    remove: service.deleteRole,
  });
}
