import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TUser, TUserCreate } from '@tarang/shared/users/user.schemas';
import { api } from '@/lib/api-client';
import { sealInitialPassword } from './seal-password';

export type TCreateUserInput = Omit<TUserCreate, 'password'> & {
  /** The initial password in plain text; sealed before it leaves the browser. Without it the user is invited. */
  initialPassword?: string;
};

/** POST /users. */
export async function createUser({ initialPassword, ...input }: TCreateUserInput): Promise<{ user: TUser; message?: string }> {
  const password = initialPassword ? await sealInitialPassword(initialPassword) : undefined;
  const body: TUserCreate = { ...input, ...(password ? { password } : {}) };
  const response = await api.post<TUser>('/users', body);
  return { user: response.data, message: response.message };
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}
