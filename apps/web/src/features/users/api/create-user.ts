import type { TUserCreate } from '@tarang/shared/users/user.schemas';
import { api } from '@/lib/api-client';
import { useResourceMutation } from '@/lib/resource';
import { sealPasswords } from '@/lib/seal-passwords';
import { usersResource } from './get-users';

export type TCreateUserInput = Omit<TUserCreate, 'password'> & {
  /** The initial password in plain text; sealed before it leaves the browser. Without it the user is invited. */
  initialPassword?: string;
};

/**
 * POST /users. The answer names no user (an address already held elsewhere is answered the same, and its owner is
 * told): the list shows the new user.
 */
export async function createUser({ initialPassword, ...input }: TCreateUserInput): Promise<{ message?: string }> {
  const [password] = initialPassword ? await sealPasswords([initialPassword]) : [];
  const body: TUserCreate = { ...input, ...(password ? { password } : {}) };
  const response = await api.post<unknown>(usersResource.path, body);
  return { message: response.message };
}

/** A new user holds a role: the roles' holder counts change too. */
export const useCreateUser = () => useResourceMutation(usersResource, createUser, { alsoStale: ['roles'] });
