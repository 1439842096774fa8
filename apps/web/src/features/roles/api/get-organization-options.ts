import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TOrganization } from '@tarang/shared/organizations/organization.schemas';
import { api } from '@/lib/api-client';

/** At most this many organisations are offered in a select (the API's page limit). */
export const OPTIONS_LIMIT = 500;

/**
 * GET /organization?limit=500&sort=path: the organisations a role can belong to, parents before their
 * children. Same cache key as the organisation and user screens (same call, same data).
 */
export async function getOrganizationOptions(signal?: AbortSignal): Promise<TOrganization[]> {
  const response = await api.get<TOrganization[]>('/organization', { params: { limit: OPTIONS_LIMIT, sort: 'path' }, signal });
  return response.data;
}

export function organizationOptionsQueryOptions() {
  return queryOptions({
    queryKey: ['organizations', 'options'],
    queryFn: ({ signal }) => getOrganizationOptions(signal),
    staleTime: 60_000,
  });
}

export function useOrganizationOptions(enabled = true) {
  return useQuery({ ...organizationOptionsQueryOptions(), enabled });
}
