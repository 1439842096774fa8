import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TUser } from '@tarang/shared/users/user.schemas';
import { api } from '@/lib/api-client';

/** GET /users/{id}. */
export function getUser(id: string, signal?: AbortSignal): Promise<TUser> {
  return api.getById<TUser>(`/users/${encodeURIComponent(id)}`, { signal });
}

export function userQueryOptions(id: string) {
  return queryOptions({ queryKey: ['users', 'detail', id], queryFn: ({ signal }) => getUser(id, signal) });
}

export function useUser(id: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...userQueryOptions(id), enabled: options.enabled ?? true });
}
