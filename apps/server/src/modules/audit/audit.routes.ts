import { ZAuditEvent, ZAuditQuery } from '@tarang/shared/audit/audit.schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TDeps } from '../../app-deps';
import { contextOf } from '../../http/reply';
import { access } from '../../http/route-access';
import { getAuditTrail } from './audit.service';

export function auditRoutes(app: FastifyInstance, deps: TDeps) {
  app.withTypeProvider<ZodTypeProvider>().get('/audit-trail', {
    config: { access: access.permission('audit-trail') },
    schema: {
      tags: ['audit'],
      summary: 'Audit events, newest first, with cursor pagination',
      querystring: ZAuditQuery,
      response: {
        200: z.object({
          success: z.literal(true),
          data: z.array(ZAuditEvent),
          meta: z.object({ limit: z.number(), nextCursor: z.string().nullable() }),
        }),
      },
    },
    handler: async (request) => {
      const { data, nextCursor } = await getAuditTrail(deps.db, contextOf(request), request.query);
      return { success: true as const, data, meta: { limit: request.query.limit, nextCursor } };
    },
  });
}
