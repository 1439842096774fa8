import { count, desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TDeps } from '../../app-deps';
import { envelope } from '../../http/envelope';
import { ok } from '../../http/reply';
import { access } from '../../http/route-access';
import { outboxMessages } from './outbox.table';

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

/** Staff read held messages here when no mail or SMS transport is configured. */
export function outboxRoutes(app: FastifyInstance, deps: TDeps) {
  app.withTypeProvider<ZodTypeProvider>().get('/outbox', {
    config: { access: access.permission('user', 'sendMail', 'none', { staffOnly: true }) },
    schema: {
      tags: ['outbox'],
      summary: 'Messages the platform sent or holds (staff only)',
      querystring: z
        .object({ page: z.coerce.number().int().min(1).default(1), limit: z.coerce.number().int().min(1).max(200).default(50) })
        .strict(),
      response: { 200: envelope(z.array(ZOutboxMessage)) },
    },
    handler: async (request) => {
      const { page, limit } = request.query;
      const rows = await deps.db
        .select()
        .from(outboxMessages)
        .orderBy(desc(outboxMessages.createdAt))
        .limit(limit)
        .offset((page - 1) * limit);
      const [total] = await deps.db.select({ n: count() }).from(outboxMessages);
      return ok(
        rows.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })),
        { meta: { page, limit, total: total?.n ?? 0 } },
      );
    },
  });
}
