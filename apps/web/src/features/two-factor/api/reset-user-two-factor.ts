import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /users/{id}/reset-two-factor: clears another user's two-factor sign-in and ends their sessions. */
export async function resetUserTwoFactor(id: string): Promise<{ message?: string }> {
  const response = await api.post<null>(`/users/${encodeURIComponent(id)}/reset-two-factor`);
  return { message: response.message };
}

export function useResetUserTwoFactor() {
  return useMutation({ mutationFn: resetUserTwoFactor });
}
