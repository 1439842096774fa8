import type { TIpGroup } from '@tarang/shared/whitelists/whitelist.schemas';
import { api } from '@/lib/api-client';
import { useResourceMutation } from '@/lib/resource';
import { ipGroupsResource } from './get-ip-groups';

/** POST /whitelist/ip-group/{id}/approve (staff): the entries waiting for review become the group's entries. */
export async function approveIpGroup(id: string): Promise<{ group: TIpGroup; message?: string }> {
  const response = await api.post<TIpGroup>(ipGroupsResource.itemPath(id, '/approve'));
  return { group: response.data, message: response.message };
}

export const useApproveIpGroup = () => useResourceMutation(ipGroupsResource, approveIpGroup, { saved: (r) => r.group });
