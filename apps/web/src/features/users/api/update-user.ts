import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TUser, TUserUpdate } from '@tarang/shared/users/user.schemas';
import { api } from '@/lib/api-client';

/** PUT /users/{id}. */
export async function updateUser({ id, data }: { id: string; data: TUserUpdate }): Promise<{ user: TUser; message?: string }> {
  const response = await api.put<TUser>(`/users/${encodeURIComponent(id)}`, data);
  return { user: response.data, message: response.message };
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: ({ user }) => {
      queryClient.setQueryData(['users', 'detail', user.id], user);
      return queryClient.invalidateQueries({ queryKey: ['users', 'list'] });
    },
  });
}
