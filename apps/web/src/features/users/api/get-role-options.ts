import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TRole } from '@tarang/shared/roles/role.schemas';
import { api } from '@/lib/api-client';

/**
 * GET /roles?limit=500&sort=name: the roles a user can be given. The cache key is shared with the
 * role screens (same call, same data), so a new role shows here at once.
 */
export async function getRoleOptions(signal?: AbortSignal): Promise<TRole[]> {
  const response = await api.get<TRole[]>('/roles', { params: { limit: 500, sort: 'name' }, signal });
  return response.data;
}

export function roleOptionsQueryOptions() {
  return queryOptions({ queryKey: ['roles', 'options'], queryFn: ({ signal }) => getRoleOptions(signal), staleTime: 60_000 });
}

export function useRoleOptions(enabled = true) {
  return useQuery({ ...roleOptionsQueryOptions(), enabled });
}
