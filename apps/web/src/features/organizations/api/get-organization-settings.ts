import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TOrganizationSettings } from '@tarang/shared/organizations/organization.schemas';
import { api } from '@/lib/api-client';

/** GET /organization/{id}/settings. */
export function getOrganizationSettings(id: string, signal?: AbortSignal): Promise<TOrganizationSettings> {
  return api.getById<TOrganizationSettings>(`/organization/${encodeURIComponent(id)}/settings`, { signal });
}

export function organizationSettingsQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['organizations', 'settings', id],
    queryFn: ({ signal }) => getOrganizationSettings(id, signal),
  });
}

export function useOrganizationSettings(id: string) {
  return useQuery(organizationSettingsQueryOptions(id));
}
