import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** DELETE /organization/{id}. */
export async function deleteOrganization(id: string): Promise<{ message?: string }> {
  const response = await api.delete<null>(`/organization/${encodeURIComponent(id)}`);
  return { message: response.message };
}

export function useDeleteOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOrganization,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['organizations'] }),
  });
}
