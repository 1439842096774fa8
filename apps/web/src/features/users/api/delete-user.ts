import { api } from '@/lib/api-client';
import { useResourceMutation } from '@/lib/resource';
import { usersResource } from './get-users';

/** DELETE /users/{id}. */
export async function deleteUser(id: string): Promise<{ message?: string }> {
  const response = await api.delete<null>(usersResource.itemPath(id));
  return { message: response.message };
}

export const useDeleteUser = () => useResourceMutation(usersResource, deleteUser, { alsoStale: ['roles'] });
