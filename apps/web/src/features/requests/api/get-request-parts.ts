import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { TReadOptions } from '@/lib/resource';
import { requestsResource } from './get-requests';
import type { TCheckpoint, TInsights, TRequestMessage } from './types';

/** GET /request/{id}/{part}: a part of one request, under its own key. */
function partOptions<D>(id: string, part: string, options: TReadOptions<D>) {
  return requestsResource.readOptions(
    requestsResource.keys.of(part, id),
    async (signal) => (await api.get<D>(requestsResource.itemPath(id, `/${part}`), { signal })).data,
    options,
  );
}

/** GET /request/{id}/checkpoints: the workflow steps, with who and when. */
export const useCheckpoints = (id: string, refetchMs: number | false) =>
  useQuery(partOptions<TCheckpoint[]>(id, 'checkpoints', { refetch: refetchMs }));

/** GET /request/{id}/messages: the thread between staff and the customer. */
export const useMessages = (id: string) => useQuery(partOptions<TRequestMessage[]>(id, 'messages', { refetch: 15_000 }));

/** GET /request/{id}/insights: Request Automation Insights. */
export const useInsights = (id: string, enabled: boolean) => useQuery(partOptions<TInsights>(id, 'insights', { staleTime: 0, enabled }));
