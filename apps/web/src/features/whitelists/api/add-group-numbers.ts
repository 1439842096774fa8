import type { TNumbersAdded } from '@tarang/shared/whitelists/whitelist.schemas';
import { api } from '@/lib/api-client';
import { useResourceMutation } from '@/lib/resource';
import { numberGroupsResource } from './get-number-groups';

/** POST /whitelist/number-group/{id}/numbers: Add Number (any refused number is a 422 naming it, and nothing is added). */
export async function addGroupNumbers({ id, numbers }: { id: string; numbers: string[] }): Promise<TNumbersAdded & { message?: string }> {
  const response = await api.post<TNumbersAdded>(numberGroupsResource.itemPath(id, '/numbers'), { numbers });
  return { ...response.data, message: response.message };
}

export const useAddGroupNumbers = () => useResourceMutation(numberGroupsResource, addGroupNumbers, { saved: (r) => r.group });
