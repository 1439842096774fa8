import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TRole, TRoleCreate } from '@tarang/shared/roles/role.schemas';
import { api } from '@/lib/api-client';

/** POST /roles. */
export async function createRole(input: TRoleCreate): Promise<{ role: TRole; message?: string }> {
  const response = await api.post<TRole>('/roles', input);
  return { role: response.data, message: response.message };
}

export function useCreateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['roles'] }),
  });
}
