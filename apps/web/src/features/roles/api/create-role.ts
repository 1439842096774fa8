import type { TRole, TRoleCreate } from '@tarang/shared/roles/role.schemas';
import { rolesResource } from '@/api/roles-resource';
import { api } from '@/lib/api-client';
import { useResourceMutation } from '@/lib/resource';

/** POST /roles. */
export async function createRole(input: TRoleCreate): Promise<{ role: TRole; message?: string }> {
  const response = await api.post<TRole>(rolesResource.path, input);
  return { role: response.data, message: response.message };
}

export const useCreateRole = () => useResourceMutation(rolesResource, createRole);
