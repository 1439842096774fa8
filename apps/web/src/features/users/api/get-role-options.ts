import { useQuery } from '@tanstack/react-query';
import type { TRole } from '@tarang/shared/roles/role.schemas';
import { rolesResource } from '@/api/roles-resource';
import { api } from '@/lib/api-client';

/**
 * GET /roles?limit=500&sort=name: the roles a user can be given. The cache key is the role screens' resource (same
 * data), so a new role shows here at once.
 */
async function getRoleOptions(signal?: AbortSignal): Promise<TRole[]> {
  const response = await api.get<TRole[]>(rolesResource.path, { params: { limit: 500, sort: 'name' }, signal });
  return response.data;
}

export const useRoleOptions = (enabled = true) =>
  useQuery(rolesResource.readOptions(rolesResource.keys.of('options'), getRoleOptions, { staleTime: 60_000, enabled }));
