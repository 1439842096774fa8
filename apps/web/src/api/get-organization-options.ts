import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TOrganization } from '@tarang/shared/organizations/organization.schemas';
import { api } from '@/lib/api-client';

/** At most this many organisations are offered in a select (the API's page limit). */
export const OPTIONS_LIMIT = 500;

/**
 * GET /organization?limit=500&sort=path: every organisation the caller sees, parents before their
 * children — for the selects and filters of the users, roles, organisation and SIM screens. One
 * cache key for all of them (same call, same data), so adding an organisation refreshes every list.
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
