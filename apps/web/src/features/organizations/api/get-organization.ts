import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TOrganization } from '@tarang/shared/organizations/organization.schemas';
import { api } from '@/lib/api-client';

/** GET /organization/{id}. */
export function getOrganization(id: string, signal?: AbortSignal): Promise<TOrganization> {
  return api.getById<TOrganization>(`/organization/${encodeURIComponent(id)}`, { signal });
}

export function organizationQueryOptions(id: string) {
  return queryOptions({ queryKey: ['organizations', 'detail', id], queryFn: ({ signal }) => getOrganization(id, signal) });
}

export function useOrganization(id: string) {
  return useQuery(organizationQueryOptions(id));
}
