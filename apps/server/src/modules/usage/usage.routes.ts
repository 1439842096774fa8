import { ZSimUsage, ZSimUsageQuery, ZUsageIngest, ZUsageIngestStart } from '@tarang/shared/sims/usage.schemas';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { TDeps } from '../../app-deps';
import { declareRoutes } from '../../http/declare-routes';
import { contextOf, ok } from '../../http/reply';
import { access } from '../../http/route-access';
import { getSimUsage, ingestDay } from './usage.service';
import { listIngests } from './usage-ingest';

const staffOnly = { staffOnly: true };

/** Usage per SIM per day (issue 16, docs/decisions/029-sim-usage.md): a SIM's days and allowance, and the daily ingest. */
export function usageRoutes(app: FastifyInstance, deps: TDeps) {
  const route = declareRoutes(app, { tags: ['sims'] });

  route.get('/sim/usage', {
    access: access.permission('sim-details'),
    summary: "A SIM's data and SMS per India day (30 days to yesterday unless told), and its use of its plan's allowance",
    querystring: ZSimUsageQuery,
    data: ZSimUsage,
    handler: async (request) => ok(await getSimUsage(deps, contextOf(request), request.query)),
  });

  route.get('/sim/usage/ingest', {
    access: access.permission('sim-diagnosis', 'refresh', 'none', staffOnly),
    summary: 'The latest days of the usage ingest: SIMs and profiles done, profiles skipped because their operator did not answer',
    data: z.array(ZUsageIngest),
    handler: async () => ok(await listIngests(deps.db)),
  });

  route.post('/sim/usage/ingest', {
    access: access.permission('sim-diagnosis', 'refresh', 'none', staffOnly),
    summary: "Ingest one day's usage from the operators now, again if it was (a day ingested twice counts once)",
    body: ZUsageIngestStart,
    message: 'Usage ingest started',
    status: 202,
    handler: async (request) => {
      await ingestDay(deps, request.body.day);
    },
  });
}
