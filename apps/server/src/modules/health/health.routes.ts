import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';
import { envelope } from '../../http/envelope';
import { ok } from '../../http/reply';
import { access } from '../../http/route-access';

export function healthRoutes(app: FastifyInstance, deps: TDeps) {
  app.withTypeProvider<ZodTypeProvider>().get('/health', {
    config: { access: access.public() },
    schema: {
      tags: ['health'],
      summary: 'Answers once the database answers',
      response: { 200: envelope(z.object({ status: z.literal('ok') })) },
    },
    handler: async () => {
      try {
        await deps.db.execute(sql`SELECT 1`);
      } catch {
        throw new AppError('INTERNAL', 'The database is not answering');
      }
      return ok({ status: 'ok' as const });
    },
  });
}
