import { useQuery } from '@tanstack/react-query';
import type { TOrganization } from '@tarang/shared/organizations/organization.schemas';
import { api } from '@/lib/api-client';
import { organizationsResource } from './organizations-resource';

/** At most this many organisations are offered in a select (the API's page limit). */
const OPTIONS_LIMIT = 500;

/**
 * GET /organization?limit=500&sort=path: every organisation the caller sees, parents before their
 * children — for the selects and filters of the users, roles, organisation and SIM screens. One
 * cache key for all of them (same call, same data), so adding an organisation refreshes every list.
 */
async function getOrganizationOptions(signal?: AbortSignal): Promise<TOrganization[]> {
  const response = await api.get<TOrganization[]>(organizationsResource.path, { params: { limit: OPTIONS_LIMIT, sort: 'path' }, signal });
  return response.data;
}

export const organizationOptionsQueryOptions = () =>
  organizationsResource.readOptions(organizationsResource.keys.of('options'), getOrganizationOptions, { staleTime: 60_000 });

export const useOrganizationOptions = (enabled = true) => useQuery({ ...organizationOptionsQueryOptions(), enabled });
