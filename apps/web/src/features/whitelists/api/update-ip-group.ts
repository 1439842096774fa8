import type { TIpGroupSaved, TIpGroupUpdate } from '@tarang/shared/whitelists/whitelist.schemas';
import { api } from '@/lib/api-client';
import { useResourceMutation } from '@/lib/resource';
import { ipGroupsResource } from './get-ip-groups';

/** PUT /whitelist/ip-group/{id}: a new name or description now; new entries go to review (the approved ones stay applied). */
export async function updateIpGroup({ id, data }: { id: string; data: TIpGroupUpdate }): Promise<TIpGroupSaved & { message?: string }> {
  const response = await api.put<TIpGroupSaved>(ipGroupsResource.itemPath(id), data);
  return { ...response.data, message: response.message };
}

export const useUpdateIpGroup = () => useResourceMutation(ipGroupsResource, updateIpGroup, { saved: (r) => r.group });
