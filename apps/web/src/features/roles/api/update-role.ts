import type { TRole, TRoleUpdate } from '@tarang/shared/roles/role.schemas';
import { rolesResource } from '@/api/roles-resource';
import { api } from '@/lib/api-client';
import { useResourceMutation } from '@/lib/resource';

/** PUT /roles/{id}. */
export async function updateRole({ id, data }: { id: string; data: TRoleUpdate }): Promise<{ role: TRole; message?: string }> {
  const response = await api.put<TRole>(rolesResource.itemPath(id), data);
  return { role: response.data, message: response.message };
}

export const useUpdateRole = () => useResourceMutation(rolesResource, updateRole, { saved: (r) => r.role });
