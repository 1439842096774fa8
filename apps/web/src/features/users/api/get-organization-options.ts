import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TOrganization } from '@tarang/shared/organizations/organization.schemas';
import { api } from '@/lib/api-client';

/** At most this many organisations are offered in a select (the API's page limit). */
export const OPTIONS_LIMIT = 500;

/**
 * GET /organization?limit=500&sort=path: the organisations a user can be placed in, parents before
 * their children. The cache key is shared with the organisation screens (same call, same data),
 * so adding an organisation there refreshes this list.
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
