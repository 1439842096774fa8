import type { TIpGroupCreate, TIpGroupSaved } from '@tarang/shared/whitelists/whitelist.schemas';
import { api } from '@/lib/api-client';
import { useResourceMutation } from '@/lib/resource';
import { ipGroupsResource } from './get-ip-groups';

/** POST /whitelist/ip-group: a new group, sent for approval; the message says how many duplicates were merged. */
export async function createIpGroup(input: TIpGroupCreate): Promise<TIpGroupSaved & { message?: string }> {
  const response = await api.post<TIpGroupSaved>(ipGroupsResource.path, input);
  return { ...response.data, message: response.message };
}

export const useCreateIpGroup = () => useResourceMutation(ipGroupsResource, createIpGroup, { saved: (r) => r.group });
