import type { TUser, TUserUpdate } from '@tarang/shared/users/user.schemas';
import { api } from '@/lib/api-client';
import { useResourceMutation } from '@/lib/resource';
import { usersResource } from './get-users';

/** PUT /users/{id}. */
export async function updateUser({ id, data }: { id: string; data: TUserUpdate }): Promise<{ user: TUser; message?: string }> {
  const response = await api.put<TUser>(usersResource.itemPath(id), data);
  return { user: response.data, message: response.message };
}

/** A user may change role: the roles' holder counts change too. */
export const useUpdateUser = () => useResourceMutation(usersResource, updateUser, { saved: (r) => r.user, alsoStale: ['roles'] });
