import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { isFinalStatus } from './get-requests';
import type { TRequest } from './types';

/** GET /request/{id}: one request with its counts. */
export async function getRequest(id: string, signal?: AbortSignal): Promise<TRequest> {
  return await api.getById<TRequest>(`/request/${encodeURIComponent(id)}`, { signal });
}

export function requestQueryOptions(id: string, live: boolean) {
  return queryOptions({
    queryKey: ['requests', 'detail', id],
    queryFn: ({ signal }) => getRequest(id, signal),
    // Without the job's progress endpoint (a role without Job), the request itself is read again while it runs.
    refetchInterval: (query) => (live && query.state.data && !isFinalStatus(query.state.data.status) ? 2000 : false),
  });
}

export function useRequest(id: string, { live, enabled = true }: { live: boolean; enabled?: boolean }) {
  return useQuery({ ...requestQueryOptions(id, live), enabled });
}
