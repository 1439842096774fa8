import { api } from '@/lib/api-client';
import { useResourceMutation } from '@/lib/resource';
import { numberGroupsResource } from './get-number-groups';

/** DELETE /whitelist/number-group/{id}. */
export async function deleteNumberGroup(id: string): Promise<{ message?: string }> {
  const response = await api.delete<null>(numberGroupsResource.itemPath(id));
  return { message: response.message };
}

export const useDeleteNumberGroup = () => useResourceMutation(numberGroupsResource, deleteNumberGroup);
