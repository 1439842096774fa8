import { api } from '@/lib/api-client';
import { useResourceMutation } from '@/lib/resource';
import { requestsResource } from './get-requests';
import type { TCheckpoint, TRequest, TRequestMessage } from './types';

/** PUT /request/{id}/cancel: only while nothing has reached an operator. */
export async function cancelRequest(id: string): Promise<{ request: TRequest; message?: string }> {
  const response = await api.put<TRequest>(requestsResource.itemPath(id, '/cancel'), {});
  return { request: response.data, message: response.message };
}

/** PUT /request/{id}/close: once it has ended. */
export async function closeRequest({ id, note }: { id: string; note?: string }): Promise<{ request: TRequest; message?: string }> {
  const response = await api.put<TRequest>(requestsResource.itemPath(id, '/close'), note ? { note } : {});
  return { request: response.data, message: response.message };
}

/** PUT /request/{id}/checkpoints: Checkpoint Modify (tick or clear a step). */
export async function updateCheckpoint(input: { id: string; step: string; done: boolean; note?: string }): Promise<TCheckpoint[]> {
  const { id, ...body } = input;
  const response = await api.put<TCheckpoint[]>(requestsResource.itemPath(id, '/checkpoints'), body);
  return response.data;
}

/** POST /request/{id}/messages: Respond Request. */
export async function respondRequest({ id, body }: { id: string; body: string }): Promise<TRequestMessage[]> {
  const response = await api.post<TRequestMessage[]>(requestsResource.itemPath(id, '/messages'), { body });
  return response.data;
}

// An action on a request changes its batch job too.
export const useCancelRequest = () =>
  useResourceMutation(requestsResource, cancelRequest, { saved: (r) => r.request, alsoStale: ['jobs'] });
export const useCloseRequest = () => useResourceMutation(requestsResource, closeRequest, { saved: (r) => r.request, alsoStale: ['jobs'] });
export const useUpdateCheckpoint = () => useResourceMutation(requestsResource, updateCheckpoint, { alsoStale: ['jobs'] });
export const useRespondRequest = () => useResourceMutation(requestsResource, respondRequest, { alsoStale: ['jobs'] });
