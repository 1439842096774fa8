import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { TCheckpoint, TInsights, TRequestMessage } from './types';

const path = (id: string, part: string) => `/request/${encodeURIComponent(id)}/${part}`;

/** GET /request/{id}/checkpoints: the workflow steps, with who and when. */
export async function getCheckpoints(id: string, signal?: AbortSignal): Promise<TCheckpoint[]> {
  return (await api.get<TCheckpoint[]>(path(id, 'checkpoints'), { signal })).data;
}

export function useCheckpoints(id: string, refetchMs: number | false) {
  return useQuery(
    queryOptions({
      queryKey: ['requests', 'checkpoints', id],
      queryFn: ({ signal }) => getCheckpoints(id, signal),
      refetchInterval: refetchMs,
    }),
  );
}

/** GET /request/{id}/messages: the thread between staff and the customer. */
export async function getMessages(id: string, signal?: AbortSignal): Promise<TRequestMessage[]> {
  return (await api.get<TRequestMessage[]>(path(id, 'messages'), { signal })).data;
}

export function useMessages(id: string) {
  return useQuery(
    queryOptions({ queryKey: ['requests', 'messages', id], queryFn: ({ signal }) => getMessages(id, signal), refetchInterval: 15_000 }),
  );
}

/** GET /request/{id}/insights: Request Automation Insights. */
export async function getInsights(id: string, signal?: AbortSignal): Promise<TInsights> {
  return (await api.get<TInsights>(path(id, 'insights'), { signal })).data;
}

export function useInsights(id: string, enabled: boolean) {
  return useQuery(
    queryOptions({ queryKey: ['requests', 'insights', id], queryFn: ({ signal }) => getInsights(id, signal), staleTime: 0, enabled }),
  );
}
