import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /users/{id}/send-mail: an invitation, or a set-password link for a user who has signed in before. */
export async function sendUserMail(id: string): Promise<{ message?: string }> {
  const response = await api.post<null>(`/users/${encodeURIComponent(id)}/send-mail`);
  return { message: response.message };
}

export function useSendUserMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendUserMail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users', 'list'] }),
  });
}
