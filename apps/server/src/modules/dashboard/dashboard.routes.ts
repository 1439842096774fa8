import { ZDashboard, ZDashboardQuery, ZDashboardTrends, ZDashboardTrendsQuery } from '@tarang/shared/dashboard/dashboard.schemas';
import type { FastifyInstance } from 'fastify';
import type { TDeps } from '../../app-deps';
import { declareRoutes } from '../../http/declare-routes';
import { contextOf, ok } from '../../http/reply';
import { access } from '../../http/route-access';
import { getDashboard, getDashboardTrends } from './dashboard.service';

/** The dashboards (issue 18, docs/decisions/034-dashboard-aggregates.md). */
export function dashboardRoutes(app: FastifyInstance, deps: TDeps) {
  const route = declareRoutes(app, { tags: ['dashboard'] });

  route.get('/dashboard', {
    access: access.permission('dashboard'),
    summary:
      "The morning figures over the caller's reach, or one organisation's subtree: SIMs, activations, expiries, requests, MNO jobs, wallet",
    querystring: ZDashboardQuery,
    data: ZDashboard,
    handler: async (request) => ok(await getDashboard(deps, contextOf(request), request.query)),
  });

  route.get('/dashboardv2', {
    access: access.permission('dashboardv2'),
    summary: 'The figures, per India day over a date range, and per organisation one level below the selection',
    querystring: ZDashboardTrendsQuery,
    data: ZDashboardTrends,
    handler: async (request) => ok(await getDashboardTrends(deps, contextOf(request), request.query)),
  });
}
