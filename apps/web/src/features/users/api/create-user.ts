import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TUserCreate } from '@tarang/shared/users/user.schemas';
import { api } from '@/lib/api-client';
import { sealInitialPassword } from './seal-password';

export type TCreateUserInput = Omit<TUserCreate, 'password'> & {
  /** The initial password in plain text; sealed before it leaves the browser. Without it the user is invited. */
  initialPassword?: string;
};

/**
 * POST /users. The answer names no user (an address already held elsewhere is answered the same, and its owner is
 * told): the list shows the new user.
 */
export async function createUser({ initialPassword, ...input }: TCreateUserInput): Promise<{ message?: string }> {
  const password = initialPassword ? await sealInitialPassword(initialPassword) : undefined;
  const body: TUserCreate = { ...input, ...(password ? { password } : {}) };
  const response = await api.post<unknown>('/users', body);
  return { message: response.message };
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}
