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
import { z } from 'zod';
import type { TDeps } from '../../app-deps';
import { declareRoutes } from '../../http/declare-routes';
import { declareRecordRoutes } from '../../http/record-routes';
import { contextOf, ok, okPage } from '../../http/reply';
import { access } from '../../http/route-access';
import * as service from './organizations.service';

export function organizationRoutes(app: FastifyInstance, deps: TDeps) {
  const route = declareRoutes(app, { tags: ['organizations'] });

  route.get('/organization', {
    access: access.permission('organisation'),
    summary: 'Organisations in reach',
    querystring: ZOrganizationListQuery,
    data: z.array(ZOrganization),
    handler: async (request) => okPage(await service.getOrganizations(deps, contextOf(request), request.query)),
  });

  route.post('/organization', {
    access: access.permission('organisation', 'add'),
    body: ZOrganizationCreate,
    data: ZOrganization,
    status: 201,
    handler: async (request) =>
      ok(await service.createOrganization(deps, contextOf(request), request.body), { message: 'Organisation created' }),
  });

  declareRecordRoutes(route, deps, '/organization/:id', {
    module: 'organisation',
    noun: 'Organisation',
    data: ZOrganization,
    get: service.getOrganization,
    update: { body: ZOrganizationUpdate, run: service.updateOrganization },
    remove: service.deleteOrganization,
  });

  route.get('/organization/:id/settings', {
    access: access.permission('organisation'),
    params: ZIdParams,
    data: ZOrganizationSettings,
    handler: async (request) => ok(await service.getOrganizationSettings(deps, contextOf(request), request.params.id)),
  });

  route.put('/organization/:id/settings', {
    access: access.permission('organisation', 'editSettings'),
    params: ZIdParams,
    body: ZOrganizationSettingsUpdate,
    data: ZOrganizationSettings,
    handler: async (request) =>
      ok(await service.updateOrganizationSettings(deps, contextOf(request), request.params.id, request.body), {
        message: 'Settings saved',
      }),
  });
}
