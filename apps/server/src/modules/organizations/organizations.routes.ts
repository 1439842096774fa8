import { ZIdParams } from '@tarang/shared/common/api';
import {
  ZOrganization,
  ZOrganizationCreate,
  ZOrganizationListQuery,
  ZOrganizationSettings,
  ZOrganizationSettingsUpdate,
  ZOrganizationUpdate,
} from '@tarang/shared/organizations/organization.schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TDeps } from '../../app-deps';
import { envelope, ZMessageOnly } from '../../http/envelope';
import { contextOf, ok } from '../../http/reply';
import { access } from '../../http/route-access';
import * as service from './organizations.service';

export function organizationRoutes(app: FastifyInstance, deps: TDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['organizations'];

  r.get('/organization', {
    config: { access: access.permission('organisation') },
    schema: {
      tags,
      summary: 'Organisations in reach',
      querystring: ZOrganizationListQuery,
      response: { 200: envelope(z.array(ZOrganization)) },
    },
    handler: async (request) => {
      const q = request.query;
      const { rows, total } = await service.getOrganizations(deps, contextOf(request), q);
      return ok(rows, { meta: { page: q.page, limit: q.limit, total } });
    },
  });

  r.get('/organization/:id', {
    config: { access: access.permission('organisation') },
    schema: { tags, params: ZIdParams, response: { 200: envelope(ZOrganization) } },
    handler: async (request) => ok(await service.getOrganization(deps, contextOf(request), request.params.id)),
  });

  r.post('/organization', {
    config: { access: access.permission('organisation', 'add') },
    schema: { tags, body: ZOrganizationCreate, response: { 201: envelope(ZOrganization) } },
    handler: async (request, reply) => {
      reply.status(201);
      return ok(await service.createOrganization(deps, contextOf(request), request.body), { message: 'Organisation created' });
    },
  });

  r.put('/organization/:id', {
    config: { access: access.permission('organisation', 'edit') },
    schema: { tags, params: ZIdParams, body: ZOrganizationUpdate, response: { 200: envelope(ZOrganization) } },
    handler: async (request) =>
      ok(await service.updateOrganization(deps, contextOf(request), request.params.id, request.body), { message: 'Organisation updated' }),
  });

  r.delete('/organization/:id', {
    config: { access: access.permission('organisation', 'delete') },
    schema: { tags, params: ZIdParams, response: { 200: ZMessageOnly } },
    handler: async (request) => {
      await service.deleteOrganization(deps, contextOf(request), request.params.id);
      return { success: true as const, message: 'Organisation deleted' };
    },
  });

  r.get('/organization/:id/settings', {
    config: { access: access.permission('organisation') },
    schema: { tags, params: ZIdParams, response: { 200: envelope(ZOrganizationSettings) } },
    handler: async (request) => ok(await service.getOrganizationSettings(deps, contextOf(request), request.params.id)),
  });

  r.put('/organization/:id/settings', {
    config: { access: access.permission('organisation', 'editSettings') },
    schema: { tags, params: ZIdParams, body: ZOrganizationSettingsUpdate, response: { 200: envelope(ZOrganizationSettings) } },
    handler: async (request) =>
      ok(await service.updateOrganizationSettings(deps, contextOf(request), request.params.id, request.body), {
        message: 'Settings saved',
      }),
  });
}
