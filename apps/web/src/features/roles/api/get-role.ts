import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TRole } from '@tarang/shared/roles/role.schemas';
import { api } from '@/lib/api-client';

/** GET /roles/{id}. */
export function getRole(id: string, signal?: AbortSignal): Promise<TRole> {
  return api.getById<TRole>(`/roles/${encodeURIComponent(id)}`, { signal });
}

export function roleQueryOptions(id: string) {
  return queryOptions({ queryKey: ['roles', 'detail', id], queryFn: ({ signal }) => getRole(id, signal) });
}

export function useRole(id: string) {
  return useQuery(roleQueryOptions(id));
}
