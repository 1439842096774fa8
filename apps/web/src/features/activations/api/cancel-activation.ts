import type { TActivation } from '@tarang/shared/activations/activation.schemas';
import { api } from '@/lib/api-client';
import { useResourceMutation } from '@/lib/resource';
import { ACTIVATION_STALE, activationsResource } from './get-activations';

/** PUT /activation/{id}/cancel: until a SIM reaches an operator; everything still held is released. */
export async function cancelActivation(id: string): Promise<{ activation: TActivation; message?: string }> {
  const response = await api.put<TActivation>(activationsResource.itemPath(id, '/cancel'), {});
  return { activation: response.data, message: response.message };
}

export const useCancelActivation = () =>
  useResourceMutation(activationsResource, cancelActivation, { saved: (r) => r.activation, alsoStale: ACTIVATION_STALE });
