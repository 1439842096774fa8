import { ZAuditEvent, ZAuditQuery } from '@tarang/shared/audit/audit.schemas';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { TDeps } from '../../app-deps';
import { declareRoutes } from '../../http/declare-routes';
import { contextOf, okPage } from '../../http/reply';
import { access } from '../../http/route-access';
import { getAuditTrail } from './audit.service';
import { startAuditSealer } from './audit-sealer';

export function auditRoutes(app: FastifyInstance, deps: TDeps) {
  startAuditSealer(app, deps);
  declareRoutes(app, { tags: ['audit'] }).get('/audit-trail', {
    access: access.permission('audit-trail'),
    summary: 'Audit events, newest first, with cursor pagination',
    querystring: ZAuditQuery,
    response: {
      200: z.object({
        success: z.literal(true),
        data: z.array(ZAuditEvent),
        meta: z.object({ limit: z.number(), nextCursor: z.string().nullable() }),
      }),
    },
    handler: async (request) => okPage(await getAuditTrail(deps.db, contextOf(request), request.query)),
  });
}
