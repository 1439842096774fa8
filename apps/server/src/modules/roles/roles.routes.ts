import { ZIdParams } from '@tarang/shared/common/api';
import { hasPermission } from '@tarang/shared/roles/auth-scopes';
import { ZRole, ZRoleCreate, ZRoleGetQuery, ZRoleListQuery, ZRoleUpdate } from '@tarang/shared/roles/role.schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TDeps } from '../../app-deps';
import { envelope, ZMessageOnly } from '../../http/envelope';
import { contextOf, ok } from '../../http/reply';
import { access } from '../../http/route-access';
import * as service from './roles.service';

export function roleRoutes(app: FastifyInstance, deps: TDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['roles'];

  r.get('/roles', {
    config: { access: access.permission('role') },
    schema: { tags, querystring: ZRoleListQuery, response: { 200: envelope(z.array(ZRole)) } },
    handler: async (request) => {
      const q = request.query;
      const { rows, total } = await service.getRoles(deps, contextOf(request), q);
      return ok(rows, { meta: { page: q.page, limit: q.limit, total } });
    },
  });

  r.get('/roles/:id', {
    // Every signed-in user reads their own role after sign-in (spec §7); other roles need the Role module.
    config: { access: access.signedIn('subtree') },
    schema: {
      tags,
      summary: 'A role; with hydrate=permissions, its name and authScopes',
      params: ZIdParams,
      querystring: ZRoleGetQuery,
      response: { 200: envelope(ZRole) },
    },
    handler: async (request) => {
      const actor = request.actor!;
      return ok(await service.getRole(deps, contextOf(request), request.params.id, hasPermission(actor.authScopes, 'role')));
    },
  });

  r.post('/roles', {
    config: { access: access.permission('role', 'add') },
    schema: { tags, body: ZRoleCreate, response: { 201: envelope(ZRole) } },
    handler: async (request, reply) => {
      reply.status(201);
      return ok(await service.createRole(deps, contextOf(request), request.body), { message: 'Role created' });
    },
  });

  r.put('/roles/:id', {
    config: { access: access.permission('role', 'edit') },
    schema: { tags, params: ZIdParams, body: ZRoleUpdate, response: { 200: envelope(ZRole) } },
    handler: async (request) =>
      ok(await service.updateRole(deps, contextOf(request), request.params.id, request.body), { message: 'Role updated' }),
  });

  r.delete('/roles/:id', {
    config: { access: access.permission('role', 'delete') },
    schema: { tags, params: ZIdParams, response: { 200: ZMessageOnly } },
    handler: async (request) => {
      await service.deleteRole(deps, contextOf(request), request.params.id);
      return { success: true as const, message: 'Role deleted' };
    },
  });
}
