import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** DELETE /users/{id}. */
export async function deleteUser(id: string): Promise<{ message?: string }> {
  const response = await api.delete<null>(`/users/${encodeURIComponent(id)}`);
  return { message: response.message };
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}
