import { useQuery } from '@tanstack/react-query';
import type { TDashboard, TDashboardTrends } from '@tarang/shared/dashboard/dashboard.schemas';
import { api } from '@/lib/api-client';
import { defineResource } from '@/lib/resource';

/** The dashboards' figures (read only: the server keeps them from its maintained aggregates). */
export const dashboardResource = defineResource<TDashboard>('dashboard', '/dashboard');

/** GET /dashboard: the tiles over the caller's reach, or one organisation's subtree. */
export async function getDashboard(organizationId: string | null, signal?: AbortSignal): Promise<TDashboard> {
  return (await api.get<TDashboard>('/dashboard', { params: { organizationId: organizationId ?? undefined }, signal })).data;
}

/** GET /dashboardv2: the tiles, the figures per day of a range and the drill-down. */
export async function getDashboardTrends(
  q: { organizationId: string | null; from: string; to: string },
  signal?: AbortSignal,
): Promise<TDashboardTrends> {
  return (
    await api.get<TDashboardTrends>('/dashboardv2', {
      params: { organizationId: q.organizationId ?? undefined, from: q.from, to: q.to },
      signal,
    })
  ).data;
}

/** Figures move all day: a read stays fresh for half a minute. */
export const useDashboard = (organizationId: string | null) =>
  useQuery(
    dashboardResource.readOptions(dashboardResource.keys.of('tiles', organizationId), (signal) => getDashboard(organizationId, signal), {
      staleTime: 30_000,
    }),
  );

export const useDashboardTrends = (q: { organizationId: string | null; from: string; to: string }) =>
  useQuery(
    dashboardResource.readOptions(
      dashboardResource.keys.of('trends', q.organizationId, q.from, q.to),
      (signal) => getDashboardTrends(q, signal),
      {
        staleTime: 30_000,
        keepPrevious: true,
      },
    ),
  );
