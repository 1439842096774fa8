import { ZIdParams } from '@tarang/shared/common/api';
import { ZUser, ZUserCreate, ZUserListQuery, ZUserUpdate } from '@tarang/shared/users/user.schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TDeps } from '../../app-deps';
import { envelope, ZMessageOnly } from '../../http/envelope';
import { contextOf, ok } from '../../http/reply';
import { access } from '../../http/route-access';
import * as service from './users.service';

export function userRoutes(app: FastifyInstance, deps: TDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];

  r.get('/users', {
    config: { access: access.permission('user') },
    schema: { tags, querystring: ZUserListQuery, response: { 200: envelope(z.array(ZUser)) } },
    handler: async (request) => {
      const q = request.query;
      const { rows, total } = await service.getUsers(deps, contextOf(request), q);
      return ok(rows, { meta: { page: q.page, limit: q.limit, total } });
    },
  });

  r.get('/users/:id', {
    config: { access: access.permission('user') },
    schema: { tags, params: ZIdParams, response: { 200: envelope(ZUser) } },
    handler: async (request) => ok(await service.getUser(deps, contextOf(request), request.params.id)),
  });

  r.post('/users', {
    config: { access: access.permission('user', 'add') },
    schema: {
      tags,
      summary:
        'Create a user with a sealed initial password, or invite them by mail. The answer names no user: an address that belongs to an account out of your reach is answered the same, and its owner is told instead (find the new user with GET /users?search=)',
      body: ZUserCreate,
      response: { 202: ZMessageOnly },
    },
    handler: async (request, reply) => {
      await service.createUser(deps, contextOf(request), request.body);
      reply.status(202);
      return { success: true as const, message: 'User created' };
    },
  });

  r.put('/users/:id', {
    config: { access: access.permission('user', 'edit') },
    schema: { tags, params: ZIdParams, body: ZUserUpdate, response: { 200: envelope(ZUser) } },
    handler: async (request) =>
      ok(await service.updateUser(deps, contextOf(request), request.params.id, request.body), { message: 'User updated' }),
  });

  r.delete('/users/:id', {
    config: { access: access.permission('user', 'delete') },
    schema: { tags, params: ZIdParams, response: { 200: ZMessageOnly } },
    handler: async (request) => {
      await service.deleteUser(deps, contextOf(request), request.params.id);
      return { success: true as const, message: 'User deleted' };
    },
  });

  r.post('/users/:id/send-mail', {
    config: { access: access.permission('user', 'sendMail') },
    schema: { tags, summary: 'Send an invitation or a set-password link', params: ZIdParams, response: { 200: ZMessageOnly } },
    handler: async (request) => {
      await service.sendUserMail(deps, contextOf(request), request.params.id);
      return { success: true as const, message: 'Mail sent' };
    },
  });
}
