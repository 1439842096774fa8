import type { TIpGroup } from '@tarang/shared/whitelists/whitelist.schemas';
import { api } from '@/lib/api-client';
import { useResourceMutation } from '@/lib/resource';
import { ipGroupsResource } from './get-ip-groups';

/** PUT /whitelist/ip-group/{id}/status: ACTIVE ⇄ INACTIVE (an inactive group is not applied to more SIMs). */
export async function changeIpGroupStatus({
  id,
  status,
}: {
  id: string;
  status: TIpGroup['status'];
}): Promise<{ group: TIpGroup; message?: string }> {
  const response = await api.put<TIpGroup>(ipGroupsResource.itemPath(id, '/status'), { status });
  return { group: response.data, message: response.message };
}

export const useChangeIpGroupStatus = () => useResourceMutation(ipGroupsResource, changeIpGroupStatus, { saved: (r) => r.group });
