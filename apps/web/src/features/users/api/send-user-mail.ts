import { api } from '@/lib/api-client';
import { useResourceMutation } from '@/lib/resource';
import { usersResource } from './get-users';

/** POST /users/{id}/send-mail: an invitation, or a set-password link for a user who has signed in before. */
export async function sendUserMail(id: string): Promise<{ message?: string }> {
  const response = await api.post<null>(usersResource.itemPath(id, '/send-mail'));
  return { message: response.message };
}

export const useSendUserMail = () => useResourceMutation(usersResource, sendUserMail);
