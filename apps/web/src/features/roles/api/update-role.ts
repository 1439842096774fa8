import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TRole, TRoleUpdate } from '@tarang/shared/roles/role.schemas';
import { api } from '@/lib/api-client';

/** PUT /roles/{id}. */
export async function updateRole({ id, data }: { id: string; data: TRoleUpdate }): Promise<{ role: TRole; message?: string }> {
  const response = await api.put<TRole>(`/roles/${encodeURIComponent(id)}`, data);
  return { role: response.data, message: response.message };
}

export function useUpdateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRole,
    onSuccess: ({ role }) => {
      queryClient.setQueryData(['roles', 'detail', role.id], role);
      return queryClient.invalidateQueries({ queryKey: ['roles'] });
    },
  });
}
