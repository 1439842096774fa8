import type { TIpGroup } from '@tarang/shared/whitelists/whitelist.schemas';
import { api } from '@/lib/api-client';
import { useResourceMutation } from '@/lib/resource';
import { ipGroupsResource } from './get-ip-groups';

/** POST /whitelist/ip-group/{id}/reject (staff): the entries waiting for review are refused, with the reason the customer sees. */
export async function rejectIpGroup({ id, reason }: { id: string; reason: string }): Promise<{ group: TIpGroup; message?: string }> {
  const response = await api.post<TIpGroup>(ipGroupsResource.itemPath(id, '/reject'), { reason });
  return { group: response.data, message: response.message };
}

export const useRejectIpGroup = () => useResourceMutation(ipGroupsResource, rejectIpGroup, { saved: (r) => r.group });
