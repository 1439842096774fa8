import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { TDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';
import { declareRoutes } from '../../http/declare-routes';
import { ok } from '../../http/reply';
import { access } from '../../http/route-access';

export function healthRoutes(app: FastifyInstance, deps: TDeps) {
  declareRoutes(app, { tags: ['health'] }).get('/health', {
    access: access.public(),
    summary: 'Answers once the database answers',
    data: z.object({ status: z.literal('ok') }),
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
