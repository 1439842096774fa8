import { organizationsResource } from '@/api/organizations-resource';
import { api } from '@/lib/api-client';
import { useResourceMutation } from '@/lib/resource';

/** DELETE /organization/{id}. */
export async function deleteOrganization(id: string): Promise<{ message?: string }> {
  const response = await api.delete<null>(organizationsResource.itemPath(id));
  return { message: response.message };
}

export const useDeleteOrganization = () => useResourceMutation(organizationsResource, deleteOrganization);
