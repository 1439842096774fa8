import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { TCheckpoint, TRequest, TRequestMessage } from './types';

/** PUT /request/{id}/cancel: only while nothing has reached an operator. */
export async function cancelRequest(id: string): Promise<{ request: TRequest; message?: string }> {
  const response = await api.put<TRequest>(`/request/${encodeURIComponent(id)}/cancel`, {});
  return { request: response.data, message: response.message };
}

/** PUT /request/{id}/close: once it has ended. */
export async function closeRequest({ id, note }: { id: string; note?: string }): Promise<{ request: TRequest; message?: string }> {
  const response = await api.put<TRequest>(`/request/${encodeURIComponent(id)}/close`, note ? { note } : {});
  return { request: response.data, message: response.message };
}

/** PUT /request/{id}/checkpoints: Checkpoint Modify (tick or clear a step). */
export async function updateCheckpoint(input: { id: string; step: string; done: boolean; note?: string }): Promise<TCheckpoint[]> {
  const { id, ...body } = input;
  const response = await api.put<TCheckpoint[]>(`/request/${encodeURIComponent(id)}/checkpoints`, body);
  return response.data;
}

/** POST /request/{id}/messages: Respond Request. */
export async function respondRequest({ id, body }: { id: string; body: string }): Promise<TRequestMessage[]> {
  const response = await api.post<TRequestMessage[]>(`/request/${encodeURIComponent(id)}/messages`, { body });
  return response.data;
}

function useRequestMutation<TIn, TOut>(fn: (input: TIn) => Promise<TOut>, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['requests', 'detail', id] }),
        queryClient.invalidateQueries({ queryKey: ['requests', 'checkpoints', id] }),
        queryClient.invalidateQueries({ queryKey: ['requests', 'messages', id] }),
        queryClient.invalidateQueries({ queryKey: ['requests', 'list'] }),
        queryClient.invalidateQueries({ queryKey: ['jobs'] }),
      ]);
    },
  });
}

export const useCancelRequest = (id: string) => useRequestMutation(cancelRequest, id);
export const useCloseRequest = (id: string) => useRequestMutation(closeRequest, id);
export const useUpdateCheckpoint = (id: string) => useRequestMutation(updateCheckpoint, id);
export const useRespondRequest = (id: string) => useRequestMutation(respondRequest, id);
