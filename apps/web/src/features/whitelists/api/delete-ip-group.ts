import { api } from '@/lib/api-client';
import { useResourceMutation } from '@/lib/resource';
import { ipGroupsResource } from './get-ip-groups';

/** DELETE /whitelist/ip-group/{id} (409 with the reason when SIMs use it). */
export async function deleteIpGroup(id: string): Promise<{ message?: string }> {
  const response = await api.delete<null>(ipGroupsResource.itemPath(id));
  return { message: response.message };
}

export const useDeleteIpGroup = () => useResourceMutation(ipGroupsResource, deleteIpGroup);
