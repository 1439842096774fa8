import type { TNumberGroup, TNumberGroupCreate } from '@tarang/shared/whitelists/whitelist.schemas';
import { api } from '@/lib/api-client';
import { useResourceMutation } from '@/lib/resource';
import { numberGroupsResource } from './get-number-groups';

/** POST /whitelist/number-group: a new group, with its first numbers (any refused one is a 422 and nothing is saved). */
export async function createNumberGroup(input: TNumberGroupCreate): Promise<{ group: TNumberGroup; message?: string }> {
  const response = await api.post<TNumberGroup>(numberGroupsResource.path, input);
  return { group: response.data, message: response.message };
}

export const useCreateNumberGroup = () => useResourceMutation(numberGroupsResource, createNumberGroup, { saved: (r) => r.group });
