import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { TDeps } from '../../app-deps';
import { declareRoutes } from '../../http/declare-routes';
import { contextOf, okPage } from '../../http/reply';
import { access } from '../../http/route-access';
import { getOutbox } from './outbox.service';

const ZOutboxMessage = z.object({
  id: z.string(),
  channel: z.enum(['EMAIL', 'SMS']),
  recipient: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  template: z.string(),
  status: z.string(),
  createdAt: z.string(),
});

/**
 * The Super Admin reads held messages here when no mail or SMS transport is configured. The permission is the
 * outbox module's, which only the built-in Super Admin role holds; each reader sees only the messages of users they
 * administer, and their own (docs/decisions/021-outbox.md).
 */
export function outboxRoutes(app: FastifyInstance, deps: TDeps) {
  declareRoutes(app, { tags: ['outbox'] }).get('/outbox', {
    access: access.permission('outbox', undefined, 'none', { staffOnly: true }),
    summary: 'Messages the platform sent or holds (the Super Admin only)',
    querystring: z
      .object({ page: z.coerce.number().int().min(1).default(1), limit: z.coerce.number().int().min(1).max(200).default(50) })
      .strict(),
    data: z.array(ZOutboxMessage),
    handler: async (request) => okPage(await getOutbox(deps, contextOf(request), request.query)),
  });
}
