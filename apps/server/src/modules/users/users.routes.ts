import { ZIdParams } from '@tarang/shared/common/api';
import { ZUser, ZUserCreate, ZUserListQuery, ZUserUpdate } from '@tarang/shared/users/user.schemas';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { TDeps } from '../../app-deps';
import { declareRoutes } from '../../http/declare-routes';
import { declareRecordRoutes } from '../../http/record-routes';
import { contextOf, okPage } from '../../http/reply';
import { access } from '../../http/route-access';
import * as service from './users.service';

export function userRoutes(app: FastifyInstance, deps: TDeps) {
  const route = declareRoutes(app, { tags: ['users'] });

  route.get('/users', {
    access: access.permission('user'),
    querystring: ZUserListQuery,
    data: z.array(ZUser),
    handler: async (request) => okPage(await service.getUsers(deps, contextOf(request), request.query)),
  });

  route.post('/users', {
    access: access.permission('user', 'add'),
    summary:
      'Create a user with a sealed initial password, or invite them by mail. The answer names no user: an address that belongs to an account out of your reach is answered the same, and its owner is told instead (find the new user with GET /users?search=)',
    body: ZUserCreate,
    message: 'User created',
    status: 202,
    handler: async (request) => service.createUser(deps, contextOf(request), request.body),
  });

  declareRecordRoutes(route, deps, '/users/:id', {
    module: 'user',
    noun: 'User',
    data: ZUser,
    get: service.getUser,
    update: { body: ZUserUpdate, run: service.updateUser },
    remove: service.deleteUser,
  });

  route.post('/users/:id/send-mail', {
    access: access.permission('user', 'sendMail'),
    summary: 'Send an invitation or a set-password link',
    params: ZIdParams,
    message: 'Mail sent',
    handler: async (request) => service.sendUserMail(deps, contextOf(request), request.params.id),
  });
}
