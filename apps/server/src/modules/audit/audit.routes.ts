import { ZAuditEvent, ZAuditQuery, ZAuditVerifyRequest, ZAuditVerifyResult } from '@tarang/shared/audit/audit.schemas';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { TDeps } from '../../app-deps';
import { declareRoutes } from '../../http/declare-routes';
import { contextOf, ok, okPage } from '../../http/reply';
import { access } from '../../http/route-access';
import { getAuditTrail, verifyAuditTrail } from './audit.service';
import { startAuditSealer } from './audit-sealer';

export function auditRoutes(app: FastifyInstance, deps: TDeps) {
  startAuditSealer(app, deps);
  const route = declareRoutes(app, { tags: ['audit'] });
  route.get('/audit-trail', {
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
  route.post('/audit-trail/verify', {
    // The chain is the whole platform's, every organisation's events in one: staff only.
    access: access.permission('audit-trail', undefined, 'none', { staffOnly: true }),
    summary: 'Staff: recompute the audit hash chain over a range of events (by seq) and name the first broken one',
    body: ZAuditVerifyRequest,
    data: ZAuditVerifyResult,
    handler: async (request) => ok(await verifyAuditTrail(deps.db, contextOf(request), request.body)),
  });
}
