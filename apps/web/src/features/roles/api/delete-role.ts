import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** DELETE /roles/{id}. */
export async function deleteRole(id: string): Promise<{ message?: string }> {
  const response = await api.delete<null>(`/roles/${encodeURIComponent(id)}`);
  return { message: response.message };
}

export function useDeleteRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['roles'] }),
  });
}
