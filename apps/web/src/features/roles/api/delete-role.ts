import { rolesResource } from '@/api/roles-resource';
import { api } from '@/lib/api-client';
import { useResourceMutation } from '@/lib/resource';

/** DELETE /roles/{id}. */
export async function deleteRole(id: string): Promise<{ message?: string }> {
  const response = await api.delete<null>(rolesResource.itemPath(id));
  return { message: response.message };
}

export const useDeleteRole = () => useResourceMutation(rolesResource, deleteRole);
